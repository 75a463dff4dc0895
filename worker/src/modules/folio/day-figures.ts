import { sql, type SQL } from 'drizzle-orm';
import { cityLedgerBalanceSql } from '../companies';

/**
 * A business date's figures from the folio's lines and the company accounts (decision 069), each
 * an SQL expression for the day close's report, which the database computes in the close's own
 * batch (so the report is the lines as they are at that point, the nights just posted included).
 * Everything is read along the business-date index of the date's lines and company payments; the
 * company accounts are a few.
 */

const sum = (expr: SQL) => sql`coalesce(sum(${expr}), 0)`;
/** `{key: amount}` over the day's lines, as JSON the enclosing json_object keeps as an object. */
const perKey = (key: SQL, amount: SQL, from: SQL) =>
  sql`(select json(coalesce(json_group_object(k, a), '{}')) from (select ${key} as k, ${sum(amount)} as a ${from} group by k order by k))`;

/** The folio's figures of a business date, each an SQL expression (see `dayFiguresSql`). */
export type DayFigures = {
  /** `{department: net}` of the day's charges and corrections, and documents' roundings (JSON). */
  revenueBaisa: SQL;
  /** `{tax code: amount}` of the day's charges and corrections, and documents' roundings (JSON). */
  taxesBaisa: SQL;
  /** The payable rounding of the documents issued that day (their roundings' `rounding_baisa`), summed. */
  roundingBaisa: SQL;
  /** `{method: amount}` of the day's payments (JSON). */
  paymentsBaisa: SQL;
  /** `{method: amount}` of the day's refunds (JSON). */
  refundsBaisa: SQL;
  /** The day's transfers to company accounts, summed. */
  transfersBaisa: SQL;
  /** `{method: amount}` of the companies' payments of the day (JSON). */
  cityLedgerPaymentsBaisa: SQL;
  /** What the company accounts owe now, summed. */
  cityLedgerBalanceBaisa: SQL;
  /** The room nights charged that day. */
  roomsSold: SQL;
  /** The average net of the nights sold that day, less what the same day corrected of them. */
  adrBaisa: SQL;
  /** The day's room charges and their corrections, summed (amounts, taxes included). */
  roomChargesBaisa: SQL;
  /** The day's online payment lines (`id, booking_id, amount_baisa, provider_reference`), in order, as a subquery to join. */
  onlinePaymentLines: SQL;
};

/**
 * The figures of business date `date` from its folio lines and company payments, each an SQL
 * expression to put in the report's `json_object`.
 *
 * @example
 * const f = dayFiguresSql('2026-03-10');
 * db.get(sql`select json_object('revenueBaisa', ${f.revenueBaisa}, 'roomsSold', ${f.roomsSold}) as report`);
 */
export function dayFiguresSql(date: string): DayFigures {
  const lines = sql`from folio_lines where business_date = ${date}`;
  const charges = sql`${lines} and kind in ('charge', 'correction')`;
  // What the books count as sold: the charges and corrections, and what the documents issued that
  // day moved by their one rounding of each tax (decision 068, "One truth"), along both tables'
  // business-date index.
  const booked = sql`(select department, net_baisa, taxes ${charges}
    union all select department, net_baisa, taxes from folio_roundings where business_date = ${date})`;
  // ADR on the nights sold that day only: each night's net less what the same day corrected of
  // it, the nights left above zero; a correction of an earlier night is revenue's, not ADR's.
  const nightsSold = sql`(select c.net_baisa + coalesce((select sum(k.net_baisa) from folio_lines k
      where k.corrects_line_id = c.id and k.kind = 'correction' and k.business_date = ${date}), 0) as net
    from folio_lines c where c.business_date = ${date} and c.kind = 'charge' and c.night is not null)`;
  return {
    revenueBaisa: perKey(sql`department`, sql`net_baisa`, sql`from ${booked}`),
    taxesBaisa: perKey(
      sql`json_extract(t.value, '$.code')`,
      sql`json_extract(t.value, '$.amountBaisa')`,
      sql`from ${booked} l, json_each(l.taxes) t`,
    ),
    roundingBaisa: sql`(select ${sum(sql`rounding_baisa`)} from folio_roundings where business_date = ${date})`,
    paymentsBaisa: perKey(sql`method`, sql`amount_baisa`, sql`${lines} and kind = 'payment'`),
    refundsBaisa: perKey(sql`method`, sql`amount_baisa`, sql`${lines} and kind = 'refund'`),
    transfersBaisa: sql`(select ${sum(sql`amount_baisa`)} ${lines} and kind = 'transfer')`,
    cityLedgerPaymentsBaisa: perKey(
      sql`method`,
      sql`amount_baisa`,
      sql`from city_ledger_payments where business_date = ${date}`,
    ),
    cityLedgerBalanceBaisa: cityLedgerBalanceSql(),
    roomsSold: sql`(select count(*) ${lines} and kind = 'charge' and night is not null)`,
    adrBaisa: sql`(select case when count(*) > 0 then cast(round(cast(sum(net) as real) / count(*)) as integer) else 0 end
    from ${nightsSold} where net > 0)`,
    roomChargesBaisa: sql`(select ${sum(sql`amount_baisa`)} ${charges} and department = 'room')`,
    onlinePaymentLines: sql`(select id, booking_id, amount_baisa, provider_reference from folio_lines
      where business_date = ${date} and kind = 'payment' and method = 'online' order by id)`,
  };
}
