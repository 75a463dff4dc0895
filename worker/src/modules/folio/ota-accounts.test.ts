import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { beforeAll, describe, expect, it } from 'vitest';
import { openOtaCityLedgerAccountStatement } from '../companies';
import { call, logIn } from '@worker-test/helpers';
import {
  bookingRequest,
  json,
  markCheckedIn,
  one,
  postBooking,
  SEEDED,
  staffCookie,
  stays,
  day,
  type Booking,
} from '@worker-test/builders';
import { bookingRow, pricedStay, readFolio, refusal } from '@worker-test/folio';

/**
 * An online travel agency's account on the city ledger (kind `ota`, migration 0085): the channel
 * opens it for an OTA whose stays it collects, and it takes only those stays. It is no company:
 * no booking names it as its company or travel agent, no group block as its company, and no
 * check-out moves another guest's bill to it (400 `city_ledger_account_is_ota`, in both
 * languages, nothing changed). The city ledger still lists it, named as what it is, with its
 * balance; its kind never changes.
 */

const db = drizzle(env.DB);
const OTA = 'Booking.com (ota-accounts test)';
const IS_OTA_EN =
  "This is an online travel agency's account: it takes only the stays that agency collects, no company's or agent's";
const IS_OTA_AR =
  'هذا حساب وكالة سفر إلكترونية: لا يُقيَّد عليه إلا ما تحصّله الوكالة من إقامات، لا حجوزات الشركات ولا الوكلاء';

let staff: string;
let manager: string;
let otaId: number;
const stay = stays({ from: 460, every: 3, nights: 2 });

type Refusal = { error: { code: string; message: string; fields?: Record<string, string> } };
type Account = { id: number; name: string; kind: string; balanceBaisa: number };

beforeAll(async () => {
  staff = await staffCookie();
  manager = (await logIn(SEEDED.manager.email, SEEDED.manager.password)).cookie;
  // As the channel opens it with the OTA's first booking whose money it collects, twice: one account.
  await db.batch([openOtaCityLedgerAccountStatement(db, OTA), openOtaCityLedgerAccountStatement(db, OTA)]);
  otaId = (await one<{ id: number }>('select id from city_ledger_accounts where name = ?', OTA))!.id;
});

describe("an online travel agency's account", () => {
  it('is opened once, as an online travel agency’s, and listed on the city ledger with its balance', async () => {
    const rows = await env.DB.prepare('select kind from city_ledger_accounts where name = ?')
      .bind(OTA)
      .all<{ kind: string }>();
    expect(rows.results).toEqual([{ kind: 'ota' }]);
    const res = await call('/api/admin/city-ledger', { cookie: manager });
    expect(res.status).toBe(200);
    const { accounts } = await json<{ accounts: Account[] }>(res);
    expect(accounts.find((a) => a.id === otaId)).toMatchObject({ name: OTA, kind: 'ota', balanceBaisa: 0 });
  });

  it('is no booking’s company or travel agent: 400 on the field, in both languages', async () => {
    const desk = (over: Record<string, unknown>, lang: 'ar' | 'en' = 'en') =>
      postBooking(bookingRequest({ bookingType: 'quick_management', ...over }, stay), {
        cookie: staff,
        lang,
      });
    for (const field of ['companyId', 'travelAgentId']) {
      const res = await desk({ [field]: otaId });
      expect(res.status, await res.clone().text()).toBe(400);
      expect((await json<Refusal>(res)).error.fields?.[field]).toBe(IS_OTA_EN);
    }
    const arabic = await desk({ companyId: otaId }, 'ar');
    expect((await json<Refusal>(arabic)).error.fields?.companyId).toBe(IS_OTA_AR);
    // Nor set on a booking by the edit dialog.
    const booked = await desk({});
    expect(booked.status, await booked.clone().text()).toBe(201);
    const { booking } = await json<{ booking: Booking }>(booked);
    const edited = await call(`/api/admin/booking-submissions/${booking.id}`, {
      method: 'PATCH',
      cookie: staff,
      lang: 'en',
      json: { companyId: otaId },
    });
    expect(edited.status).toBe(400);
    expect((await json<Refusal>(edited)).error.fields?.companyId).toBe(IS_OTA_EN);
    expect(
      await one('select company_id, travel_agent_id from booking_submissions where id = ?', booking.id),
    ).toEqual({ company_id: null, travel_agent_id: null });
  });

  it('is no group block’s company', async () => {
    const res = await call('/api/admin/groups', {
      method: 'POST',
      cookie: staff,
      lang: 'ar',
      json: {
        name: 'Not an OTA group',
        companyId: otaId,
        ratePlan: 'standard',
        status: 'definite',
        releaseDate: day(470),
        billing: 'master',
        rooms: [{ roomType: 'deluxe', from: day(470), to: day(471), count: 1 }],
      },
    });
    expect(res.status, await res.clone().text()).toBe(400);
    expect((await json<Refusal>(res)).error.fields?.companyId).toBe(IS_OTA_AR);
    expect(await one('select count(*) as n from group_blocks where company_id = ?', otaId)).toEqual({ n: 0 });
  });

  it('takes no other guest’s bill at check-out: refused, and nothing changes', async () => {
    const id = await pricedStay('405', -1, [30_000, 30_000]);
    await markCheckedIn(id, Date.now() - 3_600_000);
    for (const lang of ['en', 'ar'] as const) {
      const res = await call(`/api/booking-submissions/${id}/check-out`, {
        method: 'POST',
        cookie: staff,
        json: { cityLedgerAccountId: otaId },
        lang,
      });
      expect(await refusal(res)).toMatchObject({
        status: 400,
        code: 'city_ledger_account_is_ota',
        message: lang === 'en' ? IS_OTA_EN : IS_OTA_AR,
      });
    }
    expect((await bookingRow(id)).balance).toBe(0);
    expect((await readFolio(id)).lines).toEqual([]);
    expect(await one('select status, checked_out_at from booking_submissions where id = ?', id)).toEqual({
      status: 'approved',
      checked_out_at: null,
    });
    expect(await one('select balance_baisa from city_ledger_accounts where id = ?', otaId)).toEqual({
      balance_baisa: 0,
    });
  });

  it('keeps its kind; its details change', async () => {
    const patch = (body: Record<string, unknown>) =>
      call(`/api/admin/city-ledger/${otaId}`, { method: 'PATCH', cookie: manager, lang: 'en', json: body });
    const made = await patch({ kind: 'company' });
    expect(made.status).toBe(400);
    expect(Object.keys((await json<Refusal>(made)).error.fields ?? {})).toEqual(['kind']);
    expect((await patch({ commissionPercent: 15 })).status).toBe(400);
    const res = await patch({ address: 'Herengracht 597, Amsterdam', vatNumber: '' });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await json<{ account: Account }>(res)).account).toMatchObject({ kind: 'ota' });
  });
});

describe('the accounts the channel opened before (migration 0085)', () => {
  it('become online travel agencies’ when named as an OTA whose stays they collect; the others stay', async () => {
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith('0085_'))!;
    expect(migration).toBeDefined();
    const backfill = migration.queries.find((q) => q.includes("SET `kind` = 'ota'"))!;
    expect(backfill).toBeDefined();
    const insert = (name: string) =>
      env.DB.prepare("insert into city_ledger_accounts (name, kind) values (?, 'company') returning id")
        .bind(name)
        .first<{ id: number }>();
    const legacy = (await insert('agoda (backfill test)'))!.id;
    const company = (await insert('Oman Oil (backfill test)'))!.id;
    const propertyCollect = (await insert('expedia (backfill test)'))!.id;
    const booking = (source: string, collect: string) =>
      env.DB.prepare(
        `insert into booking_submissions (reference, full_name, phone_number, id_number, check_in_date,
           check_out_date, room_type, status, source, channel_booking_id, payment_collect)
         values ('BF' || hex(randomblob(4)), 'Backfill', '91234567', 'A1234567', '2030-01-01', '2030-01-02',
           'gold', 'cancelled', ?, 'ch-' || hex(randomblob(4)), ?)`,
      )
        .bind(source, collect)
        .run();
    await booking('Agoda (Backfill Test)', 'ota');
    await booking('expedia (backfill test)', 'property');
    await env.DB.prepare(backfill).run();
    const kind = async (id: number) =>
      (await one<{ kind: string }>('select kind from city_ledger_accounts where id = ?', id))!.kind;
    expect(await kind(legacy)).toBe('ota');
    expect(await kind(company)).toBe('company');
    expect(await kind(propertyCollect)).toBe('company');
  });
});
