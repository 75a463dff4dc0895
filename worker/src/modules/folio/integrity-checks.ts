import { sql, type SQL } from 'drizzle-orm';
import { FOLIO_BALANCE_SIGN } from '@shared/folio';
import { outletLinesIntegritySql } from './outlet-lines';

/**
 * The folio's invariants, each as an aggregate query that answers only the rows that break it (at
 * most `perCheck`), for the nightly integrity check (modules/operations/integrity.ts), which runs
 * them with its own and keeps what they find.
 */

/**
 * A line's figures as rows of a `json_each` (`t`): each of its taxes, then two more, `{"f": "net"}`
 * and `{"f": "rounding"}` (one scan of the line instead of a compound SELECT per figure: D1 allows
 * few terms in one).
 */
const figuresOf = (taxes: SQL) =>
  sql`json_each(json_insert(json_insert(${taxes}, '$[#]', json('{"f":"net"}')), '$[#]', json('{"f":"rounding"}')))`;
/** A figure's name: `net:<department>`, `rounding` or `tax:<code>`. */
const figureName = (department: SQL) =>
  sql`(case json_extract(t.value, '$.f') when 'net' then 'net:' || ${department} when 'rounding' then 'rounding'
    else 'tax:' || json_extract(t.value, '$.code') end)`;
/** A figure's value: the line's net, its rounding, or the tax's amount. */
const figureValue = (net: SQL, rounding: SQL) =>
  sql`(case json_extract(t.value, '$.f') when 'net' then ${net} when 'rounding' then ${rounding}
    else json_extract(t.value, '$.amountBaisa') end)`;
/** A document line's figure for the credit check: its net, its amount (the `rounding` row), or a tax. */
const lineFigure = figureValue(
  sql`json_extract(c.value, '$.netBaisa')`,
  sql`json_extract(c.value, '$.amountBaisa')`,
);

/** A document's figures signed as the folio keeps them: a credit note's negated (its corrections carry the minus). */
const docSign = sql.raw(`(case i.kind when 'credit_note' then -1 else 1 end)`);

/** A named check: its query answers the rows that break it. */
export type FolioIntegrityCheck = { name: string; query: SQL };

/**
 * The folio's checks: each folio's balance equals its lines, each company account's balance its
 * entries, each closed day's stored figures its lines, each invoice's total its lines, each
 * document its folio lines and roundings, each credit note its invoice's lines.
 *
 * @example
 * for (const check of folioIntegrityChecks(50)) console.log(check.name, await db.all(check.query));
 */
export function folioIntegrityChecks(perCheck: number): FolioIntegrityCheck[] {
  return [...balanceChecks(perCheck), dayCloseCheck(perCheck), ...documentChecks(perCheck)];
}

/**
 * The balances: an outlet's check and its folio lines, each stay's and each group's folio and its
 * lines, a document's lines all of its own folio, each company account and its entries.
 */
function balanceChecks(perCheck: number): FolioIntegrityCheck[] {
  return [
    {
      // An outlet's check to a room has exactly its lines on its stay's folio (their charges its
      // total; a void's corrections bring them to 0), a paid one none, and no line names a check
      // that does not exist (modules/folio/outlet-lines.ts, decision 090).
      name: 'outlet_check_not_lines',
      query: outletLinesIntegritySql(perCheck),
    },
    {
      // Each folio's balance (kept by the database with each line) equals the sum of its lines,
      // each signed as it moves the balance (charges, corrections, refunds add; payments and
      // transfers take away). Read along the lines' booking index, one group per folio.
      name: 'folio_balance_not_lines',
      query: sql`
        select b.id as bookingId, b.folio_balance_baisa as balance, coalesce(l.total, 0) as lines
        from booking_submissions b left join (
          select booking_id, sum(${sql.raw(signedAmountSql())}) as total from folio_lines
          where group_id is null group by booking_id
        ) l on l.booking_id = b.id
        where b.folio_balance_baisa <> coalesce(l.total, 0)
        limit ${perCheck}`,
    },
    {
      // Each group's folio (master billing) likewise: its balance equals the sum of the lines on
      // it (its members' room nights, its payments, transfers ...), read along the group index.
      name: 'group_folio_balance_not_lines',
      query: sql`
        select g.id as groupId, coalesce(gf.balance_baisa, 0) as balance, coalesce(l.total, 0) as lines
        from group_blocks g left join group_folios gf on gf.group_id = g.id left join (
          select group_id, sum(${sql.raw(signedAmountSql())}) as total from folio_lines
          where group_id is not null group by group_id
        ) l on l.group_id = g.id
        where coalesce(gf.balance_baisa, 0) <> coalesce(l.total, 0)
        limit ${perCheck}`,
    },
    {
      // A document's lines are all of its own folio: a group's document only lines of that
      // group's folio, a stay's only lines of no group's.
      name: 'invoice_folio_not_lines',
      query: sql`
        select i.id as invoiceId, i.number as number, i.group_id as groupId, count(*) as lines
        from invoices i join invoice_lines il on il.invoice_id = i.id join folio_lines f on f.id = il.folio_line_id
        where f.group_id is not i.group_id
        group by i.id
        limit ${perCheck}`,
    },
    {
      // Each company account's balance equals the folios' transfers to it, less what was moved back
      // (a credit note's credit: a refund of the transfer), less its payments.
      name: 'city_ledger_balance_not_entries',
      query: sql`
        select a.id as accountId, a.balance_baisa as balance,
          coalesce((select sum(f.amount_baisa) from folio_lines f
            where f.city_ledger_account_id = a.id and f.kind = 'transfer'), 0)
          - coalesce((select sum(r.amount_baisa) from folio_lines f join folio_lines r on r.refunds_line_id = f.id
            where f.city_ledger_account_id = a.id and f.kind = 'transfer'), 0) as transfers,
          coalesce((select sum(p.amount_baisa) from city_ledger_payments p where p.account_id = a.id), 0) as payments
        from city_ledger_accounts a
        where a.balance_baisa <> transfers - payments
        limit ${perCheck}`,
    },
  ];
}

/** A closed day's stored figures and its lines (decision 069). */
function dayCloseCheck(perCheck: number): FolioIntegrityCheck {
  return {
    // A closed day's stored figures equal its lines, documents' roundings and company payments:
    // the day's net revenue, taxes, payments, refunds, transfers, companies' payments, room nights
    // sold and payable rounding, each as a total (none can change any more: the triggers refuse a
    // line or a rounding dated a closed day).
    name: 'day_close_report_not_lines',
    query: sql`
      select date, stored, lines from (
        select d.date as date,
          json_array(
            (select coalesce(sum(value), 0) from json_each(d.report, '$.revenueBaisa')),
            (select coalesce(sum(value), 0) from json_each(d.report, '$.taxesBaisa')),
            (select coalesce(sum(value), 0) from json_each(d.report, '$.paymentsBaisa')),
            (select coalesce(sum(value), 0) from json_each(d.report, '$.refundsBaisa')),
            coalesce(json_extract(d.report, '$.transfersBaisa'), 0),
            (select coalesce(sum(value), 0) from json_each(d.report, '$.cityLedgerPaymentsBaisa')),
            coalesce(json_extract(d.report, '$.roomsSold'), 0),
            coalesce(json_extract(d.report, '$.roundingBaisa'), 0)
          ) as stored,
          json_array(
            (select coalesce(sum(net_baisa), 0) from folio_lines
              where business_date = d.date and kind in ('charge', 'correction'))
              + (select coalesce(sum(net_baisa), 0) from folio_roundings where business_date = d.date),
            (select coalesce(sum(json_extract(t.value, '$.amountBaisa')), 0) from folio_lines l, json_each(l.taxes) t
              where l.business_date = d.date and l.kind in ('charge', 'correction'))
              + (select coalesce(sum(json_extract(t.value, '$.amountBaisa')), 0)
                from folio_roundings r, json_each(r.taxes) t where r.business_date = d.date),
            (select coalesce(sum(amount_baisa), 0) from folio_lines where business_date = d.date and kind = 'payment'),
            (select coalesce(sum(amount_baisa), 0) from folio_lines where business_date = d.date and kind = 'refund'),
            (select coalesce(sum(amount_baisa), 0) from folio_lines where business_date = d.date and kind = 'transfer'),
            (select coalesce(sum(amount_baisa), 0) from city_ledger_payments where business_date = d.date),
            (select count(*) from folio_lines where business_date = d.date and kind = 'charge' and night is not null),
            (select coalesce(sum(rounding_baisa), 0) from folio_roundings where business_date = d.date)
          ) as lines
        from day_closes d
      )
      where stored <> lines
      limit ${perCheck}`,
  };
}

/**
 * The documents (decision 068): each invoice's and credit note's total and its lines, each
 * document and what its folio books for it, each credit note and its invoice.
 */
function documentChecks(perCheck: number): FolioIntegrityCheck[] {
  return [
    {
      // Each tax invoice's and credit note's total equals the folio lines tied to it (a credit
      // note's are the corrections it posted, so their negation) and the lines copied into it.
      name: 'invoice_total_not_lines',
      query: sql`
        select invoiceId, number, total, lines, copied from (
          select i.id as invoiceId, i.number as number, i.total_baisa as total,
            (case i.kind when 'credit_note' then -1 else 1 end) * coalesce((select sum(f.amount_baisa)
              from invoice_lines il join folio_lines f on f.id = il.folio_line_id where il.invoice_id = i.id), 0) as lines,
            (select coalesce(sum(json_extract(c.value, '$.amountBaisa')), 0) from json_each(i.lines) c) as copied
          from invoices i
        )
        where lines <> total or copied <> total
        limit ${perCheck}`,
    },
    {
      // Each document sums to what its folio books for it (decision 068, "One truth"): per
      // department its net, per code each tax, and its payable rounding, as the document has them
      // (a credit note's negated, as its corrections are) less the folio lines tied to it and the
      // roundings booked with it. The day close and the tax report sum the same lines and roundings,
      // so a document found here is one they disagree with. Each difference is a row.
      name: 'document_not_folio',
      query: sql`
        select d.invoiceId as invoiceId, i.number as number, d.figure as figure, d.difference as differenceBaisa
        from (
          select invoiceId, figure, sum(v) as difference from (
            select i.id as invoiceId, ${figureName(sql`json_extract(c.value, '$.department')`)} as figure,
              ${docSign} * ${figureValue(sql`json_extract(c.value, '$.netBaisa')`, sql`coalesce(json_extract(c.value, '$.roundingBaisa'), 0)`)} as v
            from invoices i, json_each(i.lines) c, ${figuresOf(sql`json_extract(c.value, '$.taxes')`)} t
            union all
            select il.invoice_id, ${figureName(sql`f.department`)}, -${figureValue(sql`f.net_baisa`, sql`0`)}
            from invoice_lines il join folio_lines f on f.id = il.folio_line_id, ${figuresOf(sql`f.taxes`)} t
            union all
            select r.invoice_id, ${figureName(sql`r.department`)}, -${figureValue(sql`r.net_baisa`, sql`r.rounding_baisa`)}
            from folio_roundings r, ${figuresOf(sql`r.taxes`)} t
          )
          group by invoiceId, figure
          having sum(v) <> 0
        ) d join invoices i on i.id = d.invoiceId
        order by d.invoiceId, d.figure
        limit ${perCheck}`,
    },
    {
      // A credit note credits a line as its invoice had it: what the credit notes of an invoice
      // credit of each of its charges (amount, net, each tax) never passes what the invoice said,
      // and a charge credited in full is credited at the invoice's net and taxes, to the baisa.
      // (Rounding lines are each document's own, and credit nothing.)
      name: 'credit_note_not_invoice',
      query: sql`
        with sums as (
          select coalesce(i.credits_invoice_id, i.id) as invoiceId, json_extract(c.value, '$.folioLineId') as lineId,
            case json_extract(t.value, '$.f') when 'net' then 'net' when 'rounding' then 'amount'
              else 'tax:' || json_extract(t.value, '$.code') end as figure,
            sum(case when i.kind = 'invoice' then ${lineFigure} else 0 end) as invoicedBaisa,
            sum(case when i.kind = 'credit_note' then ${lineFigure} else 0 end) as creditedBaisa
          from invoices i, json_each(i.lines) c, ${figuresOf(sql`json_extract(c.value, '$.taxes')`)} t
          where json_extract(c.value, '$.rounding') is null
            and (i.kind = 'credit_note' or json_extract(c.value, '$.amountBaisa') > 0)
          group by 1, 2, 3
        )
        select s.invoiceId as invoiceId, i.number as number, s.lineId as folioLineId, s.figure as figure,
          s.invoicedBaisa as invoicedBaisa, s.creditedBaisa as creditedBaisa
        from sums s join invoices i on i.id = s.invoiceId
        where s.creditedBaisa > s.invoicedBaisa
          or (s.creditedBaisa <> s.invoicedBaisa and exists (select 1 from sums w where w.invoiceId = s.invoiceId
            and w.lineId = s.lineId and w.figure = 'amount' and w.creditedBaisa = w.invoicedBaisa))
        order by s.invoiceId, s.lineId, s.figure
        limit ${perCheck}`,
    },
  ];
}

/** A folio line's amount signed as it moves the balance (FOLIO_BALANCE_SIGN), in SQL. */
function signedAmountSql(): string {
  const cases = Object.entries(FOLIO_BALANCE_SIGN)
    .map(([kind, sign]) => `when '${kind}' then ${sign}`)
    .join(' ');
  return `(case kind ${cases} end) * amount_baisa`;
}
