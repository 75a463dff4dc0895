import { env } from 'cloudflare:workers';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AccountsAnswer, JournalAnswer, JournalMonth } from '@shared/accounting';
import { addDays, hotelToday } from '@shared/dates';
import type { DayCloseReport } from '@shared/day-close';
import { hotelInstant } from '@shared/stay-policy';
import {
  book,
  closedDay,
  count,
  json,
  markCheckedIn,
  one,
  oncePerFile,
  rows,
  setBookingStatus,
  staffAccount,
  payOnline,
  type HotelRole,
} from '@worker-test/builders';
import { breakfast, post, posted, pricedStay } from '@worker-test/folio';
import { call, signUp } from '@worker-test/helpers';
import { OMAN_CHART, odooImport } from '@worker-test/odoo-import';
import { expectNoFullScans, signInForPlans, through, type Recorded } from '@worker-test/query-plans';
import { check, outletWithItems, type Check } from '@worker-test/outlets';

/**
 * The accountant's journal through its API (docs/decisions/100): two business days lived through
 * the desk, the outlets and the payments (today, then tomorrow on a clock moved forward), each
 * closed by a manager. Only managers and admins read or change the books; an outlet without an
 * account refuses the export and names itself; a closed day's file is the same bytes every time,
 * also after a credit note of its invoice, which lands in its own day's journal with the document
 * named; a paid outlet's sale and its void, a deposit paid before arrival, a travel agent's
 * commission (kept as the day closed) and a day closed before the journal existed.
 */

const T = hotelToday();
const T1 = addDays(T, 1);
const manager = oncePerFile(() => staffAccount({ role: 'manager' }).then((a) => a.cookie));

const api = async (
  path: string,
  init: { method?: string; json?: unknown; lang?: 'ar' | 'en'; cookie?: string } = {},
) =>
  call(`/api/admin/accounting${path}`, {
    method: init.method ?? 'GET',
    cookie: init.cookie ?? (await manager()),
    lang: init.lang ?? 'en',
    ...(init.json === undefined ? {} : { json: init.json }),
  });
const journalOf = async (query: string) => {
  const res = await api(`/journal?${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return json<JournalAnswer>(res);
};
const bytesOf = async (query: string, lang: 'ar' | 'en' = 'en') => {
  const res = await api(`/journal?${query}&format=csv`, { lang });
  expect(res.status, await res.clone().text()).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
};
type ErrorBody = {
  error: {
    code: string;
    message: string;
    missing?: string[];
    dates?: string[];
    fields?: Record<string, string>;
  };
};
const refusal = async (res: Response) => ({ status: res.status, ...(await json<ErrorBody>(res)).error });

/** The clock of the product moved to `date` at `time` (Muscat), or back to real time. */
const clockAt = (date: string, time: string) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(hotelInstant(date, time));
};

let cafe: Awaited<ReturnType<typeof outletWithItems>>;
let stayA: number;
let stayC: number;
let prepaid: number;
let invoiceA: { id: number; lines: { folioLineId: number; department: string }[] };
let firstCsv: Uint8Array;
let agentId: number;

beforeAll(async () => {
  const cookie = await manager();
  cafe = await outletWithItems();
  // Stay A: in house from today, breakfast, a cash payment, its invoice issued today.
  stayA = await pricedStay('309', 0, [30_000, 30_000]);
  await markCheckedIn(stayA);
  await posted(await post(stayA, 'charges', breakfast));
  await posted(await post(stayA, 'payments', { method: 'cash', amountBaisa: 10_000 }));
  const issued = await call(`/api/booking-submissions/${stayA}/invoices`, {
    method: 'POST',
    cookie,
    json: {},
  });
  expect(issued.status, await issued.clone().text()).toBe(201);
  invoiceA = (await json<{ invoice: typeof invoiceA }>(issued)).invoice;
  // Stay C: a travel agent's, one night in house.
  agentId = (await one<{ id: number }>(
    `select id from city_ledger_accounts where kind = 'travel_agent' order by id`,
  ))!.id;
  stayC = await pricedStay('310', 0, [40_000]);
  await env.DB.prepare('update booking_submissions set travel_agent_id = ? where id = ?')
    .bind(agentId, stayC)
    .run();
  await markCheckedIn(stayC);
  // A guest's stay from tomorrow, paid online today in full: money held before arrival.
  const guest = await signUp('Prepaid Guest');
  const booking = await book({ checkInDate: T1, checkOutDate: addDays(T1, 1) }, { cookie: guest.cookie });
  await setBookingStatus(booking.id, 'approved');
  await payOnline(booking.id, guest.cookie, { purpose: 'balance' });
  prepaid = booking.id;
  // The café sells over its till: one check paid in cash, one by card voided the same day.
  const sold = await check(
    cafe.id,
    { items: [{ itemId: cafe.coffee.id, quantity: 2 }], settle: { kind: 'paid', method: 'cash' } },
    cookie,
  );
  expect(sold.status, await sold.clone().text()).toBe(201);
  const voidable = (
    await json<{ check: Check }>(
      await check(
        cafe.id,
        { items: [{ itemId: cafe.cake.id, quantity: 1 }], settle: { kind: 'paid', method: 'card' } },
        cookie,
      ),
    )
  ).check;
  const voided = await call(`/api/outlets/checks/${voidable.id}/void`, {
    method: 'POST',
    cookie,
    json: { reason: 'Wrong table' },
  });
  expect(voided.status, await voided.clone().text()).toBe(200);
  await closedDay(T, cookie);
}, 60_000);

afterAll(() => {
  vi.useRealTimers();
});

describe('who reads and changes the books', () => {
  const lower: HotelRole[] = ['outlet', 'housekeeper', 'maintenance', 'staff'];
  const endpoints = [
    { method: 'GET', path: '/accounts' },
    { method: 'PUT', path: '/accounts', json: { journal: 'MISC', accounts: [] } },
    { method: 'GET', path: `/journal?date=${T}` },
    { method: 'GET', path: `/journal?date=${T}&format=csv` },
    { method: 'GET', path: `/days?month=${T.slice(0, 7)}` },
  ];

  it('refuses every endpoint to each role below a manager, to a guest and to nobody signed in', async () => {
    const cookies: [string, string | undefined][] = [
      ['nobody', undefined],
      ['guest', (await signUp('Curious Guest')).cookie],
      ...(await Promise.all(
        lower.map(async (role) => [role, (await staffAccount({ role })).cookie] as [string, string]),
      )),
    ];
    for (const [who, cookie] of cookies) {
      for (const e of endpoints) {
        const res = await call(`/api/admin/accounting${e.path}`, {
          method: e.method,
          ...(cookie ? { cookie } : {}),
          ...(e.json ? { json: e.json } : {}),
        });
        expect(res.status, `${who} ${e.method} ${e.path}`).toBe(cookie ? 403 : 401);
        // Nothing of the books in a refusal.
        expect(await res.text()).not.toContain('400101');
      }
    }
    expect(await count(`select count(*) as n from audit_log where action = 'accounting.accounts'`)).toBe(0);
  });

  it('lets managers and admins read them', async () => {
    const admin = (await staffAccount({ role: 'admin' })).cookie;
    for (const cookie of [await manager(), admin])
      for (const e of endpoints.filter((x) => x.method === 'GET'))
        expect((await api(e.path, { cookie })).status, e.path).not.toBe(403);
  });
});

describe('the hotel’s accounts', () => {
  it('lists every category with Odoo’s Oman chart as the default, the room types, outlets and taxes named', async () => {
    const answer = await json<AccountsAnswer>(await api('/accounts'));
    expect(answer.journal).toBe('MISC');
    const of = (category: string) => answer.accounts.find((a) => a.category === category);
    expect(of('room')).toMatchObject({ account: '400101', name: 'Sales Account', isDefault: true });
    expect(of('tax:vat')).toMatchObject({ account: '200902', name: 'VAT Output' });
    expect(of('tax:tourism_levy')).toMatchObject({ account: '200905' });
    expect(of('deposits')).toMatchObject({ account: '200401', name: 'Deferred income' });
    expect(of('city_ledger')).toMatchObject({ account: '100201' });
    expect(of('commissions')).toMatchObject({ account: '200202' });
    expect(of('payment:cash')).toMatchObject({ account: '100901' });
    expect(of('room:gold')).toMatchObject({ account: '', subject: { en: expect.any(String) } });
    // A new outlet has no account until a manager gives it one.
    expect(of(`outlet:${cafe.id}`)).toMatchObject({
      account: '',
      subject: { ar: 'مقهى الواحة', en: 'Oasis Café' },
    });
    for (const c of [
      'extra:breakfast',
      'extra:restaurant',
      'extra:minibar',
      'extra:laundry',
      'extra:spa',
      'extra:other',
      'payment:card',
      'payment:online',
      'payment:ota_collect',
      'guest_ledger',
      'commission_expense',
      'rounding',
    ])
      expect(of(c)?.account, c).not.toBe('');
  });

  it('blocks the export while a category of the day has no account, and names it, in the asker’s language', async () => {
    const refused = await refusal(await api(`/journal?date=${T}`, { lang: 'ar' }));
    expect(refused).toMatchObject({
      status: 409,
      code: 'accounting_unmapped',
      missing: [`outlet:${cafe.id}`],
    });
    expect(refused.message).toMatch(/[\u0600-\u06FF]/);
    expect((await refusal(await api(`/journal?date=${T}&format=csv`))).missing).toEqual([
      `outlet:${cafe.id}`,
    ]);
    const month = await json<JournalMonth>(await api(`/days?month=${T.slice(0, 7)}`));
    expect(month.days.find((d) => d.date === T)).toMatchObject({
      state: 'unmapped',
      missing: [`outlet:${cafe.id}`],
    });
  });

  it('saves a manager’s accounts with the audit line, digits typed in Arabic-Indic read, and refuses what is not one', async () => {
    const before = await json<AccountsAnswer>(await api('/accounts'));
    const accounts = before.accounts.map(({ category, account, name }) => ({ category, account, name }));
    const put = (body: unknown, lang: 'ar' | 'en' = 'en') =>
      api('/accounts', { method: 'PUT', json: body, lang });
    const cafeRow = { category: `outlet:${cafe.id}`, account: '٤٠٠١٠١', name: 'Sales Account' };
    const bad = await refusal(
      await put({ journal: 'MISC', accounts: [{ ...cafeRow, account: '40 01' }] }, 'ar'),
    );
    expect(bad).toMatchObject({ status: 400 });
    expect(Object.values(bad.fields ?? {}).join()).toMatch(/[\u0600-\u06FF]/);
    expect((await refusal(await put({ journal: 'MISC', accounts: [{ ...cafeRow, name: '' }] }))).status).toBe(
      400,
    );
    expect(
      await refusal(await put({ journal: 'MISC', accounts: [{ ...cafeRow, category: 'outlet:99999' }] })),
    ).toMatchObject({
      status: 400,
      code: 'accounting_category_unknown',
    });
    expect(await refusal(await put({ journal: 'MISC', accounts: [cafeRow, cafeRow] }))).toMatchObject({
      status: 400,
      code: 'accounting_category_duplicate',
    });
    expect((await refusal(await put({ journal: 'MISC LONG JOURNAL', accounts: [] }))).status).toBe(400);
    expect((await refusal(await put({ journal: 'MISC', accounts: 'all' }))).status).toBe(400);
    expect(
      (await refusal(await put({ journal: 'MISC', accounts: new Array(401).fill(cafeRow) }))).status,
    ).toBe(400);
    expect(await count(`select count(*) as n from audit_log where action = 'accounting.accounts'`)).toBe(0);

    const saved = await put({
      journal: 'MISC',
      accounts: accounts.map((a) => (a.category === cafeRow.category ? cafeRow : a)),
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const after = await json<AccountsAnswer & { message: string }>(saved);
    expect(after.accounts.find((a) => a.category === cafeRow.category)).toMatchObject({
      account: '400101',
      isDefault: false,
    });
    // A default saved again stays a default.
    expect(after.accounts.find((a) => a.category === 'room')).toMatchObject({
      account: '400101',
      isDefault: true,
    });
    const audit = await one<{ before: string; after: string }>(
      `select before, after from audit_log where action = 'accounting.accounts'`,
    );
    expect(audit!.after).toContain('400101');
    expect(await journalOf(`date=${T}`)).toMatchObject({ date: T });
  });
});

describe('a closed day’s journal', () => {
  it('balances, books the café’s sale over its till and its void, and the day close’s figures', async () => {
    const journal = await journalOf(`date=${T}&detail=1`);
    const report = await json<DayCloseReport>(
      await call(`/api/admin/day-close/${T}`, { cookie: await manager() }),
    );
    const lines = journal.entries.flatMap((e) => e.lines);
    expect(journal.totals.debitBaisa).toBe(journal.totals.creditBaisa);
    const net = (match: (c: string) => boolean) =>
      lines.filter((l) => match(l.categories[0]!)).reduce((s, l) => s + l.creditBaisa - l.debitBaisa, 0);
    const outlet = report.outlets.find((o) => o.outletId === cafe.id)!;
    // What the café sold over its till, less its void: its revenue and taxes are what was paid there.
    const cafeDocs = new Set(
      lines.filter((l) => l.categories[0] === `outlet:${cafe.id}`).map((l) => l.document),
    );
    expect(cafeDocs.size).toBe(3); // the cash sale, the card sale and the card sale's credit note
    const cafeTaxes = lines
      .filter((l) => l.categories[0]!.startsWith('tax:') && cafeDocs.has(l.document))
      .reduce((s, l) => s + l.creditBaisa - l.debitBaisa, 0);
    expect(net((c) => c === `outlet:${cafe.id}`) + cafeTaxes).toBe(outlet.paidBaisa);
    expect(net((c) => c === `outlet:${cafe.id}`)).toBe(outlet.revenueBaisa);
    for (const [code, amount] of Object.entries(report.taxesBaisa)) {
      const folioTaxes = lines
        .filter((l) => l.categories[0] === `tax:${code}` && !cafeDocs.has(l.document))
        .reduce((s, l) => s + l.creditBaisa - l.debitBaisa, 0);
      expect(folioTaxes, code).toBe(amount);
    }
    const cashSales = lines
      .filter((l) => l.categories[0] === 'payment:cash')
      .reduce((s, l) => s + l.debitBaisa - l.creditBaisa, 0);
    expect(cashSales).toBe((report.paymentsBaisa.cash ?? 0) + (outlet.paymentsBaisa.cash ?? 0));
    expect(net((c) => c === 'payment:card') || 0).toBe(0); // sold and voided the same day
    // The money paid online before arrival sits in deposits.
    expect(net((c) => c === 'deposits')).toBe(report.paymentsBaisa.online);
    // The travel agent's share of its stay's night.
    const commission = lines.filter((l) => l.categories[0] === 'commissions');
    expect(commission).toHaveLength(1);
    expect(commission[0]).toMatchObject({ partner: 'Gulf Horizons Travel' });
    const roomNetC = (
      await rows<{ net_baisa: number }>(
        `select net_baisa from folio_lines where booking_id = ? and night is not null`,
        stayC,
      )
    )[0]!.net_baisa;
    expect(commission[0]!.creditBaisa).toBe(Math.round(roomNetC / 10));
  });

  it('is exported in Odoo’s import format, the same bytes every time', async () => {
    firstCsv = await bytesOf(`date=${T}`);
    expect(await bytesOf(`date=${T}`)).toEqual(firstCsv);
    const partners = (await rows<{ name: string }>('select name from city_ledger_accounts')).map(
      (r) => r.name,
    );
    const [move] = odooImport(firstCsv, { ...OMAN_CHART, partners });
    expect(move).toMatchObject({ journal: 'MISC', date: T, ref: `HTL/${T}` });
    const text = new TextDecoder().decode(firstCsv);
    expect(text.split('\r\n')[0]).toBe(
      'Journal,Date,Reference,Journal Items/Account,Journal Items/Label,Journal Items/Partner,Journal Items/Debit,Journal Items/Credit',
    );
    expect(text).toMatch(/,\d+\.\d{3},\d+\.\d{3}\r\n/);
  });

  it('refuses a day not closed yet, naming it, and what no journal query is', async () => {
    expect(await refusal(await api(`/journal?date=${T1}`))).toMatchObject({
      status: 409,
      code: 'accounting_day_open',
      dates: [T1],
    });
    expect(await refusal(await api(`/journal?from=${T}&to=${T1}&format=csv`))).toMatchObject({ dates: [T1] });
    for (const query of [
      'date=2026-02-30',
      'date=yesterday',
      `date=${T}&from=${T}`,
      `from=${T}`,
      `from=${T1}&to=${T}`,
      `from=${addDays(T, -40)}&to=${T}`,
      `date=${T}&detail=maybe`,
      `date=${T}&format=xml`,
      '',
    ]) {
      const res = await api(`/journal?${query}`);
      expect(res.status, query).toBe(400);
    }
    expect((await api('/days?month=2026-13')).status).toBe(400);
    expect((await api('/days?month=٢٠٢٦-٠٣')).status).toBe(200);
  });
});

describe('after the day closed', () => {
  it('puts a credit note of the closed day’s invoice, and a late charge, in the journal of the day they were made', async () => {
    clockAt(T1, '10:00');
    try {
      const cookie = await manager();
      const breakfastLine = invoiceA.lines.find((l) => l.department === 'breakfast')!;
      const credited = await call(`/api/admin/invoices/${invoiceA.id}/credit-notes`, {
        method: 'POST',
        cookie,
        json: { reason: 'Breakfast not taken', lineIds: [breakfastLine.folioLineId] },
      });
      expect(credited.status, await credited.clone().text()).toBe(201);
      const note = (await json<{ creditNote: { number: string } }>(credited)).creditNote;
      // A laundry bag found after the close, charged today.
      await posted(
        await post(stayA, 'charges', { department: 'laundry', description: 'Laundry', amountBaisa: 3_500 }),
      );
      // The agent's commission changes: the closed day's journal keeps what it was.
      const patched = await call(`/api/admin/city-ledger/${agentId}`, {
        method: 'PATCH',
        cookie,
        json: { commissionPercent: 20 },
      });
      expect(patched.status, await patched.clone().text()).toBe(200);
      await markCheckedIn(prepaid);
      await posted(await post(stayC, 'payments', { method: 'card', amountBaisa: 5_000 }));
      // The closed day's file: the same bytes as before all this.
      expect(await bytesOf(`date=${T}`)).toEqual(firstCsv);
      clockAt(T1, '23:30');
      await closedDay(T1, cookie);
      const journal = await journalOf(`date=${T1}&detail=1`);
      const lines = journal.entries.flatMap((e) => e.lines);
      const reversal = lines.filter((l) => l.document === note.number);
      expect(reversal.find((l) => l.categories[0] === 'extra:breakfast')?.debitBaisa).toBeGreaterThan(0);
      expect(reversal.every((l) => l.label.includes(note.number))).toBe(true);
      expect(lines.some((l) => l.categories[0] === 'extra:laundry' && l.creditBaisa > 0)).toBe(true);
      // The stay paid before arrival: its night applied the money held.
      const nightPrice = (await one<{ amount_baisa: number }>(
        'select amount_baisa from folio_lines where booking_id = ? and night is not null',
        prepaid,
      ))!.amount_baisa;
      const held = lines.filter((l) => l.categories[0] === 'deposits');
      expect(held.reduce((s, l) => s + l.debitBaisa - l.creditBaisa, 0)).toBe(nightPrice);
      // Summed by account, the credit note's lines are named by it.
      const summary = await journalOf(`date=${T1}`);
      const summed = summary.entries[0]!.lines.filter((l) => l.document === note.number);
      expect(summed.length).toBeGreaterThan(0);
      expect(summed.every((l) => l.label.endsWith(note.number))).toBe(true);
      const net = (of: typeof lines) => of.reduce((s, l) => s + l.debitBaisa - l.creditBaisa, 0);
      for (const account of new Set(reversal.map((l) => l.account)))
        expect(net(summed.filter((l) => l.account === account)), account).toBe(
          net(reversal.filter((l) => l.account === account)),
        );
      expect(await bytesOf(`from=${T}&to=${T1}`)).toEqual(await bytesOf(`from=${T}&to=${T1}`));
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps a closed day’s journal as it is: never changed, never one for an open day', async () => {
    await expect(
      env.DB.prepare(`update accounting_journals set journal = '{}' where date = ?`).bind(T).run(),
    ).rejects.toThrow(/accounting_journal_kept/);
    await expect(env.DB.prepare('delete from accounting_journals').run()).rejects.toThrow(
      /accounting_journal_kept/,
    );
    await expect(
      env.DB.prepare(`insert into accounting_journals (date, journal) values (?, '{}')`)
        .bind(addDays(T, 5))
        .run(),
    ).rejects.toThrow(/accounting_day_open/);
  });

  it('keeps, once, the journal of a day closed before the journal existed, however many ask at once', async () => {
    const old = addDays(T, -30);
    await env.DB.prepare(`insert into day_closes (date, report, closed_at) values (?, '{}', ?)`)
      .bind(old, Date.now())
      .run();
    const answers = await Promise.all(Array.from({ length: 6 }, () => api(`/journal?date=${old}`)));
    expect(answers.map((a) => a.status)).toEqual(new Array(6).fill(200));
    expect(await count('select count(*) as n from accounting_journals where date = ?', old)).toBe(1);
    expect((await json<JournalAnswer>(answers[0]!)).entries).toEqual([]);
  });

  it('reads a day and a month along indexes: what the day touched, never the history', async () => {
    await signInForPlans();
    const old = addDays(T, -29);
    await env.DB.prepare(`insert into day_closes (date, report, closed_at) values (?, '{}', ?)`)
      .bind(old, Date.now())
      .run();
    for (const path of [
      `/api/admin/accounting/journal?date=${old}&detail=1`,
      `/api/admin/accounting/days?month=${T.slice(0, 7)}`,
    ]) {
      const log: Recorded[] = [];
      const res = await through(path, 'admin', {}, log);
      expect(res.status, path).toBe(200);
      // The folio's own reads name their tables by alias (f, r, o): counted as the tables they are.
      await expectNoFullScans(log, {
        alsoGrowing: [
          'accounting_journals',
          'day_closes',
          'outlet_checks',
          'outlet_check_voids',
          'f',
          'r',
          'o',
        ],
      });
    }
  });
});
