import { z } from './zod';
import { calendarDate } from './date-schemas';
import { toLatinDigits } from './digits';
import { hotelToday } from './dates';
import {
  type DocumentType,
  dateOfBirthSchema,
  documentNumberSchema,
  documentTypeSchema,
  guestDocumentSchema,
  nationalitySchema,
} from './guest-profile-schemas';
import { NATIONALITY_GROUP_OF } from './nationality-groups';
import type { RegionCode } from './region-codes';

/**
 * What the hotel owes the authorities (docs/decisions/093): each stay's police registration and
 * its state, and the monthly tourism return by nationality group. The requests the worker
 * validates and the answers the web reads.
 */

/**
 * A registration's state: `due` (checked in, not reported), `incomplete` (due or corrected, and a
 * field the police need is missing), `sent`, `failed` (with the reason), `corrected` (changed
 * after it was sent: due again).
 */
export const REGISTRATION_STATES = ['due', 'incomplete', 'sent', 'failed', 'corrected'] as const;
export type RegistrationState = (typeof REGISTRATION_STATES)[number];

/** The fields the police need, named when missing. */
export const REGISTRATION_FIELDS = ['nationality', 'documentType', 'documentNumber', 'dateOfBirth'] as const;
export type RegistrationField = (typeof REGISTRATION_FIELDS)[number];

/**
 * What the registration names as missing: the lead guest's fields; `adults` when fewer adults are
 * recorded (the lead guest and the companions) than the stay's adults; a companion's field as
 * `companions.<n>.<field>` (n from 1, in the order of `companions`).
 */
export type RegistrationMissing = RegistrationField | 'adults' | `companions.${number}.${RegistrationField}`;

/** A stay's companions at most (an adult besides the lead guest). */
export const COMPANIONS_MAX = 11;
export const COMPANION_NAME_MAX = 100;

/** One of the other adults of a stay, as the desk records them (null: not known yet). */
export const companionSchema = z
  .object({
    id: z
      .number({ error: 'invalid_id' })
      .int('invalid_id')
      .positive('invalid_id')
      .max(1e15, 'invalid_id')
      .optional(),
    fullName: z
      .string({ error: 'companion_name_required' })
      .trim()
      .min(1, 'companion_name_required')
      .max(COMPANION_NAME_MAX, 'companion_name_required'),
    nationality: nationalitySchema.nullable(),
    dateOfBirth: dateOfBirthSchema().nullable(),
    documentType: documentTypeSchema.nullable(),
    documentNumber: documentNumberSchema.nullable(),
  })
  .strict();
export type CompanionInput = z.infer<typeof companionSchema>;

/**
 * `PUT /api/admin/registrations/:bookingId/companions` `{ companions }`: the stay's companions as
 * they should be (those with an `id` kept and changed, those without added, the others removed).
 */
export const companionsPutSchema = z
  .object({ companions: z.array(companionSchema).max(COMPANIONS_MAX, 'companions_too_many') })
  .strict();

export type StayCompanion = {
  id: number;
  fullName: string;
  nationality: string | null;
  dateOfBirth: string | null;
  documentType: DocumentType | null;
  documentNumber: string | null;
  missing: RegistrationField[];
};

/** Registrations one "mark as sent" or "failed" takes at most. */
export const REGISTRATION_BATCH_MAX = 200;
export const REGISTRATION_REASON_MAX = 300;

/** `GET /api/admin/registrations?date=&state=` and `.../export?date=`. */
export const registrationListQuerySchema = z.object({
  date: calendarDate(),
  state: z.enum(REGISTRATION_STATES, { error: 'registration_state_invalid' }).optional(),
  format: z.enum(['json', 'csv'], { error: 'invalid_format' }).optional(),
});
export const registrationExportQuerySchema = z.object({ date: calendarDate() });

const ids = z
  .array(z.number({ error: 'invalid_id' }).int('invalid_id').positive('invalid_id').max(1e15, 'invalid_id'), {
    error: 'registration_ids_required',
  })
  .min(1, 'registration_ids_required')
  .max(REGISTRATION_BATCH_MAX, 'registration_ids_required');

/** `POST /api/admin/registrations/sent` `{ ids }` (booking ids). */
export const registrationSentSchema = z.object({ ids }).strict();

/** `POST /api/admin/registrations/failed` `{ ids, reason }`. */
export const registrationFailedSchema = z
  .object({
    ids,
    reason: z
      .string({ error: 'registration_reason_required' })
      .trim()
      .min(1, 'registration_reason_required')
      .max(REGISTRATION_REASON_MAX, 'registration_reason_required'),
  })
  .strict();

/**
 * `POST /api/admin/registrations/:bookingId/correction`: what the police refused, corrected: the
 * lead guest's registration details (each optional, null clears it: `guest`) and the stay's other
 * adults as they should be (`companions`, as the PUT of the companions takes them).
 */
export const registrationCorrectionSchema = z
  .object({
    guest: guestDocumentSchema.optional(),
    companions: z.array(companionSchema).max(COMPANIONS_MAX, 'companions_too_many').optional(),
  })
  .strict();
export type RegistrationCorrection = z.infer<typeof registrationCorrectionSchema>;

/** One stay's registration, as `GET /api/admin/registrations` answers it. */
export type StayRegistration = {
  bookingId: number;
  reference: string;
  profileId: number | null;
  fullName: string;
  nationality: string | null;
  dateOfBirth: string | null;
  documentType: DocumentType | null;
  documentNumber: string | null;
  documentExpiry: string | null;
  roomNumber: string | null;
  numberOfGuests: number;
  /** The stay's adults (its guests when it records no children): the police want each. */
  adults: number;
  arrival: string;
  departure: string;
  checkedInAt: string | null;
  /** The hotel day it became due (its check-in, or the change after it was sent). */
  dueDate: string;
  state: RegistrationState;
  missing: RegistrationMissing[];
  /** The other adults recorded (the lead guest is the stay's own fields above). */
  companions: StayCompanion[];
  sentAt: string | null;
  sentBy: string | null;
  failedReason: string | null;
};

/**
 * The fields the police need that `r` lacks: a nationality that is an ISO country, the document's
 * type and number, the date of birth.
 */
export function missingRegistrationFields(r: {
  nationality: string | null;
  dateOfBirth: string | null;
  documentType: string | null;
  documentNumber: string | null;
}): RegistrationField[] {
  const missing: RegistrationField[] = [];
  if (!r.nationality || !(r.nationality in NATIONALITY_GROUP_OF)) missing.push('nationality');
  if (!r.documentType) missing.push('documentType');
  if (!r.documentNumber?.trim()) missing.push('documentNumber');
  if (!r.dateOfBirth) missing.push('dateOfBirth');
  return missing;
}

/**
 * What a stay's registration misses: the lead guest's fields, `adults` when fewer adults are
 * recorded than `adults`, each companion's missing fields.
 */
export function missingStayFields(
  lead: Parameters<typeof missingRegistrationFields>[0],
  adults: number,
  companions: readonly Pick<StayCompanion, 'missing'>[],
): RegistrationMissing[] {
  const missing: RegistrationMissing[] = [...missingRegistrationFields(lead)];
  if (1 + companions.length < adults) missing.push('adults');
  companions.forEach((c, i) => {
    for (const f of c.missing) missing.push(`companions.${i + 1}.${f}`);
  });
  return missing;
}

// The monthly tourism return

/** The nationality groups of the National Centre for Statistics and Information, in its order. */
export const NATIONALITY_GROUPS = [
  'omani',
  'gcc',
  'other_arab',
  'asian',
  'european',
  'american',
  'african',
  'oceanian',
] as const;
export type NationalityGroup = (typeof NATIONALITY_GROUPS)[number];

/** The group of an ISO 3166-1 alpha-2 code, or null for none (unknown). */
export function nationalityGroup(code: string | null | undefined): NationalityGroup | null {
  if (!code) return null;
  return (NATIONALITY_GROUP_OF as Record<string, NationalityGroup | undefined>)[code] ?? null;
}
export type { RegionCode };

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
/** The first month a return is asked for; the last is December of next year (hotel time). */
export const TOURISM_RETURN_FIRST_MONTH = '2000-01';
export const tourismReturnLastMonth = (today = hotelToday()) => `${Number(today.slice(0, 4)) + 1}-12`;

/** `GET /api/admin/reports/tourism-return?month=YYYY-MM[&format=csv]`. */
export const tourismReturnQuerySchema = z.object({
  month: z.preprocess(
    (v) => (typeof v === 'string' ? toLatinDigits(v).trim() : v),
    z
      .string({ error: 'tax_report_month_invalid' })
      .regex(MONTH, 'tax_report_month_invalid')
      // A month no hotel reports (0000-01, 1900-01, 9999-12) is a typing slip, not an empty return.
      .refine(
        (m) => !MONTH.test(m) || (m >= TOURISM_RETURN_FIRST_MONTH && m <= tourismReturnLastMonth()),
        'tourism_return_month_out_of_range',
      ),
  ),
  format: z.enum(['json', 'csv'], { error: 'invalid_format' }).optional(),
});

export type TourismLine = { arrivals: number; guestNights: number };

/** The monthly tourism return, read from the stored books of the month's closed days. */
export type TourismReturn = {
  month: string;
  /** Days of the month, and of those the closed ones (the return counts those only). */
  days: number;
  closedDays: number;
  /** Every day of the month is closed: the return will not change. */
  complete: boolean;
  roomsAvailable: number;
  roomsSold: number;
  /** roomsSold / roomsAvailable (0..1), null when no room was for sale. */
  occupancy: number | null;
  /** Net room revenue (the closes' room department, without taxes). */
  roomRevenueBaisa: number;
  guestNights: number;
  arrivals: number;
  groups: ({ group: NationalityGroup } & TourismLine)[];
  /** Guests whose nationality is not known: their own line. */
  unknown: TourismLine;
  omani: TourismLine;
  nonOmani: TourismLine;
  /** By the stay's market segment, where it is recorded ('' when not). */
  purposes: ({ purpose: string } & TourismLine)[];
  /** The stays counted without a nationality, for the desk to complete. */
  unknownNationality: {
    bookingId: number;
    reference: string;
    fullName: string;
    profileId: number | null;
    arrival: string;
    guestNights: number;
  }[];
};
