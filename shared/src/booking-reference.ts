import { toLatinDigits } from './digits';

/**
 * The booking reference a guest can say on the phone: 7 characters from an
 * alphabet without look-alikes (no 0/O, no 1/I/L), random, never sequential. It is stored
 * and sent in the API as the 7 characters ("K7MQ4PX") and shown everywhere, by
 * formatBookingReference, as "K7M-Q4PX": the assistant, the toasts, My bookings, the staff
 * cards, the CSV. Typed references are read by normalizeBookingReference: lower case,
 * spaces and dashes, Arabic-Indic digits are all accepted (bookingReferenceSchema in
 * booking-schemas.ts; this file has no zod, for the web's landing entry).
 */
export const BOOKING_REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const BOOKING_REFERENCE_LENGTH = 7;
/** Where the shown form puts its dash: "K7M-Q4PX". */
const GROUP = 3;

const STORED = /* @__PURE__ */ new RegExp(`^[${BOOKING_REFERENCE_ALPHABET}]{${BOOKING_REFERENCE_LENGTH}}$`);

export function isBookingReference(value: string): boolean {
  return STORED.test(value);
}

/** A typed reference in its stored form: upper case, Latin digits, no spaces or dashes. */
export function normalizeBookingReference(value: string): string {
  return toLatinDigits(value)
    .toUpperCase()
    .replace(/[\s\-‐-―_.·]/g, '');
}

const PART = /* @__PURE__ */ new RegExp(`^[${BOOKING_REFERENCE_ALPHABET}]{3,${BOOKING_REFERENCE_LENGTH}}$`);

/**
 * What a search for a booking looks for in references: the typed text normalised, when it
 * can be part of one (3 to 7 characters of the alphabet); null for a name such as "Salim".
 */
export function bookingReferenceQuery(typed: string): string | null {
  const part = normalizeBookingReference(typed.trim());
  return PART.test(part) ? part : null;
}

/** The one shown form of a reference ("K7M-Q4PX"); anything else is shown as it is. */
export function formatBookingReference(reference: string): string {
  return isBookingReference(reference) ? `${reference.slice(0, GROUP)}-${reference.slice(GROUP)}` : reference;
}

/**
 * A new random reference from `random`, which fills the bytes it is given (the worker's
 * crypto.getRandomValues). Bytes of 248 and above are drawn again, so every character of
 * the alphabet is equally likely.
 */
export function randomBookingReference(random: (bytes: Uint8Array) => Uint8Array): string {
  const n = BOOKING_REFERENCE_ALPHABET.length;
  const limit = 256 - (256 % n);
  let out = '';
  while (out.length < BOOKING_REFERENCE_LENGTH) {
    for (const byte of random(new Uint8Array(16))) {
      if (byte < limit && out.length < BOOKING_REFERENCE_LENGTH) out += BOOKING_REFERENCE_ALPHABET[byte % n];
    }
  }
  return out;
}
