/**
 * A room's number as the hotel writes it ("204", "A12"), isolated left to right (U+2066…U+2069)
 * inside a sentence in either language. Shown as typed, never as a number: its digits stay Latin
 * (like a booking reference).
 */
export function formatRoomNumber(number: string): string {
  return `\u2066${number}\u2069`;
}
