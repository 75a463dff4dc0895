// A group block's tables are declared beside the bookings that point at them (modules/bookings).
export { groupBlockNights, groupBlocks, type GroupBlock } from '../bookings/group-block-tables';
