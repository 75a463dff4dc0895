import { addDays } from '@shared/dates';

/** A room type's free night: its points price, or null when it is not sold for points. */
export type FreeNightPrice = { freeNightPoints: number | null };

/** Spec: a card's button is enabled only when the balance covers the type's free night. */
export function canAfford(balance: number, type: FreeNightPrice): boolean {
  return type.freeNightPoints !== null && balance >= type.freeNightPoints;
}

/** What would be left after buying the type's free night (never below 0 on screen). */
export function balanceAfter(balance: number, type: FreeNightPrice): number {
  return Math.max(0, balance - (type.freeNightPoints ?? 0));
}

/** A free night is one night: check-out is the day after check-in (empty until check-in is chosen). */
export function freeNightCheckOut(checkInDate: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(checkInDate) ? addDays(checkInDate, 1) : '';
}

/** "+10" / "−5": a signed amount as the ledger shows it (a true minus sign, bidi-safe in a <bdi>). */
export function signedPoints(points: number, format: (n: number) => string): string {
  if (points > 0) return `+${format(points)}`;
  if (points < 0) return `\u2212${format(-points)}`;
  return format(0);
}
