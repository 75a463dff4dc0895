import { bookingStatusIsSql, folioBalanceSql, folioStayQuery } from './booking-reads';
import { travelAgentStaysQuery } from './booking-trade';
import { bookingReferenceSql } from './channel-bookings';
import {
  bookingGuestNameSql,
  groupBillingQuery,
  masterBilledGroupIdSql,
  masterBilledGroupQuery,
} from './group-billing-reads';

/**
 * What modules/folio reads of bookings' stays, as one object (bookings' door's one name for it;
 * the folio sits above bookings and keeps no copy of a stay):
 * - a stay's folio: its row for a line (`folioStayQuery`), and for its guards the balance the
 *   database keeps on the booking (`folioBalanceSql`) and whether its status allows a line
 *   (`bookingStatusIsSql`);
 * - a line's booking named on a statement (`bookingReferenceSql`, `bookingGuestNameSql`: the city
 *   ledger's and a group folio's lines);
 * - a master-billed group block: which group a member's room nights go to (`masterBilledGroupIdSql`,
 *   `masterBilledGroupQuery`) and what the group folio bills of the block (`groupBillingQuery`);
 * - a travel agent's stays, for its commissions (`travelAgentStaysQuery`).
 *
 * @example insertWhere(db, folioLines, values, folioStays.bookingStatusIsSql(7, ['confirmed']))
 */
export const folioStays = {
  folioStayQuery,
  folioBalanceSql,
  bookingStatusIsSql,
  bookingReferenceSql,
  bookingGuestNameSql,
  masterBilledGroupIdSql,
  masterBilledGroupQuery,
  groupBillingQuery,
  travelAgentStaysQuery,
} as const;
