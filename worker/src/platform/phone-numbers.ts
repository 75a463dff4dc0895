import { normalizePhone } from '@shared/digits';
import { canonicalPhone } from '@shared/phone';
import { ApiError } from './api-error';

/**
 * Phones people type, in the stored form (full international digits, shared/src/phone.ts;
 * docs/decisions/096-phone-numbers-in-full.md).
 */

/**
 * A phone to store: its full international digits, or 400 `validation_failed` with the field's
 * `phone_invalid` (the request's shape was checked already; this is the number itself: its
 * country's lengths and leading digits).
 */
export function storedPhone(typed: string, field = 'phoneNumber'): string {
  const phone = canonicalPhone(typed);
  if (!phone) throw new ApiError(400, 'validation_failed', { [field]: 'phone_invalid' });
  return phone;
}

/** A phone to compare with stored ones: the stored form when it is a valid number, else its digits' key. */
export function phoneKeyOf(typed: string): string {
  return canonicalPhone(typed) ?? normalizePhone(typed);
}
