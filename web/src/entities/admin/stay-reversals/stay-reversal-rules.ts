import { hotelToday } from '@shared/dates';
import type { StayReversal } from './stay-reversal-api';

/** What the booking's state allows, as the server judges it (modules/front-desk/stay-reversals.ts). */
export type ReversalState = {
  status: string;
  checkedInAt: string | null;
  checkedOutAt: string | null;
};

const ACTIVE = ['approved', 'confirmed'];

/** The hotel's date of an instant (the business day the server compares). */
const businessDay = (at: string) => hotelToday(new Date(at));

/** The moves back a manager may make on this booking today. */
export function reversalsFor(state: ReversalState & { checkOutDate: string }, today = hotelToday()) {
  const moves: StayReversal[] = [];
  if (ACTIVE.includes(state.status) && state.checkedInAt && !state.checkedOutAt) {
    if (businessDay(state.checkedInAt) === today) moves.push('undo-check-in');
  }
  if (state.status === 'completed' && state.checkedOutAt && businessDay(state.checkedOutAt) === today) {
    moves.push('undo-check-out');
  }
  if (state.status === 'cancelled' && today < state.checkOutDate) moves.push('reinstate');
  return moves;
}
