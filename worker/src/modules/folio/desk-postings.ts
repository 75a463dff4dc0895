import { recordCityLedgerPayment } from './city-ledger';
import { postCharge, postPayment } from './folio';

/**
 * The desk's postings and a company's payment as staff make them (the routes' own functions), for
 * the demo seed's closed month (worker/src/seed/closed-month.ts), which posts a month of a hotel's
 * charges and payments the way the desk does.
 *
 * @example await deskPostings.postCharge(db, manager, bookingId, { department: 'breakfast', description, amountBaisa: 4_500 }, { idem: null, message: '' });
 */
export const deskPostings = { postCharge, postPayment, recordCityLedgerPayment };
