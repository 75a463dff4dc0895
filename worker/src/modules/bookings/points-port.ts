import type { SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { BookingStatus } from '@shared/constants';
import type { Db } from '../../platform/env';

/**
 * The points a stay moves, as the bookings module asks for them: a port that modules/loyalty (the
 * points ledger's owner, above this module) fills and the entry installs once
 * (worker/src/index.ts), as it installs the cancellation hooks (platform/booking-hooks.ts). A
 * completed stay earns and a cancelled one gives back in the status move's ONE batch, each
 * statement guarded by that batch's `won`; a manager's undo of a close takes back what the close
 * moved, in the undo's batch.
 */

/** The booking whose points move, as the ledger needs it (the bookings module's row fits). */
export type PointsBooking = {
  id: number;
  userId: number | null;
  userEmail: string | null;
  roomType: string;
  isPointsBooking: boolean;
};

export type PointsLedgerPort = {
  /** Statements for a status move to `to` (earn on completion, give back on cancellation). */
  moveStatements(db: Db, booking: PointsBooking, to: BookingStatus, won: SQL): BatchItem<'sqlite'>[];
  /** Statements that take back what a close moved: the stay's earning, or a cancellation's give-back. */
  undoStatements(
    db: Db,
    booking: PointsBooking,
    undone: 'earn' | 'give_back',
    won: SQL,
  ): BatchItem<'sqlite'>[];
  /** The points a completed stay earns (0 for a guest without an account, or a stay bought with points). */
  earnedBy(db: Db, booking: PointsBooking): Promise<number>;
  /** The points a cancellation took back from the guest (0 when the stay had earned none). */
  deductedFor(db: Db, bookingId: number): Promise<number>;
};

let port: PointsLedgerPort | null = null;

/** Sets the points ledger every status move asks (the entry calls it once, before any request). */
export function installPointsLedger(ledger: PointsLedgerPort): void {
  port = ledger;
}

/** The installed ledger; throws rather than let a stay's points go silently unmoved. */
export function pointsLedger(): PointsLedgerPort {
  if (!port) throw new Error('No points ledger installed (worker/src/index.ts installs modules/loyalty’s).');
  return port;
}
