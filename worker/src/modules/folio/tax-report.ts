import { sql } from 'drizzle-orm';
import type { TaxReport, TaxReportRow } from '../../../../shared/src/day-close';
import { omrDecimal } from '../../../../shared/src/money';
import type { Db } from '../../platform/env';
import { toCsv } from '../../platform/csv';
import { readTaxSettings } from './tax-settings';

/**
 * The tax report (docs/decisions/069-day-close.md): each tax's base and amount by month of
 * business date, from the folio's charges and corrections, for the VAT return and the tourism
 * levy's statement. A tax's base is the net of the lines it was charged on, plus, for a tax
 * charged on earlier taxes (VAT on the levy), the taxes before it on each line (a line keeps its
 * taxes in the order they were computed). One aggregate along the business-date index over the
 * months asked (an export: it reads those months' lines, never more).
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
    select substr(l.business_date, 1, 7) as month, json_extract(t.value, '$.code') as code,
      sum(l.net_baisa + ${earlierTaxes}) as baseBaisa, sum(json_extract(t.value, '$.amountBaisa')) as amountBaisa
    from folio_lines l, json_each(l.taxes) t
    where l.business_date >= ${first} and l.business_date <= ${last} and l.kind in ('charge', 'correction')
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
