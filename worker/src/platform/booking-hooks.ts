import type { SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { SessionUser } from '@shared/auth-schemas';
import type { BookingStatus } from '@shared/constants';
import type { CancellationRule } from '@shared/rates';
import type { Db } from './env';

/**
 * What else a booking's cancellation does, from modules the bookings module may not import (the
 * online payments' refund or cancellation charge, modules/payments/cancellation.ts: payments
 * depends on bookings, never the other way round). The entry installs the hooks once
 * (worker/src/index.ts), as it installs the notification channels (platform/notify.ts). Every
 * path that cancels a booking (staff's cancel and reject, the guest's own cancel, a no-show at the
 * desk or by the day close, a pending request's hold running out) asks them before its batch and
 * puts what they answer into its ONE batch, each statement guarded by that batch's `won`.
 */

/** Why a booking is cancelled: what its money follows (decision 071). */
export type CancellationKind =
  /** Cancelled by its guest or by staff. */
  | 'cancelled'
  /** A pending request the hotel turned down. */
  | 'rejected'
  /** A pending request nobody decided within the hold (the hourly cron). */
  | 'expired'
  /** The guest never came (the desk, or the day close). */
  | 'no_show';

/** The booking being cancelled, as the hooks need it (the bookings module's row fits). */
export type CancelledBooking = {
  id: number;
  status: BookingStatus;
  checkInDate: string;
  cancellationRule: CancellationRule | null;
};

export type Cancellation = {
  booking: CancelledBooking;
  kind: CancellationKind;
  /** Staff, the guest's account, or null (a guest without one, or the cron). */
  actor: SessionUser | null;
  now: Date;
};

/** A hook's statements for the cancellation's batch, each to run only if `won` holds there. */
export type CancellationStatements = (won: SQL) => BatchItem<'sqlite'>[];

/** Reads what it needs before the batch (it may read the database) and answers its statements. */
export type CancellationHook = (db: Db, cancellation: Cancellation) => Promise<CancellationStatements>;

const hooks: CancellationHook[] = [];

/** Sets the hooks every cancellation asks (the entry calls it once, before any request). */
export function installCancellationHooks(list: CancellationHook[]): void {
  hooks.splice(0, hooks.length, ...list);
}

/** Every installed hook's statements for one cancellation, in the order installed. */
export async function cancellationStatements(
  db: Db,
  cancellation: Cancellation,
): Promise<CancellationStatements> {
  const parts = await Promise.all(hooks.map((hook) => hook(db, cancellation)));
  return (won) => parts.flatMap((part) => part(won));
}
