import { sql } from 'drizzle-orm';
import type { TaxReport, TaxReportRow } from '@shared/day-close';
import { omrDecimal } from '@shared/money';
import type { Db } from '../../platform/env';
import { toCsv } from '../../platform/csv';
import { readTaxSettings } from './tax-settings';

/**
 * The tax report (docs/decisions/069-day-close.md): each tax's base and amount by month of
 * business date, from the folio's charges and corrections, for the VAT return and the tourism
 * levy's statement. A tax's base is the net of the lines it was charged on, plus, for a tax
 * charged on earlier taxes (VAT on the levy), the taxes before it on each line (a line keeps its
 * taxes in the order they were computed). A line on a tax invoice or credit note counts with the
 * document's figures (each tax rounded once on the document's base), so the report sums
 * documents as they were issued. One aggregate along the business-date index over the months
 * asked (an export: it reads those months' lines and their documents, never more).
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
  // A line on a document counts as the document has it (its share of each tax computed once on
  // the document's base, EN 16931 BR-CO-17), so a month of whole documents sums their taxes; a
  // line on none yet, as posted. A credit note's copy is its charge's, positive: negated.
  const rows = await db.all<TaxReportRow>(sql`
    with l as (
      select f.business_date as businessDate,
        case when c.value is null then f.net_baisa
          else (case i.kind when 'credit_note' then -1 else 1 end) * json_extract(c.value, '$.netBaisa') end as net,
        case when c.value is null then f.taxes
          else (select json_group_array(json_object('code', json_extract(x.value, '$.code'),
            'amountBaisa', (case i.kind when 'credit_note' then -1 else 1 end) * json_extract(x.value, '$.amountBaisa')))
            from json_each(c.value, '$.taxes') x) end as taxes
      from folio_lines f
        left join invoice_lines il on il.folio_line_id = f.id
        left join invoices i on i.id = il.invoice_id
        left join json_each(i.lines) c
          on json_extract(c.value, '$.folioLineId') = (case i.kind when 'credit_note' then f.corrects_line_id else f.id end)
            and (case i.kind when 'credit_note' then -1 else 1 end) * json_extract(c.value, '$.amountBaisa') = f.amount_baisa
      where f.business_date >= ${first} and f.business_date <= ${last} and f.kind in ('charge', 'correction')
    )
    select substr(l.businessDate, 1, 7) as month, json_extract(t.value, '$.code') as code,
      sum(l.net + ${earlierTaxes}) as baseBaisa, sum(json_extract(t.value, '$.amountBaisa')) as amountBaisa
    from l, json_each(l.taxes) t
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
