import type { SQL } from 'drizzle-orm';
import type { BatchItem, BatchResponse } from 'drizzle-orm/batch';

/**
 * A guest's own data, module by module (docs/decisions/043-a-guests-own-data.md). Each module
 * that keeps rows naming a guest's account offers one part through its door: the reads of its
 * rows for the export, and the statements that anonymise or delete them for the erasure.
 * modules/privacy composes the parts into the export's one D1 batch and the erasure's one D1
 * batch, and a test there fails when a table naming a guest is in no part.
 */

/** Whose data: the account's id and its e-mail (the points are kept by address, the outbox by recipient). */
export interface DataSubject {
  id: number;
  email: string;
}

/**
 * A subject with what the bookings' part tells the parts kept by booking: subqueries of the ids of
 * the account's bookings and of the assistant's conversations they came from.
 */
export interface BookedSubject extends DataSubject {
  bookingIds: SQL;
  chatSessionIds: SQL;
}

/** The most rows of one kind an export lists (a guest has a handful; a bound all the same). */
export const EXPORT_LIMIT = 1000;

export type Statement = BatchItem<'sqlite'>;

/** A part's side of the erasure. */
export interface GuestErasure {
  /**
   * Counts of the rows the erasure keeps, anonymised, by name, for its audit line (read in its
   * first statement, before anything changes).
   */
  kept?: Record<string, SQL<number>>;
  /**
   * Holds while the erasure may go ahead (bookings: no stay still holding a room). Checked before
   * the batch, and part of the guard every statement runs under.
   */
  allowed?: SQL;
  /**
   * A read of the R2 objects whose rows the erasure deletes or blanks (`{ key }` rows): read before
   * the batch, deleted once it has committed (an object left by a failure is unreachable).
   */
  objectKeys?: Statement;
  /**
   * The statements, each under `guard` (the account still exists and every part allows). A part
   * that finds its rows through the account's bookings comes before the bookings' part, which
   * makes them forget the account.
   */
  statements(guard: SQL): Statement[];
}

/** One module's part: the export's reads and how their rows read as its sections; the erasure's side. */
export interface GuestDataPart<S extends object> {
  exportReads: Statement[];
  sections(rows: unknown[]): S;
  erasure: GuestErasure;
}

/** A part whose sections are typed by its reads (the rows come back in the reads' order). */
export function guestDataPart<const R extends readonly Statement[], S extends object>(
  reads: R,
  sections: (rows: BatchResponse<R>) => S,
  erasure: GuestErasure,
): GuestDataPart<S> {
  return { exportReads: [...reads], sections: (rows) => sections(rows as BatchResponse<R>), erasure };
}
