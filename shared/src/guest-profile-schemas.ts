import { z } from './zod';
import { calendarDate, ISO_DATE_PATTERN } from './date-schemas';
import { toLatinDigits } from './digits';
import { REGION_CODES } from './region-codes';

/**
 * Guest profiles and the registration list (worker/src/modules/guests): request bodies the
 * worker validates and the forms check as typed, and the search keys. Messages are codes.
 */
export const GUEST_PROFILE_RULES = {
  documentNumberMax: 30,
  preferencesMax: 500,
  notesMax: 1000,
  /** The shortest search (a name's first letters, a phone's first digits). */
  searchMin: 2,
  searchMax: 100,
  /** Profiles a search answers at most. */
  searchLimit: 20,
  /** Stays a profile lists (newest first). */
  staysLimit: 50,
  /** Registration data kept this many days after a guest's last departure unless configured. */
  registrationRetentionDaysDefault: 365,
  /** The oldest a date of birth may be (years). */
  oldestAgeYears: 120,
} as const;

export const DOCUMENT_TYPES = ['passport', 'national_id', 'resident_card'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

const regionCodes: ReadonlySet<string> = new Set(REGION_CODES);

/**
 * The search key of a name, as the database computes it (migrations/0050_guest_profiles.sql):
 * Latin letters lower-cased, the alef forms (أ إ آ ٱ) as ا, ة as ه, ى as ي, outer spaces gone.
 * SQLite's lower() folds only A-Z, so the code folds only those too.
 */
export function nameKey(value: string): string {
  return value
    .trim()
    .replace(/[A-Z]/g, (c) => c.toLowerCase())
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ة/g, 'ه')
    .replace(/ى/g, 'ي');
}

/** An e-mail address's search key: lower-cased (A-Z), outer spaces gone. */
export function emailKey(value: string): string {
  return value.trim().replace(/[A-Z]/g, (c) => c.toLowerCase());
}

/** A document number's search key: Latin digits, upper-case, no spaces, dashes or slashes. */
export function documentKey(value: string): string {
  return toLatinDigits(value)
    .replace(/[\s\-/.]/g, '')
    .toUpperCase();
}

/** A nationality: an ISO 3166-1 alpha-2 code CLDR knows (upper-cased); null clears it. */
export const nationalitySchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
  z.string({ error: 'nationality_invalid' }).refine((v) => regionCodes.has(v), 'nationality_invalid'),
);

/** A date of birth: a real calendar date, not in the future, not more than 120 years ago. */
export function dateOfBirthSchema(today: () => string = () => new Date().toISOString().slice(0, 10)) {
  return z.preprocess(
    (v) => (typeof v === 'string' ? toLatinDigits(v).trim() : v),
    z
      .string({ error: 'date_of_birth_invalid' })
      .regex(ISO_DATE_PATTERN, 'date_of_birth_invalid')
      .refine((v) => {
        const [y, m, d] = v.split('-').map(Number) as [number, number, number];
        const date = new Date(Date.UTC(y, m - 1, d));
        if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d)
          return false;
        const now = today();
        const oldest = `${Number(now.slice(0, 4)) - GUEST_PROFILE_RULES.oldestAgeYears}${now.slice(4)}`;
        return v <= now && v >= oldest;
      }, 'date_of_birth_invalid'),
  );
}

export const documentTypeSchema = z.enum(DOCUMENT_TYPES, { error: 'document_type_invalid' });

/** A document number as printed: letters and digits (Arabic-Indic digits accepted), spaces and dashes. */
export const documentNumberSchema = z.preprocess(
  (v) => (typeof v === 'string' ? toLatinDigits(v).trim() : v),
  z
    .string({ error: 'document_number_invalid' })
    .min(3, 'document_number_invalid')
    .max(GUEST_PROFILE_RULES.documentNumberMax, 'document_number_invalid')
    .regex(/^[A-Za-z0-9][A-Za-z0-9 \-/]*$/, 'document_number_invalid'),
);

const profileText = (max: number, multiline = false) =>
  (multiline
    ? z.multilineString({ error: 'profile_text_too_long' })
    : z.string({ error: 'profile_text_too_long' })
  )
    .trim()
    .max(max, 'profile_text_too_long');

/**
 * What a guest may say about themselves (online check-in, their account's profile): each field
 * optional, null clears it.
 */
export const guestDocumentSchema = z
  .object({
    nationality: nationalitySchema.nullable(),
    dateOfBirth: dateOfBirthSchema().nullable(),
    documentType: documentTypeSchema.nullable(),
    documentNumber: documentNumberSchema.nullable(),
    documentExpiry: calendarDate('document_expiry_invalid').nullable(),
  })
  .partial()
  .strict();
export type GuestDocument = z.infer<typeof guestDocumentSchema>;

/** Staff's change of a profile (`PATCH /api/admin/guests/:id`): at least one field. */
export const guestProfilePatchSchema = guestDocumentSchema
  .extend({
    preferences: profileText(GUEST_PROFILE_RULES.preferencesMax, true).nullable(),
    notes: profileText(GUEST_PROFILE_RULES.notesMax, true).nullable(),
    vip: z.boolean({ error: 'boolean_required' }),
    doNotRent: z.boolean({ error: 'boolean_required' }),
  })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'no_change' });
export type GuestProfilePatch = z.infer<typeof guestProfilePatchSchema>;

/** `GET /api/admin/guests?q=`: 2 to 100 characters (Arabic-Indic digits read as Latin). */
export const guestSearchQuerySchema = z.object({
  q: z
    .string({ error: 'guest_search_too_short' })
    .transform((v) => toLatinDigits(v).trim())
    .pipe(
      z
        .string()
        .min(GUEST_PROFILE_RULES.searchMin, 'guest_search_too_short')
        .max(GUEST_PROFILE_RULES.searchMax, 'guest_search_too_short'),
    ),
});

/** `POST /api/admin/guests/:id/merge`: the profile merged into this one (and then gone). */
export const guestMergeSchema = z
  .object({
    otherId: z
      .number({ error: 'invalid_id' })
      .int('invalid_id')
      .positive('invalid_id')
      .max(1e15, 'invalid_id'),
  })
  .strict();
