import { env } from 'cloudflare:workers';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/d1';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, signUp } from '@worker-test/helpers';
import { adminCookie, closedDay, day, grantCookie, json, staffCookie } from '@worker-test/builders';
import { post, posted, pricedStay, readFolio, refusal, type Line } from '@worker-test/folio';
import { groupFolioHasLinesSql } from './';

/**
 * Master billing of a group block (decision 076): the members' room nights and their taxes go on
 * the group's folio wherever room nights are posted (the day close, the check-out), their extras
 * on their own; a member checks out paying only their extras; the group folio is paid, invoiced
 * to the company on one tax invoice numbered in the one gapless series, and moved to its account;
 * the integrity check finds it adding up.
 */

let staff: string;
let manager: string;
beforeAll(async () => {
  staff = await staffCookie();
  manager = await adminCookie();
});

type GroupFolio = {
  groupId: number;
  name: string;
  companyName: string | null;
  balanceBaisa: number;
  lines: (Line & { bookingId: number; guestName: string })[];
  invoices: { id: number; number: string; totalBaisa: number }[];
};
type Invoice = {
  id: number;
  number: string;
  groupId?: number | null;
  customer: { nameEn: string; vatNumber: string };
  lines: {
    department: string;
    night?: string;
    amountBaisa: number;
    roomNameEn?: string;
    roomNameAr?: string;
    /** The document's rounding of its taxes (decision 068), a line of its own. */
    rounding?: boolean;
  }[];
  totalBaisa: number;
};

const first = async <T>(query: string, ...binds: unknown[]) =>
  (await env.DB.prepare(query)
    .bind(...binds)
    .first<T>())!;

/** A company account (the city ledger's profile of a company). */
const company = async (name: string) =>
  (
    await first<{ id: number }>(
      `insert into city_ledger_accounts (name, vat_number, address) values (?, 'OM1100223344', 'Duqm') returning id`,
      name,
    )
  ).id;

/** A definite block holding `rooms` silver rooms each of `nights` nights from `from` days ago. */
async function block(name: string, billing: 'master' | 'individual', companyId: number | null, rooms = 6) {
  const { id } = await first<{ id: number }>(
    `insert into group_blocks (name, company_id, rate_plan, status, release_date, billing)
     values (?, ?, (select code from rate_plans order by rowid limit 1), 'definite', ?, ?) returning id`,
    name,
    companyId,
    day(-10),
    billing,
  );
  await env.DB.batch(
    [day(-3), day(-2), day(-1)].map((night) =>
      env.DB.prepare(
        `insert into group_block_nights (group_id, room_type, night, held) values (?, 'silver', ?, ?)`,
      ).bind(id, night, rooms),
    ),
  );
  return id;
}

/** A member of group `groupId` in room `number`, in house for three nights to today, each night 20.000. */
async function member(groupId: number, number: string) {
  const id = await pricedStay(number, -3, [20_000, 20_000, 20_000]);
  await env.DB.prepare('update booking_submissions set group_id = ?, checked_in_at = ? where id = ?')
    .bind(groupId, Date.now() - 3 * 86_400_000, id)
    .run();
  return id;
}

const groupPath = (id: number, what = '') => `/api/admin/groups/${id}/folio${what}`;
const groupFolio = async (id: number) => {
  const res = await call(groupPath(id), { cookie: staff });
  expect(res.status, await res.clone().text()).toBe(200);
  return json<GroupFolio>(res);
};
const groupPost = (id: number, what: string, body: unknown = {}, cookie = staff, key?: string) =>
  call(groupPath(id, what), {
    method: 'POST',
    cookie,
    json: body,
    lang: 'en',
    headers: key ? { 'idempotency-key': key } : undefined,
  });
const checkOut = (id: number) =>
  call(`/api/booking-submissions/${id}/check-out`, { method: 'POST', cookie: staff, json: {}, lang: 'en' });
const minibar = { department: 'minibar', description: 'Minibar', quantity: 1, amountBaisa: 3_150 };

describe('a master-billed group block', () => {
  it("posts the members' room nights to the group, checks each member out on their extras, invoices the company once and moves the balance to its account", async () => {
    const lng = await company('Oman LNG');
    const group = await block('Oman LNG delegation', 'master', lng);
    const a = await member(group, '401');
    const b = await member(group, '402');
    await posted(await post(a, 'charges', minibar));
    await posted(await post(b, 'charges', { ...minibar, amountBaisa: 1_050 }));

    // The night audit of the first two nights posts them to the group's folio, not the members'.
    await closedDay(day(-3), manager);
    await closedDay(day(-2), manager);
    const own = await readFolio(a);
    expect(own.lines.map((l) => l.department)).toEqual(['minibar']);
    expect(own.balanceBaisa).toBe(3_150);
    let folio = await groupFolio(group);
    expect(folio.lines.map((l) => [l.bookingId, l.night])).toEqual([
      [a, day(-3)],
      [b, day(-3)],
      [a, day(-2)],
      [b, day(-2)],
    ]);
    expect(folio.balanceBaisa).toBe(80_000);
    // Each room night carries its taxes, as a stay's does (prices include them).
    expect(folio.lines.every((l) => l.netBaisa! < l.amountBaisa && l.taxes.length > 0)).toBe(true);

    // The desk sees a member owing only their extras; the check-out asks only for them.
    type Desk = { departures: { id: number; balanceBaisa: number; expectedBalanceBaisa?: number }[] };
    const desk = await json<Desk>(await call('/api/front-desk', { cookie: staff }));
    const row = desk.departures.find((d) => d.id === a)!;
    expect(row.balanceBaisa).toBe(3_150);
    if (row.expectedBalanceBaisa !== undefined) expect(row.expectedBalanceBaisa).toBe(3_150);
    // The guest's own payment page asks for no deposit and no room night: only the extras.
    const summary = await json<{ dueNowBaisa: number; outstandingBaisa: number }>(
      await call(`/api/booking-submissions/${a}/payments`, { cookie: staff }),
    );
    expect(summary).toMatchObject({ dueNowBaisa: 0, outstandingBaisa: 3_150 });
    expect(await refusal(await checkOut(a))).toMatchObject({
      status: 409,
      code: 'balance_due',
      balanceBaisa: 3_150,
    });
    await posted(await post(a, 'payments', { method: 'cash', amountBaisa: 3_150 }));
    const outA = await checkOut(a);
    expect(outA.status, await outA.clone().text()).toBe(200);
    await posted(await post(b, 'payments', { method: 'card', amountBaisa: 1_050 }));
    const outB = await checkOut(b);
    expect(outB.status, await outB.clone().text()).toBe(200);
    // The check-out posted the last night, to the group too; each member's own folio is settled.
    expect((await readFolio(a)).balanceBaisa).toBe(0);
    expect((await readFolio(b)).lines.every((l) => l.department !== 'room')).toBe(true);
    folio = await groupFolio(group);
    expect(folio.lines.filter((l) => l.department === 'room')).toHaveLength(6);
    expect(folio.balanceBaisa).toBe(120_000);

    // A payment on the group's folio; sent again with its Idempotency-Key (a double tap), one line.
    const payment = { method: 'bank_transfer', amountBaisa: 20_000 };
    const paid = await groupPost(group, '/payments', payment, staff, 'group-pay-1');
    expect(paid.status, await paid.clone().text()).toBe(201);
    const taken = await json<{ line: Line; balanceBaisa: number }>(paid);
    expect(taken.balanceBaisa).toBe(100_000);
    const again = await groupPost(group, '/payments', payment, staff, 'group-pay-1');
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await json<{ line: Line; balanceBaisa: number }>(again)).toMatchObject({
      line: { id: taken.line.id },
      balanceBaisa: 100_000,
    });
    expect((await groupFolio(group)).lines.filter((l) => l.kind === 'payment')).toHaveLength(1);

    // One tax invoice of every room night, to the company, next in the one series.
    const before = await first<{ last: number }>(
      `select coalesce(max(sequence), 0) as last from invoices where kind = 'invoice' and year = ?`,
      Number(day(0).slice(0, 4)),
    );
    const issued = await groupPost(group, '/invoices');
    expect(issued.status, await issued.clone().text()).toBe(201);
    const { invoice } = await json<{ invoice: Invoice }>(issued);
    expect(invoice.groupId).toBe(group);
    expect(invoice.customer).toMatchObject({ nameEn: 'Oman LNG', vatNumber: 'OM1100223344' });
    const nights = invoice.lines.filter((l) => !l.rounding);
    expect(nights.map((l) => l.department)).toEqual(Array(6).fill('room'));
    // Each night names its stay's room type, in both languages; the document's rounding none.
    expect(nights.every((l) => l.roomNameEn && l.roomNameAr)).toBe(true);
    expect(invoice.lines.filter((l) => l.rounding).every((l) => !l.roomNameEn && l.amountBaisa === 0)).toBe(
      true,
    );
    expect(invoice.totalBaisa).toBe(120_000);
    expect(invoice.number).toBe(`INV-${day(0).slice(0, 4)}-${String(before.last + 1).padStart(6, '0')}`);
    folio = await groupFolio(group);
    expect(folio.invoices.map((i) => i.id)).toEqual([invoice.id]);
    expect(folio.lines.filter((l) => l.department === 'room').every((l) => l.invoiceId === invoice.id)).toBe(
      true,
    );

    // Its printable page names the group, not the booking that holds its folio.
    const page = await (await call(`/invoices/${invoice.id}`, { cookie: staff })).text();
    expect(page).toContain('Oman LNG delegation');
    const holder = await first<{ reference: string }>(
      'select reference from booking_submissions where id = ?',
      a,
    );
    expect(page).not.toContain(holder.reference);

    // Twice: nothing left to invoice, and no number taken.
    expect(await refusal(await groupPost(group, '/invoices'))).toMatchObject({
      status: 409,
      code: 'nothing_to_invoice',
    });
    // Another group's id takes none of this group's lines.
    const other = await block('Wedding party', 'master', lng, 1);
    await member(other, '403');
    expect(await refusal(await groupPost(other, '/invoices'))).toMatchObject({
      status: 409,
      code: 'nothing_to_invoice',
    });
    const individual = await block('Tour', 'individual', lng, 1);
    expect((await refusal(await groupPost(individual, '/invoices'))).code).toBe('group_not_master_billed');
    expect((await refusal(await groupPost(999_999, '/invoices'))).code).toBe('group_not_found');
    // A guest's session may neither issue nor read the group's bill, even holding a member's booking.
    const { cookie: guest } = await signUp();
    expect((await groupPost(group, '/invoices', {}, guest)).status).toBe(403);
    expect((await call(groupPath(group), { cookie: guest })).status).toBe(403);
    const granted = await grantCookie({ id: a, checkOutDate: day(0) });
    expect((await call(`/api/invoices/${invoice.id}`, { cookie: granted })).status).toBe(404);
    expect(
      await first<{ n: number }>(
        `select count(*) as n from invoices where kind = 'invoice' and sequence > ?`,
        before.last,
      ),
    ).toEqual({ n: 1 });

    // The balance to the company's account.
    const moved = await groupPost(group, '/transfer');
    expect(moved.status, await moved.clone().text()).toBe(201);
    expect((await json<{ balanceBaisa: number }>(moved)).balanceBaisa).toBe(0);
    expect(
      await first(`select balance_baisa as balance from city_ledger_accounts where id = ?`, lng),
    ).toEqual({
      balance: 100_000,
    });
    expect((await refusal(await groupPost(group, '/transfer'))).code).toBe('group_folio_settled');

    // The integrity check: every folio, the group's, the company's account and the documents add up.
    type Report = { violations: { check: string; detail: Record<string, unknown> }[] };
    const run = await json<{ report: Report }>(
      await call('/api/admin/integrity/run', { method: 'POST', cookie: manager }),
    );
    const money = run.report.violations.filter((v) =>
      /^(folio|group_folio|city_ledger|invoice|day_close)/.test(v.check),
    );
    expect(money).toEqual([]);
  });

  it('issues one invoice when two are asked at once, and credits it on the group folio and the company account', async () => {
    const lng = await company('Petroleum Development');
    const group = await block('PDO training', 'master', lng, 2);
    const a = await member(group, '405');
    const b = await member(group, '406');
    // The nights no day close posted (the first test closed the first two) are posted by the check-outs.
    for (const id of [a, b]) {
      const out = await checkOut(id);
      expect(out.status, await out.clone().text()).toBe(200);
    }
    expect((await groupFolio(group)).balanceBaisa).toBe(120_000);
    const [one, two] = await Promise.all([groupPost(group, '/invoices'), groupPost(group, '/invoices')]);
    expect([one.status, two.status].sort()).toEqual([201, 409]);
    const { invoice } = await json<{ invoice: Invoice }>(one.status === 201 ? one : two);
    expect(invoice.lines.filter((l) => !l.rounding)).toHaveLength(6);
    expect((await groupPost(group, '/transfer')).status).toBe(201);
    // A manager's credit note of one night: corrected on the group's folio, moved back to the company.
    const noted = await call(`/api/admin/invoices/${invoice.id}/credit-notes`, {
      method: 'POST',
      cookie: manager,
      json: { reason: 'One night not stayed', amountBaisa: 20_000 },
      lang: 'en',
    });
    expect(noted.status, await noted.clone().text()).toBe(201);
    const folio = await groupFolio(group);
    // Spread over the invoice's six nights, as every credit note by amount is.
    const corrections = folio.lines.filter((l) => l.kind === 'correction');
    expect(corrections).toHaveLength(6);
    expect(corrections.reduce((sum, l) => sum + l.amountBaisa, 0)).toBe(-20_000);
    expect(folio.lines.filter((l) => l.kind === 'refund').map((l) => [l.method, l.amountBaisa])).toEqual([
      ['city_ledger', 20_000],
    ]);
    expect(folio.balanceBaisa).toBe(0);
    expect(
      await first(`select balance_baisa as balance from city_ledger_accounts where id = ?`, lng),
    ).toEqual({
      balance: 100_000,
    });
    expect((await readFolio(a)).balanceBaisa).toBe(0);
    type Report = { violations: { check: string }[] };
    const run = await json<{ report: Report }>(
      await call('/api/admin/integrity/run', { method: 'POST', cookie: manager }),
    );
    expect(
      run.report.violations.filter((v) =>
        /^(folio|group_folio|city_ledger|invoice|document|credit_note)/.test(v.check),
      ),
    ).toEqual([]);
    // Each document's rounding is on the group's folio (not a member's), tied to it.
    const documents = new Set(folio.invoices.map((i) => i.id));
    const roundings = folio.lines.filter((l) => l.kind === 'rounding');
    expect(roundings.length).toBeGreaterThan(0);
    expect(roundings.every((l) => documents.has(l.invoiceId!) && l.amountBaisa === 0)).toBe(true);
    expect((await readFolio(a)).lines.some((l) => l.kind === 'rounding')).toBe(false);
    // A block switched to individual billing takes no more lines on its folio: said, not a 500.
    await env.DB.prepare("update group_blocks set billing = 'individual' where id = ?").bind(group).run();
    const late = await call(`/api/admin/invoices/${invoice.id}/credit-notes`, {
      method: 'POST',
      cookie: manager,
      json: { reason: 'Another night', amountBaisa: 1_000 },
      lang: 'en',
    });
    expect((await refusal(late)).code).toBe('group_not_master_billed');
  });

  it("refuses a member's folio correcting a room night of the group's, and finds a group balance written by hand", async () => {
    const group = await block('Conference', 'master', await company('Conference LLC'), 1);
    const a = await member(group, '404');
    const hasLines = async () =>
      (await drizzle(env.DB).get<{ has: number }>(sql`select ${groupFolioHasLinesSql(group)} as has`)).has;
    expect(await hasLines()).toBe(0);
    const nightLine = await first<{ id: number }>(
      `insert into folio_lines (booking_id, group_id, kind, department, amount_baisa, net_baisa, business_date, night)
       values (?, ?, 'charge', 'room', 20000, 17391, ?, ?) returning id`,
      a,
      group,
      day(0),
      day(-3),
    );
    expect((await readFolio(a)).lines).toEqual([]);
    expect(await hasLines()).toBe(1);
    expect(
      (await refusal(await post(a, 'corrections', { lineId: nightLine.id, reason: 'Wrong rate' }))).code,
    ).toBe('folio_line_not_found');
    expect((await groupFolio(group)).balanceBaisa).toBe(20_000);
    await env.DB.prepare('update group_folios set balance_baisa = balance_baisa + 5 where group_id = ?')
      .bind(group)
      .run();
    type Report = { violations: { check: string; detail: Record<string, unknown> }[] };
    const run = await json<{ report: Report }>(
      await call('/api/admin/integrity/run', { method: 'POST', cookie: manager }),
    );
    expect(run.report.violations.filter((v) => v.check === 'group_folio_balance_not_lines')).toEqual([
      { check: 'group_folio_balance_not_lines', detail: { groupId: group, balance: 20_005, lines: 20_000 } },
    ]);
  });
});
