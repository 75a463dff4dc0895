import { formatPhone } from '@shared/phone-countries';

/**
 * A stored phone inside a sentence (an accessible name, a toast): with its `+` and calling code,
 * isolated left to right (U+2066 … U+2069) so an Arabic sentence does not move its `+`.
 */
export function phoneInText(stored: string): string {
  return `\u2066${formatPhone(stored)}\u2069`;
}
