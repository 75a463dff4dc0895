import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ZodType } from 'zod';
import { AUTH_RULES, MAX_GUESTS, MAX_STAY_NIGHTS, MIN_GUESTS } from '@shared/constants';
import { formatCount } from './format';

/**
 * The shared zod schemas (shared/src/auth-schemas.ts, booking-schemas.ts)
 * answer with codes; this is where each code becomes a sentence in the active
 * language, for the account, staff and booking forms alike. The worker says
 * the same things (worker/src/lib/messages.ts).
 */
const FIELD_MESSAGES: Record<string, MessageDescriptor> = {
  full_name_min: msg({ message: 'Name must be at least {min} characters' }),
  full_name_max: msg({ message: 'Name is too long ({max} characters at most)' }),
  email_required: msg`E-mail is required`,
  email_invalid: msg`Invalid email address`,
  password_min: msg({ message: 'Password must be at least {min} characters' }),
  password_min_staff: msg({ message: 'Staff passwords must be at least {min} characters' }),
  password_is_email: msg`The password cannot be your e-mail address`,
  password_common: msg`This password is too common and easy to guess. Please choose another.`,
  password_max: msg({ message: 'Password is too long ({max} characters at most)' }),
  password_required: msg`Password is required`,
  code_length: msg({ message: 'The verification code must be {length} digits' }),
  // Bookings (shared/src/booking-schemas.ts; the guest forms and staff quick booking alike)
  full_name_required: msg`Full name is required`,
  name_min: msg({ message: 'Name must be at least {min} characters' }),
  phone_required: msg`Phone number is required`,
  phone_invalid: msg`Invalid phone number`,
  id_required: msg`ID number is required`,
  id_invalid: msg`Invalid ID number`,
  check_in_required: msg`Check-in date required`,
  check_out_required: msg`Check-out date required`,
  check_in_past: msg`Check-in cannot be before today`,
  check_out_after_check_in: msg`Check-out date must be after check-in date`,
  stay_too_long: msg({ message: 'A stay can be {max} nights at most' }),
  invalid_date: msg`Invalid date`,
  room_type_required: msg`please select room type`,
  bed_type_required: msg`Please select bed type`,
  smoking_required: msg`Please select smoking preference`,
  guests_range: msg({ message: 'Number of guests must be {min} to {max}' }),
  // Manage my booking (shared/src/booking-lookup-schemas.ts)
  booking_reference_required: msg`Enter your booking reference`,
  booking_reference_invalid: msg`A booking reference is 7 letters and digits, as in your confirmation e-mail`,
  // VIP beneficiaries (the staff VIP screen; the worker answers with the same codes)
  civil_id_invalid: msg`Invalid civil ID`,
  card_type_required: msg`Please select a card type`,
  start_date_required: msg`Start date is required`,
  start_date_past: msg`The start date cannot be before today`,
};

/**
 * The limits the messages name, from the shared rules that the schemas check,
 * written in the language's digits (Arabic-Indic in Arabic) as the server's
 * own sentences are (worker/src/lib/messages.ts), so both sides say the same.
 */
const LIMITS: Partial<Record<string, Record<string, number>>> = {
  full_name_min: { min: AUTH_RULES.fullNameMin },
  name_min: { min: AUTH_RULES.fullNameMin },
  full_name_max: { max: AUTH_RULES.fullNameMax },
  password_min: { min: AUTH_RULES.passwordMin },
  password_min_staff: { min: AUTH_RULES.staffPasswordMin },
  password_max: { max: AUTH_RULES.passwordMax },
  code_length: { length: AUTH_RULES.codeLength },
  stay_too_long: { max: MAX_STAY_NIGHTS },
  guests_range: { min: MIN_GUESTS, max: MAX_GUESTS },
};

/**
 * Messages whose translation picks a plural form by the number itself ("حرفين"), so they get
 * the number (their texts write no digit of it); every other limit is written in digits.
 */
const PLURAL_LIMITS = new Set(['full_name_min', 'name_min']);

/**
 * Field errors are kept as codes (from zod) or as the server's sentences
 * (already translated); this shows either in the active language.
 */
export function fieldMessage(i18n: I18n, codeOrText: string | undefined): string | undefined {
  if (!codeOrText) return undefined;
  const descriptor = FIELD_MESSAGES[codeOrText];
  if (!descriptor) return codeOrText;
  // Built apart from the call: the message extractor reads object literals passed to i18n._.
  const language = i18n.locale === 'ar' ? 'ar' : 'en';
  const limits = LIMITS[codeOrText];
  const values =
    limits &&
    Object.fromEntries(
      Object.entries(limits).map(([key, n]) => [
        key,
        PLURAL_LIMITS.has(codeOrText) ? n : formatCount(n, language),
      ]),
    );
  const withLimits: MessageDescriptor = { ...descriptor, values };
  return i18n._(withLimits);
}

/** Field errors by field name: a code of the shared schemas, or the server's own sentence. */
export type FieldErrors<Field extends string = string> = Partial<Record<Field, string>>;

/** Checks `values` with a shared schema: the parsed data, or the first error code of each field. */
export function validateWith<T>(
  schema: ZodType<T>,
  values: unknown,
): { ok: true; data: T } | { ok: false; errors: FieldErrors } {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}
