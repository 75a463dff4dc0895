import { FREE_NIGHT_COST, type RoomType } from '@shared/constants';
import { addDays } from '@shared/dates';

/** Spec: a card's button is enabled only when the balance covers the tier's cost. */
export function canAfford(balance: number, roomType: RoomType): boolean {
  return balance >= FREE_NIGHT_COST[roomType];
}

/** What would be left after buying the tier's free night (never below 0 on screen). */
export function balanceAfter(balance: number, roomType: RoomType): number {
  return Math.max(0, balance - FREE_NIGHT_COST[roomType]);
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
