import type { SQL } from 'drizzle-orm';

/**
 * The nights the stays and the group blocks hold, as the inventory counts them against the
 * allotments (availability, the allotments' guard `busiestNight`): a port that the holds'
 * owners above this module fill, modules/bookings the stays' (`booking_nights`) and
 * modules/groups the blocks' (`group_block_nights`), and the entry composes and installs once
 * (worker/src/index.ts), as it installs the points ledger. Each answer is SQL of rows `(night, w)` (`w`: the rooms that row holds on
 * `night`), put by the inventory inside its own statement beside its rooms out of order, so that
 * a read stays one statement.
 */

/** Which holds to count: a room type, a window, and a bed or smoking type to match. */
export type HoldMatch = {
  /** The room type: a value, or the caller's column (`sql\`inv.room_type\``). */
  roomType: SQL | string;
  /** The first night counted. */
  from: string;
  /** The first night not counted (none: every night from `from` on). */
  to?: string;
  /** Match the holds' bed or smoking type to this value or column. */
  kind?: { column: 'bed_type' | 'smoking_type'; value: SQL };
  /** Leave out group members' nights (inside their block's hold, counted by `blockHoldsSql`). */
  generalOnly?: boolean;
};

export type HoldsPort = {
  /**
   * SQL of rows `(night, w)`, one per night a stay holds (`w` = 1), of `match.roomType` in the
   * window, along the holds' (room type[, bed or smoking type], night) index.
   *
   * @example sql`select night, sum(w) from (${holds().stayHoldsSql({ roomType: 'family', from, to })}) group by night`
   */
  stayHoldsSql(match: HoldMatch): SQL;
  /**
   * SQL of rows `(night, w)`, one per night and group block holding rooms of `match.roomType`
   * (`w` = the rooms held; its members' nights are inside it), in the window.
   */
  blockHoldsSql(match: Omit<HoldMatch, 'kind' | 'generalOnly'>): SQL;
};

let port: HoldsPort | null = null;

/** Sets the holds every availability read and allotment guard counts (the entry calls it once). */
export function installHolds(holds: HoldsPort): void {
  port = holds;
}

/** The installed holds; throws rather than count a hotel with no stays in it. */
export function holds(): HoldsPort {
  if (!port)
    throw new Error(
      'No holds installed (worker/src/index.ts installs modules/bookings’ and modules/groups’ holds).',
    );
  return port;
}
