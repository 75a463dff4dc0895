import type { SQL } from 'drizzle-orm';

/**
 * The rooms the group blocks hold by type and night, as bookings' own reads count them out of
 * what is for sale (a stay's alternatives, booking-alternatives.ts): a port that modules/groups
 * (the blocks' owner, above bookings: `group_block_nights`) fills and the entry installs once
 * (worker/src/index.ts), as it installs the inventory's holds (docs/decisions/048-worker-modules.md,
 * "The group blocks apart").
 */
export type BlockNightsPort = {
  /**
   * SQL of rows `(room_type, night, held)`, one per block, room type and night held in
   * [`from`, `to`), for the caller's own statement.
   *
   * @example sql`select room_type, night, sum(held) from (${blockNights().blockNightsSql(from, to)}) group by room_type, night`
   */
  blockNightsSql(from: string, to: string): SQL;
};

let port: BlockNightsPort | null = null;

/** Sets the group blocks' nights bookings' reads count (the entry calls it once). */
export function installBlockNights(blockNights: BlockNightsPort): void {
  port = blockNights;
}

/** The installed block nights; throws rather than offer rooms a block holds. */
export function blockNights(): BlockNightsPort {
  if (!port)
    throw new Error('No block nights installed (worker/src/index.ts installs modules/groups’ holds).');
  return port;
}
