import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { STAY_POLICY_LIMITS } from '@shared/stay-policy';
import type { FieldErrors } from '@/lib/field-messages';
import { formatCount } from '@/lib/format';

/**
 * The codes of the content schemas (shared/src/content-schemas.ts) as sentences,
 * for the settings and offers forms; the worker says the same in
 * worker/src/lib/messages.ts. Codes the account and booking forms share (phone,
 * e-mail, dates) are left to lib/field-messages.ts.
 */
const CONTENT_MESSAGES: Record<string, MessageDescriptor> = {
  text_required: msg`This field is required`,
  text_too_long: msg`This text is too long`,
  url_invalid: msg`Invalid link (it must start with https://)`,
  time_invalid: msg`Invalid time (HH:MM, e.g. 14:00)`,
  social_platform_invalid: msg`Unknown platform`,
  social_links_invalid: msg`Invalid social links`,
  discount_invalid: msg`The discount is a whole percent from 0 to 90`,
  features_invalid: msg`Invalid list of features`,
  valid_to_before_from: msg`The end of the offer cannot be before its start`,
  invalid_room_type: msg`please select room type`,
  service_category_invalid: msg`Invalid category`,
  distance_invalid: msg`Must be a whole number or empty`,
  // The stay policy; the limits are filled in below, in the language's digits.
  cancellation_hours_invalid: msg({ message: 'A whole number of hours from {min} to {max}' }),
  check_in_hours_invalid: msg({ message: 'A whole number of hours from {min} to {max}' }),
  retention_days_invalid: msg({ message: 'A whole number of days from {min} to {max}' }),
};

/** The bounds the stay policy's messages name (shared/src/stay-policy.ts). */
const LIMITS: Partial<Record<string, { min: number; max: number }>> = {
  cancellation_hours_invalid: { min: 0, max: STAY_POLICY_LIMITS.freeCancellationHoursMax },
  check_in_hours_invalid: { min: 1, max: STAY_POLICY_LIMITS.onlineCheckInHoursMax },
  retention_days_invalid: {
    min: STAY_POLICY_LIMITS.idRetentionDaysMin,
    max: STAY_POLICY_LIMITS.idRetentionDaysMax,
  },
};

/** Field errors with the content codes turned into sentences of the active language. */
export function contentErrors<Field extends string>(
  i18n: I18n,
  errors: FieldErrors<Field>,
): FieldErrors<Field> {
  const out: FieldErrors<Field> = {};
  for (const [field, code] of Object.entries(errors) as [Field, string | undefined][]) {
    const descriptor = code ? CONTENT_MESSAGES[code] : undefined;
    const limits = code ? LIMITS[code] : undefined;
    const language = i18n.locale === 'ar' ? 'ar' : 'en';
    // Built apart from the call: the message extractor reads object literals passed to i18n._.
    const withLimits: MessageDescriptor | undefined = descriptor && {
      ...descriptor,
      values: limits && { min: formatCount(limits.min, language), max: formatCount(limits.max, language) },
    };
    out[field] = withLimits ? i18n._(withLimits) : code;
  }
  return out;
}
