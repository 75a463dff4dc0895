import { formatBookingReference } from '@shared/booking-reference';
import type { DayCloseReport } from '@shared/day-close';
import { omrDecimal } from '@shared/money';
import { toCsv } from '../../platform/csv';

const COLUMNS = ['figure', 'key', 'value'] as const;

/**
 * A day's report as CSV: one row per figure (and per department, tax or method, per online
 * payment, and per outlet), amounts in rials with three decimals, counts as they are, occupancy as a fraction.
 */
export function dayCloseCsv(report: DayCloseReport) {
  const rows: Record<(typeof COLUMNS)[number], string>[] = [];
  const add = (figure: string, key: string, value: string) => rows.push({ figure, key, value });
  add('date', '', report.date);
  add('closed', '', String(report.closed));
  add('closedAt', '', report.closedAt ?? '');
  for (const figure of [
    'revenueBaisa',
    'taxesBaisa',
    'paymentsBaisa',
    'refundsBaisa',
    'cityLedgerPaymentsBaisa',
  ] as const) {
    for (const [key, baisa] of Object.entries(report[figure]))
      add(figure.replace('Baisa', 'Omr'), key, omrDecimal(baisa));
  }
  for (const figure of [
    'transfersBaisa',
    'inHouseBalanceBaisa',
    'cityLedgerBalanceBaisa',
    'adrBaisa',
    'roomChargesBaisa',
    'roundingBaisa',
  ] as const) {
    add(figure.replace('Baisa', 'Omr'), '', omrDecimal(report[figure]));
  }
  add('roomsSold', '', String(report.roomsSold));
  add('roomsForSale', '', String(report.roomsForSale));
  add('occupancy', '', report.occupancy === null ? '' : report.occupancy.toFixed(4));
  add('noShows', '', String(report.noShows));
  // The day's online payments, each keyed by the provider's payment id: its amount, session and booking.
  for (const payment of report.onlinePayments) {
    const key = payment.providerPaymentId ?? '';
    add('onlinePaymentOmr', key, omrDecimal(payment.amountBaisa));
    add('onlinePaymentSession', key, payment.sessionId === null ? '' : String(payment.sessionId));
    add('onlinePaymentBooking', key, formatBookingReference(payment.bookingReference));
  }
  // Each outlet's day (decision 090), keyed by its name: its checks, net revenue, each tax, what went
  // to rooms, what was paid there by method, what was voided; revenue and taxes add up to the rooms'
  // and the paid, and a paid check's taxes are its tax invoice's, as the tax report counts them.
  for (const outlet of report.outlets) {
    const key = outlet.nameEn;
    add('outletChecks', key, String(outlet.checks));
    add('outletRevenueOmr', key, omrDecimal(outlet.revenueBaisa));
    for (const [code, baisa] of Object.entries(outlet.taxesBaisa))
      add('outletTaxesOmr', `${key}: ${code}`, omrDecimal(baisa));
    add('outletToRoomsOmr', key, omrDecimal(outlet.toRoomsBaisa));
    add('outletPaidOmr', key, omrDecimal(outlet.paidBaisa));
    for (const [method, baisa] of Object.entries(outlet.paymentsBaisa))
      add('outletPaymentsOmr', `${key}: ${method}`, omrDecimal(baisa));
    add('outletVoidedOmr', key, omrDecimal(outlet.voidedBaisa));
  }
  // The extras' net revenue by kind (decision 098); also in the departments' revenue above.
  for (const [kind, baisa] of Object.entries(report.extrasRevenueBaisa ?? {}))
    add('extrasRevenueOmr', kind, omrDecimal(baisa ?? 0));
  return { body: toCsv([...COLUMNS], rows), filename: `day-close-${report.date}.csv` };
}
