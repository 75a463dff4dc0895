import { formatBookingReference } from '@shared/booking-reference';

// Its own module, not lib/format.ts: the landing entry holds format.ts whole, with every
// export any screen uses, and the landing shows no reference.
/**
 * A booking reference as shown everywhere ("K7M-Q4PX", shared formatBookingReference),
 * isolated left to right (U+2066…U+2069) for a sentence in either language, e.g. a toast.
 * Its digits stay Latin: it is read out as typed, never as a number.
 */
export function formatReference(reference: string): string {
  return `\u2066${formatBookingReference(reference)}\u2069`;
}
