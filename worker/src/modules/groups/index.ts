/**
 * groups: group blocks (docs/decisions/075-group-blocks.md).
 *
 * Owns: the blocks and their holds by room type and night (group_blocks, group_block_nights;
 * declared beside the bookings for their foreign keys), the rooming list, the release (early or
 * by the day close) and the cancellation of a block.
 * Offers: the admin routes the entry mounts; the day close's release of the blocks due
 * (statements for its batch).
 * Never: writes a booking's rows itself (the bookings module makes and cancels its members);
 * counts availability (the bookings module subtracts the holds from what is for sale).
 * Imports: bookings, catalog, companies, folio, inventory, rates.
 */
export { groupsAdmin } from './routes/groups';
export { releaseDueGroupsStatements } from './groups';
