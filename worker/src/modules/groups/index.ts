/**
 * groups: group blocks (docs/decisions/075-group-blocks.md).
 *
 * Owns: the blocks and their holds by room type and night (group_blocks, group_block_nights:
 * tables.ts; the bookings' and the folio's tables below name `group_blocks` by SQL name through a
 * stand-in of its key, docs/decisions/048-worker-modules.md "The group blocks apart"), the rooming
 * list, the release (early or by the day close) and the cancellation of a block.
 * Offers: the admin routes the entry mounts; the day close's release of the blocks due
 * (statements for its batch); what the blocks hold, for the ports the entry installs below
 * (`groupHolds`: the inventory's `blockHoldsSql`, bookings' `blockNightsSql`) and for the front
 * desk's tape chart (`blockHoldsQuery`).
 * Never: writes a booking's rows itself (the bookings module makes and cancels its members);
 * counts availability (the inventory subtracts the holds from what is for sale).
 * Imports: bookings, catalog, companies, folio, inventory, rates.
 */
export { groupsAdmin } from './routes/groups';
export { releaseDueGroupsStatements } from './groups';
export { blockHoldsQuery, groupHolds } from './block-holds';
