import { sql } from 'drizzle-orm';
import type { TaxReport, TaxReportRow } from '@shared/day-close';
import { omrDecimal } from '@shared/money';
import type { Db } from '../../platform/env';
import { toCsv } from '../../platform/csv';
import { readTaxSettings } from './tax-settings';

/**
 * The tax report (docs/decisions/069-day-close.md): each tax's base and amount by month of
 * business date, for the VAT return and the tourism levy's statement, from the folio's charges and
 * corrections and the roundings of the documents issued (decision 068, "One truth": a document's
 * lines are its folio lines, and what its one rounding of each tax moved is booked on the folio the
 * day it is issued), so the report sums to the documents and to the day closes of its days. A
 * tax's base is the net of the lines it was charged on, plus, for a tax charged on earlier taxes
 * (VAT on the levy), the taxes before it on each line (a line keeps its taxes in the order they
 * were computed). A check paid at an outlet is on no folio: its tax invoice's totals count on its
 * business date, and a void's credit note takes them back on the void's (decision 090), as the day
 * close counts them. One aggregate along the four tables' business-date indexes over the months asked.
 */
export async function taxReport(db: Db, from: string, to: string): Promise<TaxReport> {
  const first = `${from}-01`;
  const last = `${to}-31`;
  const { taxes } = await readTaxSettings(db);
  const onEarlier = [...new Set(taxes.filter((t) => t.onEarlierTaxes).map((t) => t.code))];
  const earlierTaxes = onEarlier.length
    ? sql`case when json_extract(t.value, '$.code') in (${sql.join(
        onEarlier.map((c) => sql`${c}`),
        sql`, `,
      )}) then (select coalesce(sum(json_extract(e.value, '$.amountBaisa')), 0) from json_each(l.taxes) e
        where e.key < t.key) else 0 end`
    : sql`0`;
  const rows = await db.all<TaxReportRow>(sql`
    with l as (
      select business_date as businessDate, net_baisa as net, taxes from folio_lines
      where business_date >= ${first} and business_date <= ${last} and kind in ('charge', 'correction')
      union all
      select business_date, net_baisa, taxes from folio_roundings
      where business_date >= ${first} and business_date <= ${last}
    ),
    x as (
      select substr(l.businessDate, 1, 7) as month, json_extract(t.value, '$.code') as code,
        l.net + ${earlierTaxes} as base, json_extract(t.value, '$.amountBaisa') as amount
      from l, json_each(l.taxes) t
      union all
      -- A check paid at an outlet: its tax invoice's totals (series OUT), on its business date.
      select substr(c.business_date, 1, 7), json_extract(t.value, '$.code'),
        json_extract(t.value, '$.baseBaisa'), json_extract(t.value, '$.amountBaisa')
      from outlet_checks c, json_each(c.invoice, '$.taxTotals') t
      where c.business_date >= ${first} and c.business_date <= ${last} and c.invoice is not null
      union all
      -- Its void's credit note (series OCN, its totals negative), on the void's business date.
      select substr(v.business_date, 1, 7), json_extract(t.value, '$.code'),
        json_extract(t.value, '$.baseBaisa'), json_extract(t.value, '$.amountBaisa')
      from outlet_check_voids v, json_each(v.credit_note, '$.taxTotals') t
      where v.business_date >= ${first} and v.business_date <= ${last} and v.credit_note is not null
    )
    select month, code, sum(base) as baseBaisa, sum(amount) as amountBaisa
    from x
    group by month, code
    order by month, code`);
  return { from, to, rows };
}

const COLUMNS = ['month', 'code', 'baseOmr', 'amountOmr'] as const;

export function taxReportCsv(report: TaxReport) {
  const rows = report.rows.map((r) => ({
    month: r.month,
    code: r.code,
    baseOmr: omrDecimal(r.baseBaisa),
    amountOmr: omrDecimal(r.amountBaisa),
  }));
  return { body: toCsv([...COLUMNS], rows), filename: `tax-report-${report.from}-${report.to}.csv` };
}
