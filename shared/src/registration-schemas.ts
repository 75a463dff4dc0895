import { z } from './zod';
import { calendarDate } from './date-schemas';
import { toLatinDigits } from './digits';
import type { DocumentType } from './guest-profile-schemas';
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
  adults: number;
  arrival: string;
  departure: string;
  checkedInAt: string | null;
  /** The hotel day it became due (its check-in, or the change after it was sent). */
  dueDate: string;
  state: RegistrationState;
  missing: RegistrationField[];
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

/** `GET /api/admin/reports/tourism-return?month=YYYY-MM[&format=csv]`. */
export const tourismReturnQuerySchema = z.object({
  month: z.preprocess(
    (v) => (typeof v === 'string' ? toLatinDigits(v).trim() : v),
    z.string({ error: 'tax_report_month_invalid' }).regex(MONTH, 'tax_report_month_invalid'),
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
