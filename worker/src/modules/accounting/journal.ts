import { asc, between, eq } from 'drizzle-orm';
import {
  type JournalAnswer,
  type JournalDay,
  type JournalEntry,
  type JournalLine,
  type JournalMonth,
  journalEntryRef,
} from '@shared/accounting';
import { formatBookingReference } from '@shared/booking-reference';
import { addDays } from '@shared/dates';
import { ApiError } from '../../platform/api-error';
import type { Db } from '../../platform/env';
import { type Language, stayDate, text } from '../../platform/messages';
import { bookingRowsQuery } from '../bookings';
import { listCityLedgerAccounts } from '../companies';
import { journalFolio } from '../folio';
import { paidChecksOfDate } from '../outlets';
import { type Chart, readChart } from './accounts';
import {
  buildDayJournal,
  type JournalAccount,
  type JournalBooking,
  type KeptJournal,
  type KeptLine,
  type KeptSource,
} from './journal-lines';
import { accountingJournals } from './tables';

/**
 * A closed day's journal, kept once (docs/decisions/100): made right after the close (the day close
 * calls `keepDayJournal`), or at its first read; never again, so a closed day's journal never
 * changes whatever changes later. The hotel's chart is applied when it is read: a category without
 * an account refuses the export and names itself.
 */

/** D1 binds at most 100 values a statement: ids asked for in slices. */
const SLICE = 90;

/** The day's journal by category, from its documents (six reads, in three round trips). */
async function computeDayJournal(db: Db, date: string): Promise<KeptJournal> {
  const [sources, outletSales, accountRows] = await Promise.all([
    journalFolio.sources(db, date),
    paidChecksOfDate(db, date),
    listCityLedgerAccounts(db),
  ]);
  const ids = [...new Set([...sources.lines, ...sources.roundings].map((l) => l.bookingId))];
  const bookings = new Map<number, JournalBooking>();
  for (let i = 0; i < ids.length; i += SLICE) {
    for (const b of await bookingRowsQuery(db, ids.slice(i, i + SLICE))) {
      bookings.set(b.id, { reference: b.reference, roomType: b.roomType, travelAgentId: b.travelAgentId });
    }
  }
  const accounts = new Map<number, JournalAccount>(
    accountRows.map((a) => [
      a.id,
      {
        name: a.name,
        kind: a.kind,
        commissionHundredths: a.commissionPercent === null ? null : Math.round(a.commissionPercent * 100),
      },
    ]),
  );
  return buildDayJournal({ date, ...sources, outletSales, bookings, accounts });
}

const parse = (row: { journal: string }) => JSON.parse(row.journal) as KeptJournal;

/**
 * The kept journal of `date`, made now if the day is closed and has none yet; null when the day is
 * open (the table's trigger refuses a journal for it). Two requests at once keep one.
 *
 * @example await keepDayJournal(db, '2026-03-10'); // right after the close
 */
export async function keepDayJournal(db: Db, date: string): Promise<KeptJournal | null> {
  const stored = await db.select().from(accountingJournals).where(eq(accountingJournals.date, date)).get();
  if (stored) return parse(stored);
  const journal = await computeDayJournal(db, date);
  try {
    await db
      .insert(accountingJournals)
      .values({ date, journal: JSON.stringify(journal) })
      .onConflictDoNothing({ target: accountingJournals.date });
  } catch (err) {
    if (String(err).includes('accounting_day_open')) return null;
    throw err;
  }
  const kept = await db.select().from(accountingJournals).where(eq(accountingJournals.date, date)).get();
  return kept ? parse(kept) : journal;
}

/** Every date from `from` to `to`, both counted. */
function datesBetween(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) dates.push(d);
  return dates;
}

/**
 * The kept journals of the dates `from`..`to` (a month at most): the closed ones (kept now if they
 * had none), and the dates still open.
 */
async function keptJournals(db: Db, from: string, to: string) {
  const [rows, closed] = await db.batch([
    db
      .select()
      .from(accountingJournals)
      .where(between(accountingJournals.date, from, to))
      .orderBy(asc(accountingJournals.date)),
    journalFolio.closedDates(db, from, to),
  ]);
  const journals = new Map(rows.map((r) => [r.date, parse(r)]));
  const closedDates = new Set(closed.map((c) => c.date));
  const open: string[] = [];
  for (const date of datesBetween(from, to)) {
    if (journals.has(date)) continue;
    const kept = closedDates.has(date) ? await keepDayJournal(db, date) : null;
    if (kept) journals.set(date, kept);
    else open.push(date);
  }
  return { journals, open };
}

// Labels, in the request's language.

const method = (language: Language, m: string) => text(language, `invoice.method.${m}`);
const ref = (reference: string) => formatBookingReference(reference);

/** A charge's or a correction's words: as posted, or (a room night posts none) the night or its department. */
function chargeText(source: Extract<KeptSource, { kind: 'folio' }>, language: Language): string {
  if (source.text.trim()) return source.text;
  if (source.night) return text(language, 'journal.night', { night: stayDate(source.night, language) });
  return source.department ? text(language, `invoice.department.${source.department}`) : '';
}

/** A detail line's label: what it is, of which stay or document. */
function detailLabel(source: KeptSource, document: string | undefined, language: Language): string {
  const line = (reference: string, what: string) =>
    reference ? text(language, 'journal.line', { ref: ref(reference), what }) : what;
  switch (source.kind) {
    case 'folio': {
      const what =
        source.what === 'payment'
          ? text(language, 'journal.payment', { method: method(language, source.method ?? 'cash') })
          : source.what === 'refund'
            ? text(language, 'journal.refund', { method: method(language, source.method ?? 'cash') })
            : source.what === 'transfer'
              ? text(language, 'journal.transfer', { partner: source.partner ?? '' })
              : chargeText(source, language);
      return line(source.ref, document ? `${what} (${document})` : what);
    }
    case 'rounding':
      return line(source.ref, text(language, 'journal.rounding', { document: document ?? '' }));
    case 'company_payment':
      return text(language, 'journal.company_payment', {
        partner: source.partner,
        method: method(language, source.method),
      });
    case 'outlet':
      return text(language, source.sign > 0 ? 'journal.outlet_sale' : 'journal.outlet_void', {
        outlet: language === 'ar' ? source.outletAr : source.outletEn,
        check: source.check,
      });
    case 'deposit':
      return line(
        source.ref,
        text(language, source.held ? 'journal.deposit_held' : 'journal.deposit_applied'),
      );
    case 'commission':
      return line(source.ref, text(language, 'journal.commission', { partner: source.partner }));
  }
}

/** The debit and credit of a signed amount. */
const sides = (amount: number) => ({
  debitBaisa: amount > 0 ? amount : 0,
  creditBaisa: amount < 0 ? -amount : 0,
});

/** The categories of a kept journal that have no account in `chart` (each named once). */
export function unmappedOf(journal: KeptJournal, chart: Chart): string[] {
  const missing = new Set<string>();
  for (const line of journal.lines)
    if (!chart.resolve(line.category)) missing.add(chart.missingOf(line.category));
  return [...missing].sort();
}

type Grouped = {
  key: string;
  account: string;
  name: string;
  line: KeptLine;
  amount: number;
  categories: Set<string>;
};

/**
 * A day's lines summed by account (and partner, tax and document): each group's net, a debit or a
 * credit, in the order of the accounts' codes. Without a chart (an unmapped day's total on the
 * screen), by category.
 */
function summarise(journal: KeptJournal, chart: Chart | null): Grouped[] {
  const groups = new Map<string, Grouped>();
  for (const line of journal.lines) {
    const target = chart ? chart.resolve(line.category) : null;
    const account = target?.account ?? line.category;
    const key = [account, line.partner ?? '', line.taxCode ?? '', line.document ?? ''].join('\u0000');
    const group = groups.get(key) ?? {
      key,
      account,
      name: target?.name ?? line.category,
      line,
      amount: 0,
      categories: new Set<string>(),
    };
    group.amount += line.amountBaisa;
    group.categories.add(line.category);
    groups.set(key, group);
  }
  return [...groups.values()]
    .filter((g) => g.amount !== 0)
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** A kept journal as its entry, the chart applied (every category has an account). */
function entryOf(journal: KeptJournal, chart: Chart, detail: boolean, language: Language): JournalEntry {
  const extras = (line: KeptLine) => ({
    ...(line.partner ? { partner: line.partner } : {}),
    ...(line.taxCode ? { taxCode: line.taxCode } : {}),
    ...(line.document ? { document: line.document } : {}),
  });
  const lines: JournalLine[] = detail
    ? journal.lines.map((line) => ({
        account: chart.resolve(line.category)!.account,
        label: detailLabel(line.source, line.document, language),
        ...sides(line.amountBaisa),
        ...extras(line),
        categories: [line.category],
      }))
    : summarise(journal, chart).map((g) => ({
        account: g.account,
        label: g.line.document ? `${g.name} · ${g.line.document}` : g.name,
        ...sides(g.amount),
        ...extras(g.line),
        categories: [...g.categories].sort(),
      }));
  return {
    date: journal.date,
    ref: journalEntryRef(journal.date),
    label: text(language, 'journal.entry', { date: stayDate(journal.date, language) }),
    lines,
  };
}

/**
 * GET /api/admin/accounting/journal: the entries of the closed days `from`..`to` (409
 * `accounting_day_open` naming the days not closed; 409 `accounting_unmapped` naming the categories
 * without an account). A day with nothing to book has no entry.
 */
export async function readJournal(
  db: Db,
  query: { from: string; to: string; single: boolean; detail: boolean },
  language: Language,
): Promise<JournalAnswer> {
  const [{ journals, open }, chart] = await Promise.all([
    keptJournals(db, query.from, query.to),
    readChart(db),
  ]);
  if (open.length > 0) throw new ApiError(409, 'accounting_day_open', undefined, { dates: open });
  const days = [...journals.values()].sort((a, b) => (a.date < b.date ? -1 : 1));
  const missing = [...new Set(days.flatMap((j) => unmappedOf(j, chart)))].sort();
  if (missing.length > 0) throw new ApiError(409, 'accounting_unmapped', undefined, { missing });
  const entries = days
    .map((j) => entryOf(j, chart, query.detail, language))
    .filter((entry) => entry.lines.length > 0);
  const totals = { debitBaisa: 0, creditBaisa: 0 };
  for (const line of entries.flatMap((e) => e.lines)) {
    totals.debitBaisa += line.debitBaisa;
    totals.creditBaisa += line.creditBaisa;
  }
  return {
    ...(query.single ? { date: query.from } : {}),
    from: query.from,
    to: query.to,
    detail: query.detail,
    entries,
    totals,
  };
}

/** The journal's code in the accounting system (the CSV's first column). */
export async function journalCode(db: Db): Promise<string> {
  return (await readChart(db)).journal;
}

/**
 * GET /api/admin/accounting/days?month: each day of the month, open or closed (and, closed, whether
 * every category of its journal has an account), with its total.
 */
export async function journalMonth(db: Db, month: string): Promise<JournalMonth> {
  const from = `${month}-01`;
  const last = addDays(`${addDays(from, 31).slice(0, 7)}-01`, -1);
  const [{ journals }, chart] = await Promise.all([keptJournals(db, from, last), readChart(db)]);
  const days: JournalDay[] = datesBetween(from, last).map((date) => {
    const journal = journals.get(date);
    if (!journal) return { date, state: 'open', debitBaisa: 0, missing: [] };
    const missing = unmappedOf(journal, chart);
    const groups = summarise(journal, missing.length === 0 ? chart : null);
    const debitBaisa = groups.reduce((sum, g) => sum + Math.max(0, g.amount), 0);
    return { date, state: missing.length > 0 ? 'unmapped' : 'closed', debitBaisa, missing };
  });
  return { month, days };
}
