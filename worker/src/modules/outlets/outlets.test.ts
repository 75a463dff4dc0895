import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { describe, expect, it } from 'vitest';
import { hotelToday } from '@shared/dates';
import { OUTLET_RULES, hotelClock } from '@shared/outlets';
import { call } from '@worker-test/helpers';
import {
  adminCookie,
  closedDay,
  day,
  grantCookie,
  guest,
  json,
  one,
  staffAccount,
  staffCookie,
} from '@worker-test/builders';
import {
  check,
  folioLinesOf,
  inHouse,
  manager,
  outletWithItems,
  rows,
  toRoom,
  type Body,
  type Check,
} from '@worker-test/outlets';
import { chargeMinibar } from '.';

/**
 * The outlets (decision 090): their admin, the tablet's checks to rooms and paid here, voids, the
 * outside POS's charges with a key, the day's figures, and the rules each holds: who may use an
 * outlet, the guest's surname, the stay's flag and credit, one post per key however raced, the
 * folio's lines with the check's total (the integrity check), gapless invoice numbers. The outside
 * POS's charges: pos-charges.test.ts.
 */

const db = drizzle(env.DB);

describe('who may use an outlet', () => {
  it('outlet staff see and use only their outlets; a guest and the front desk’s staff off its list are refused', async () => {
    const waiter = await staffAccount({ role: 'outlet' });
    const { id: waiterId } = (await one<{ id: number }>(
      'select id from users where email = ?',
      waiter.email,
    ))!;
    const mine = await outletWithItems({}, [waiterId]);
    const other = await outletWithItems({ nameEn: 'Grill', nameAr: 'المشواة', kind: 'restaurant' });
    const list = await json<{ outlets: { id: number }[] }>(
      await call('/api/outlets', { cookie: waiter.cookie }),
    );
    expect(list.outlets.map((o) => o.id)).toEqual([mine.id]);
    expect((await call(`/api/outlets/${mine.id}`, { cookie: waiter.cookie })).status).toBe(200);
    const theirs = await call(`/api/outlets/${other.id}`, { cookie: waiter.cookie, lang: 'ar' });
    expect(theirs.status).toBe(403);
    expect((await json<Body>(theirs)).error!.code).toBe('outlet_not_yours');
    const post = await check(other.id, toRoom(other.coffee.id, 1, '101', 'x'), waiter.cookie);
    expect(post.status).toBe(403);
    // A guest: no outlet, no admin; the desk's staff: no admin of outlets.
    const { cookie: guestCookie } = await guest();
    expect((await call('/api/outlets', { cookie: guestCookie })).status).toBe(403);
    expect((await call(`/api/outlets/${mine.id}`, { cookie: guestCookie })).status).toBe(403);
    expect((await call('/api/admin/outlets', { cookie: guestCookie })).status).toBe(403);
    expect((await call('/api/admin/outlets', { cookie: waiter.cookie })).status).toBe(403);
    expect((await call('/api/admin/outlets', { cookie: await staffCookie() })).status).toBe(403);
    expect((await call('/api/admin/outlets', { cookie: await manager() })).status).toBe(200);
    expect((await call('/api/outlets')).status).toBe(401);
  });

  it('refuses a bad outlet or item with the field’s error in the user’s language, and never a 500', async () => {
    const cookie = await manager();
    const bad = await call('/api/admin/outlets', {
      method: 'POST',
      cookie,
      lang: 'ar',
      json: { nameAr: '', nameEn: 'X', kind: 'casino', opensAt: '25:00', closesAt: '10:00' },
    });
    expect(bad.status).toBe(400);
    const body = await json<{ error: { fields: Record<string, string> } }>(bad);
    expect(Object.keys(body.error.fields).sort()).toEqual(['kind', 'nameAr', 'opensAt']);
    expect(body.error.fields.kind).toMatch(/[\u0600-\u06ff]/);
    const { id } = await outletWithItems();
    for (const json of [
      { nameAr: 'أ', nameEn: 'A', priceBaisa: 0, department: 'restaurant' },
      { nameAr: 'أ', nameEn: 'A', priceBaisa: 100, department: 'room' },
      'x',
    ]) {
      const res = await call(`/api/admin/outlets/${id}/items`, { method: 'POST', cookie, json });
      expect(res.status).toBe(400);
    }
    expect((await call('/api/admin/outlets/99999/items', { cookie })).status).toBe(404);
  });
});

describe('a check to a room', () => {
  it('posts two coffees to the room in one batch: the check, its lines on the folio with the outlet’s name, the balance', async () => {
    const cafe = await outletWithItems();
    const booking = await inHouse('304', 'Ahmed Al Busaidi');
    const res = await check(cafe.id, toRoom(cafe.coffee.id, 2, '٣٠٤', 'al-busaidi'), await manager());
    expect(res.status, await res.clone().text()).toBe(201);
    const { check: posted, message } = await json<{ check: Check; message: string }>(res);
    expect(message).toBe(`Check ${posted.checkNumber} is charged to room 304`);
    expect(posted).toMatchObject({
      settlement: 'room',
      totalBaisa: 3_000,
      checkNumber: '1',
      invoiceNumber: null,
    });
    // The café's coffee bears the tourism levy as the restaurant does, and VAT on it.
    expect(posted.lines[0]!.taxes.map((t) => t.code)).toEqual(['tourism_levy', 'vat']);
    expect(posted.netBaisa + posted.taxBaisa).toBe(3_000);
    const lines = await folioLinesOf(booking);
    expect(lines).toEqual([
      {
        kind: 'charge',
        amount_baisa: 3_000,
        department: 'restaurant',
        outlet_check_id: posted.id,
        description: 'Oasis Café, check 1: Arabic coffee · مقهى الواحة رقم ١: قهوة عربية',
      },
    ]);
    const { folio_balance_baisa } = (await one<{ folio_balance_baisa: number }>(
      'select folio_balance_baisa from booking_submissions where id = ?',
      booking,
    ))!;
    expect(folio_balance_baisa).toBe(3_000);
    // The guest sees it on their bill, the outlet named.
    const bill = await call(`/api/booking-submissions/${booking}/folio`, {
      cookie: await grantCookie({ id: booking, checkOutDate: day(2) }),
    });
    const folio = await json<{
      lines: { description: string; amountBaisa: number; outletCheckId: number | null }[];
    }>(bill);
    // The line names its check: the app shows the description's half of the page's language.
    expect(folio.lines.map((l) => [l.description, l.amountBaisa, l.outletCheckId])).toEqual([
      [lines[0]!.description, 3_000, posted.id],
    ]);
    // The next check takes the next number.
    const next = await json<{ check: Check }>(
      await check(cafe.id, toRoom(cafe.cake.id, 1, '304', 'Busaidi'), await manager()),
    );
    expect(next.check.checkNumber).toBe('2');
  });

  it('refuses a room with no guest, a surname not the guest’s, a flagged guest and a stay without credit, with the reason', async () => {
    const cafe = await outletWithItems();
    const cookie = await manager();
    const refusal = async (body: unknown) => {
      const res = await check(cafe.id, body, cookie);
      return { status: res.status, ...(await json<Body>(res)).error };
    };
    expect(await refusal(toRoom(cafe.coffee.id, 1, '305', 'Nobody'))).toMatchObject({
      status: 409,
      code: 'room_not_in_house',
    });
    const booking = await inHouse('305', 'Maryam Al Hinai');
    expect(await refusal(toRoom(cafe.coffee.id, 1, '305', 'Busaidi'))).toMatchObject({
      status: 409,
      code: 'guest_surname_mismatch',
    });
    // Past the outlets' credit with this check: how much the room can still take is said.
    await env.DB.prepare(
      `insert into folio_lines (booking_id, kind, department, description, amount_baisa, net_baisa, taxes, business_date)
       values (?, 'charge', 'other', 'earlier', ?, ?, '[]', ?)`,
    )
      .bind(booking, OUTLET_RULES.roomCreditBaisa - 2_000, OUTLET_RULES.roomCreditBaisa - 2_000, hotelToday())
      .run();
    expect(await refusal(toRoom(cafe.coffee.id, 2, '305', 'Hinai'))).toMatchObject({
      status: 409,
      code: 'room_credit_exceeded',
      leftBaisa: 2_000,
    });
    expect((await check(cafe.id, toRoom(cafe.coffee.id, 1, '305', 'Hinai'), cookie)).status).toBe(201);
    // A flagged guest (do not rent) takes no charge.
    const flagged = await inHouse('306', 'Omar Flagged');
    await env.DB.prepare(
      `insert into guest_profiles (full_name, phone, name_key, do_not_rent) values ('Omar Flagged', '99887766', 'omar flagged', 1)`,
    ).run();
    await env.DB.prepare(
      'update booking_submissions set profile_id = (select max(id) from guest_profiles) where id = ?',
    )
      .bind(flagged)
      .run();
    expect(await refusal(toRoom(cafe.coffee.id, 1, '306', 'Flagged'))).toMatchObject({
      status: 409,
      code: 'room_guest_flagged',
    });
    // An item not on this outlet's menu, and the outlet's hours.
    const grill = await outletWithItems({ nameEn: 'Grill', kind: 'restaurant' });
    expect(await refusal(toRoom(grill.coffee.id, 1, '305', 'Hinai'))).toMatchObject({
      status: 409,
      code: 'outlet_item_unknown',
    });
    const [h, m] = hotelClock().split(':').map(Number) as [number, number];
    const at = (minutes: number) => {
      const t = (h * 60 + m + minutes + 1440) % 1440;
      return `${String(Math.floor(t / 60)).padStart(2, '0')}:${String(t % 60).padStart(2, '0')}`;
    };
    const shut = await outletWithItems({ opensAt: at(60), closesAt: at(120) });
    const closed = await check(shut.id, toRoom(shut.coffee.id, 1, '305', 'Hinai'), cookie);
    expect(closed.status).toBe(409);
    expect((await json<Body>(closed)).error!.code).toBe('outlet_closed');
    // Nothing of the refused checks reached the folio or took a number.
    expect((await folioLinesOf(flagged)).length).toBe(0);
    expect((await rows('select id from outlet_checks where outlet_id = ?', cafe.id)).length).toBe(1);
  });

  it('posts once per Idempotency-Key, a retry and a race of the same tap alike', async () => {
    const cafe = await outletWithItems();
    const booking = await inHouse('307', 'Sara Said');
    const cookie = await manager();
    const body = toRoom(cafe.coffee.id, 1, '307', 'Said');
    const key = crypto.randomUUID();
    const [a, b, c] = await Promise.all([
      check(cafe.id, body, cookie, key),
      check(cafe.id, body, cookie, key),
      check(cafe.id, body, cookie, key),
    ]);
    const answers = await Promise.all([a, b, c].map((r) => json<{ check: Check }>(r)));
    expect([a, b, c].map((r) => r.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((x) => x.check.id)).size).toBe(1);
    const again = await check(cafe.id, body, cookie, key);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect((await json<{ check: Check }>(again)).check.id).toBe(answers[0]!.check.id);
    expect((await folioLinesOf(booking)).length).toBe(1);
  });

  it('keeps each outlet’s Idempotency-Keys its own: the same key at two outlets posts two checks', async () => {
    // Two tablets make their keys alike (a counter); the grill's check is not the café's.
    const cafe = await outletWithItems();
    const grill = await outletWithItems({ nameEn: 'Grill', nameAr: 'المشواة', kind: 'restaurant' });
    const booking = await inHouse('302', 'Nasser Rawahi');
    const cookie = await manager();
    const key = 'tablet-0001';
    const atCafe = await check(cafe.id, toRoom(cafe.coffee.id, 1, '302', 'Rawahi'), cookie, key);
    const atGrill = await check(grill.id, toRoom(grill.coffee.id, 1, '302', 'Rawahi'), cookie, key);
    expect([atCafe.status, atGrill.status], await atGrill.clone().text()).toEqual([201, 201]);
    expect(atGrill.headers.get('Idempotent-Replayed')).toBeNull();
    const cafeCheck = (await json<{ check: Check & { outletId: number } }>(atCafe)).check;
    const grillCheck = (await json<{ check: Check & { outletId: number } }>(atGrill)).check;
    expect([cafeCheck.outletId, grillCheck.outletId]).toEqual([cafe.id, grill.id]);
    expect((await folioLinesOf(booking)).map((l) => l.outlet_check_id)).toEqual([
      cafeCheck.id,
      grillCheck.id,
    ]);
  });

  it('posts the minibar a housekeeper reports to the stay, as the minibar outlet’s check', async () => {
    // The seed's minibar (the first open one) and its juice.
    const juice = (await one<{ id: number; outlet_id: number; price_baisa: number }>(
      `select i.id, i.outlet_id, i.price_baisa from outlet_items i join outlets o on o.id = i.outlet_id
       where o.kind = 'minibar' and o.active = 1 and i.name_en = 'Juice' order by o.id limit 1`,
    ))!;
    const booking = await inHouse('308', 'Khalid Rawahi');
    const housekeeper = { id: 1, email: 'hk@example.com', fullName: 'HK', role: 'housekeeper' as const };
    const posted = await chargeMinibar(
      db,
      housekeeper as never,
      { bookingId: booking, items: [{ itemId: juice.id, quantity: 2 }] },
      { idem: null, language: 'en' },
    );
    expect(posted.check).toMatchObject({
      outletId: juice.outlet_id,
      totalBaisa: 2 * juice.price_baisa,
      settlement: 'room',
    });
    expect((await folioLinesOf(booking)).map((l) => l.amount_baisa)).toEqual([2 * juice.price_baisa]);
  });
});

describe('a check paid here', () => {
  it('issues its own tax invoice, numbered without gaps, as JSON and UBL, and touches no folio', async () => {
    const cafe = await outletWithItems();
    const cookie = await manager();
    const paid = async (body: unknown) => {
      const res = await check(cafe.id, body, cookie);
      expect(res.status, await res.clone().text()).toBe(201);
      return (await json<{ check: Check }>(res)).check;
    };
    const first = await paid({
      items: [{ itemId: cafe.coffee.id, quantity: 1 }],
      settle: { kind: 'paid', method: 'cash' },
    });
    const second = await paid({
      items: [{ itemId: cafe.cake.id, quantity: 1 }],
      settle: { kind: 'paid', method: 'card', approvalCode: 'ab 12٣' },
    });
    const year = hotelToday().slice(0, 4);
    const sequence = (n: string | null) => Number(n!.split('-')[2]);
    expect(first.invoiceNumber).toMatch(new RegExp(`^OUT-${year}-\\d{6}$`));
    expect(sequence(second.invoiceNumber)).toBe(sequence(first.invoiceNumber) + 1);
    // A refused check (a cash payment with a card's code) takes no number.
    const refused = await check(
      cafe.id,
      {
        items: [{ itemId: cafe.coffee.id, quantity: 1 }],
        settle: { kind: 'paid', method: 'cash', approvalCode: 'X1' },
      },
      cookie,
    );
    expect(refused.status).toBe(400);
    const third = await paid({
      items: [{ itemId: cafe.coffee.id, quantity: 1 }],
      settle: { kind: 'paid', method: 'cash' },
    });
    expect(sequence(third.invoiceNumber)).toBe(sequence(second.invoiceNumber) + 1);
    const doc = await json<{
      number: string;
      totalBaisa: number;
      taxBaisa: number;
      netBaisa: number;
      taxTotals: { code: string }[];
    }>(await call(`/api/outlets/checks/${second.id}/invoice`, { cookie }));
    expect(doc).toMatchObject({ number: second.invoiceNumber, totalBaisa: 2_300 });
    expect(doc.netBaisa + doc.taxBaisa).toBe(2_300);
    expect(doc.taxTotals.map((t) => t.code)).toEqual(['tourism_levy', 'vat']);
    const ubl = await call(`/api/outlets/checks/${second.id}/invoice?format=ubl`, { cookie });
    const xml = await ubl.text();
    expect(xml).toContain(`<cbc:ID>${second.invoiceNumber}</cbc:ID>`);
    expect(xml).toContain('<cbc:PayableAmount currencyID="OMR">2.300</cbc:PayableAmount>');
    expect((await rows('select id from folio_lines where outlet_check_id = ?', second.id)).length).toBe(0);
    const stored = await one<{ approval_code: string }>(
      'select approval_code from outlet_checks where id = ?',
      second.id,
    );
    expect(stored!.approval_code).toBe('AB123');
  });
});

describe('voiding a check', () => {
  it('is a manager’s, with a reason: the folio’s corrections bring the check to 0, once however raced; a paid one gets its credit note', async () => {
    const cafe = await outletWithItems();
    const booking = await inHouse('309', 'Laila Harthy');
    const cookie = await manager();
    const { check: posted } = await json<{ check: Check }>(
      await check(cafe.id, toRoom(cafe.coffee.id, 2, '309', 'Harthy'), cookie),
    );
    const voidIt = (id: number, init: { cookie: string; reason?: unknown }) =>
      call(`/api/outlets/checks/${id}/void`, {
        method: 'POST',
        cookie: init.cookie,
        lang: 'en',
        json: { reason: init.reason },
      });
    // The front desk's staff and a waiter may not; a void needs its reason.
    expect((await voidIt(posted.id, { cookie: await staffCookie(), reason: 'x' })).status).toBe(403);
    expect((await voidIt(posted.id, { cookie, reason: '  ' })).status).toBe(400);
    const [a, b] = await Promise.all([
      voidIt(posted.id, { cookie, reason: 'Wrong room' }),
      voidIt(posted.id, { cookie, reason: 'Wrong room' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const lines = await folioLinesOf(booking);
    expect(lines.map((l) => [l.kind, l.amount_baisa, l.outlet_check_id])).toEqual([
      ['charge', 3_000, posted.id],
      ['correction', -3_000, posted.id],
    ]);
    expect(
      (await one<{ b: number }>(
        'select folio_balance_baisa as b from booking_submissions where id = ?',
        booking,
      ))!.b,
    ).toBe(0);
    const paid = (
      await json<{ check: Check }>(
        await check(
          cafe.id,
          { items: [{ itemId: cafe.cake.id, quantity: 1 }], settle: { kind: 'paid', method: 'cash' } },
          cookie,
        ),
      )
    ).check;
    const voided = await json<{ check: Check }>(
      await voidIt(paid.id, { cookie, reason: 'Guest changed their mind' }),
    );
    expect(voided.check.voided!.creditNoteNumber).toMatch(/^OCN-\d{4}-\d{6}$/);
    // The answer is the check as it is (its own id, outlet and number), voided: what the tablet shows.
    expect(voided.check).toMatchObject({
      id: paid.id,
      checkNumber: paid.checkNumber,
      totalBaisa: paid.totalBaisa,
      invoiceNumber: paid.invoiceNumber,
      settlement: 'paid',
    });
    expect(voided.check).toMatchObject({ outletId: cafe.id });
    const credit = await json<{ kind: string; totalBaisa: number; creditsInvoice: { number: string } }>(
      await call(`/api/outlets/checks/${paid.id}/invoice?credit=1`, { cookie }),
    );
    expect(credit).toMatchObject({
      kind: 'credit_note',
      totalBaisa: -2_300,
      creditsInvoice: { number: paid.invoiceNumber },
    });
    // Never edited: the database refuses a change of a check or a void.
    await expect(
      env.DB.prepare('update outlet_checks set total_baisa = 1 where id = ?').bind(paid.id).run(),
    ).rejects.toThrow(/outlet_check_immutable/);
  });

  it('takes the check’s taxes off the folio with its amount: each tax negated, the tax report as before', async () => {
    const cafe = await outletWithItems();
    const booking = await inHouse('301', 'Said Hinai');
    const cookie = await manager();
    // Each tax's base and amount by month, over the months the check's business date may fall in
    // (a tax at 0 is as good as none).
    const report = async () =>
      (
        await json<{ rows: { month: string; code: string; baseBaisa: number; amountBaisa: number }[] }>(
          await call(`/api/admin/tax-report?from=${day(-1).slice(0, 7)}&to=${day(1).slice(0, 7)}`, {
            cookie,
          }),
        )
      ).rows.filter((r) => r.baseBaisa !== 0 || r.amountBaisa !== 0);
    const before = await report();
    const { check: posted } = await json<{ check: Check }>(
      await check(cafe.id, toRoom(cafe.cake.id, 2, '301', 'Hinai'), cookie),
    );
    expect(posted.taxBaisa).toBeGreaterThan(0);
    expect(await report()).not.toEqual(before);
    const voided = await call(`/api/outlets/checks/${posted.id}/void`, {
      method: 'POST',
      cookie,
      json: { reason: 'Rang up twice' },
    });
    expect(voided.status, await voided.clone().text()).toBe(200);
    type Line = {
      kind: string;
      outletCheckId: number | null;
      amountBaisa: number;
      netBaisa: number;
      taxes: { code: string; amountBaisa: number }[];
    };
    const { lines } = await json<{ lines: Line[] }>(
      await call(`/api/booking-submissions/${booking}/folio`, { cookie: await staffCookie() }),
    );
    const ofCheck = lines.filter((l) => l.outletCheckId === posted.id);
    const [charge, correction] = [
      ofCheck.find((l) => l.kind === 'charge')!,
      ofCheck.find((l) => l.kind === 'correction')!,
    ];
    // The correction is the charge negated: its amount, its net and every one of its taxes.
    expect(correction).toMatchObject({
      amountBaisa: -charge.amountBaisa,
      netBaisa: -charge.netBaisa,
      taxes: charge.taxes.map((t) => ({ code: t.code, amountBaisa: -t.amountBaisa })),
    });
    const taxLeft = new Map<string, number>();
    for (const l of ofCheck)
      for (const t of l.taxes) taxLeft.set(t.code, (taxLeft.get(t.code) ?? 0) + t.amountBaisa);
    expect([...taxLeft.values()]).toEqual(charge.taxes.map(() => 0));
    // The tax report (the VAT return, the levy's statement) no longer counts the check's taxes.
    expect(await report()).toEqual(before);
  });
});

describe('the books', () => {
  it('the integrity check holds every check to its folio lines, and finds a line naming no check', async () => {
    const admin = await adminCookie();
    const run = async () =>
      (
        await json<{ report: { violations: { check: string }[] } }>(
          await call('/api/admin/integrity/run', { method: 'POST', cookie: admin }),
        )
      ).report.violations.filter((v) => v.check === 'outlet_check_not_lines');
    const cafe = await outletWithItems();
    const booking = await inHouse('311', 'Noor Kindi');
    const posted = await json<{ check: Check }>(
      await check(cafe.id, toRoom(cafe.coffee.id, 3, '311', 'Kindi'), await manager()),
    );
    expect(await run()).toEqual([]);
    // A line more on the check (its lines no longer its total), and a line naming no check.
    for (const checkId of [posted.check.id, 999_999]) {
      await env.DB.prepare(
        `insert into folio_lines (booking_id, kind, department, description, amount_baisa, net_baisa, taxes, business_date, outlet_check_id)
         values (?, 'charge', 'restaurant', 'stray', 100, 100, '[]', ?, ?)`,
      )
        .bind(booking, hotelToday(), checkId)
        .run();
    }
    expect((await run()).length).toBe(2);
  });

  it('the day close and the flash report give each outlet’s revenue and taxes: its checks less the day’s voids', async () => {
    const cafe = await outletWithItems({ nameEn: 'Books Café', nameAr: 'مقهى الدفاتر' });
    await inHouse('312', 'Yusuf Farsi');
    const cookie = await manager();
    const room = (
      await json<{ check: Check }>(await check(cafe.id, toRoom(cafe.coffee.id, 2, '312', 'Farsi'), cookie))
    ).check;
    const paid = (
      await json<{ check: Check }>(
        await check(
          cafe.id,
          { items: [{ itemId: cafe.cake.id, quantity: 1 }], settle: { kind: 'paid', method: 'cash' } },
          cookie,
        ),
      )
    ).check;
    const voidable = (
      await json<{ check: Check }>(await check(cafe.id, toRoom(cafe.cake.id, 1, '312', 'Farsi'), cookie))
    ).check;
    await call(`/api/outlets/checks/${voidable.id}/void`, {
      method: 'POST',
      cookie,
      json: { reason: 'Test' },
    });
    const today = hotelToday();
    type Figures = {
      outletId: number;
      revenueBaisa: number;
      toRoomsBaisa: number;
      paidBaisa: number;
      voidedBaisa: number;
      checks: number;
      taxesBaisa: Record<string, number>;
    };
    const flash = await json<{ outlets: Figures[] }>(
      await call(`/api/admin/reports/flash?date=${today}`, { cookie }),
    );
    const mine = flash.outlets.find((o) => o.outletId === cafe.id)!;
    expect(mine).toMatchObject({
      checks: 3,
      toRoomsBaisa: 3_000,
      paidBaisa: 2_300,
      voidedBaisa: 2_300,
      revenueBaisa: room.netBaisa + paid.netBaisa,
    });
    expect(mine.taxesBaisa.vat! + mine.taxesBaisa.tourism_levy! + mine.revenueBaisa).toBe(5_300);
    // Closed, the day keeps them; a check of the closed day can no longer be voided.
    const closed = await closedDay<{ outlets: Figures[] }>(today, await adminCookie());
    expect(closed.outlets.find((o) => o.outletId === cafe.id)).toEqual(mine);
    const late = await call(`/api/outlets/checks/${room.id}/void`, {
      method: 'POST',
      cookie,
      lang: 'en',
      json: { reason: 'Too late' },
    });
    expect([late.status, (await json<Body>(late)).error!.code]).toEqual([409, 'day_closed']);
  });
});
