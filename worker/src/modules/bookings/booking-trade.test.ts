import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  adminCookie,
  bookingRequest,
  json,
  one,
  postBooking,
  SEEDED,
  staffCookie,
  stays,
  type Booking,
} from '@worker-test/builders';
import { call, logIn } from '@worker-test/helpers';

/**
 * Private plans and what a booking carries of the trade: a plan with `public: false` is offered
 * to no guest (the plans list, the quote, availability, a guest's booking) and is accepted on a
 * desk booking or a staff edit only for a company that has it (400 `rate_plan_private`). Each
 * booking carries its company, travel agent, source and segment: the guest's channels set the
 * source themselves (website, the installed app), staff choose theirs (phone by default), and
 * an account of the wrong kind is refused, never a 500. The backfill of the rows made before.
 */

type Refusal = { error: { code: string; fields?: Record<string, string> } };
type Traded = Booking & {
  companyId: number | null;
  travelAgentId: number | null;
  source: string | null;
  segment: string | null;
  ratePlan: string;
  totalPriceBaisa: number;
};

const stay = stays({ from: 420, every: 3, nights: 2 });
let staff: string;
let manager: string;
let corporate: number;
let otherCompany: number;
let agent: number;

async function account(body: Record<string, unknown>) {
  const res = await call('/api/admin/city-ledger', {
    method: 'POST',
    cookie: manager,
    json: { creditLimitBaisa: null, ...body },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json<{ account: { id: number } }>(res)).account.id;
}

const desk = (over: Record<string, unknown> = {}) =>
  postBooking(bookingRequest({ bookingType: 'quick_management', ...over }, stay), {
    cookie: staff,
    lang: 'en',
  });

async function created(res: Response) {
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json<{ booking: Traded }>(res)).booking;
}

async function refusedField(res: Response, field: string) {
  expect(res.status, await res.clone().text()).toBe(400);
  const fields = (await json<Refusal>(res)).error.fields ?? {};
  expect(Object.keys(fields)).toContain(field);
}

const edit = (id: number, body: Record<string, unknown>) =>
  call(`/api/admin/booking-submissions/${id}`, { method: 'PATCH', cookie: staff, lang: 'en', json: body });

beforeAll(async () => {
  staff = await staffCookie();
  manager = (await logIn(SEEDED.manager.email, SEEDED.manager.password)).cookie;
  const plan = await call('/api/admin/rate-plans', {
    method: 'POST',
    cookie: await adminCookie(),
    json: {
      code: 'corp_trade',
      nameAr: 'خطة شركات للاختبار',
      nameEn: 'Corporate trade test',
      roomTypes: ['gold', 'silver'],
      cancellation: { kind: 'free_until', hours: 24 },
      parentCode: 'standard',
      parentAdjustmentPercent: -15,
      public: false,
    },
  });
  expect(plan.status, await plan.clone().text()).toBe(201);
  corporate = await account({ name: 'Trade Corp', ratePlanCodes: ['corp_trade'] });
  otherCompany = await account({ name: 'Other Corp' });
  agent = await account({ name: 'Trade Travel', kind: 'travel_agent', commissionPercent: 10 });
});

describe('a private plan', () => {
  it('is offered to no guest: not listed, not quoted, no availability, not booked', async () => {
    const listed = await json<{ ratePlans: { code: string }[] }>(await call('/api/rate-plans'));
    expect(listed.ratePlans.map((p) => p.code)).toContain('standard');
    expect(listed.ratePlans.map((p) => p.code)).not.toContain('corp_trade');
    const { checkInDate, checkOutDate } = stay();
    const quote = await call(
      `/api/quote?roomType=gold&ratePlan=corp_trade&checkInDate=${checkInDate}&checkOutDate=${checkOutDate}&numberOfGuests=2`,
    );
    expect(quote.status).toBe(400);
    const guest = await postBooking(bookingRequest({ ratePlan: 'corp_trade' }, stay), { lang: 'en' });
    await refusedField(guest, 'ratePlan');
  });

  it('sells at the desk only to a company that has it, at its price', async () => {
    const none = await desk({ ratePlan: 'corp_trade' });
    await refusedField(none, 'ratePlan');
    const other = await desk({ ratePlan: 'corp_trade', companyId: otherCompany });
    expect(((await json<Refusal>(other.clone())).error.fields ?? {}).ratePlan).toMatch(/private/i);
    await refusedField(other, 'ratePlan');
    const standard = await created(await desk({ companyId: corporate }));
    const sold = await created(await desk({ ratePlan: 'corp_trade', companyId: corporate }));
    expect(sold).toMatchObject({ ratePlan: 'corp_trade', companyId: corporate, segment: 'corporate' });
    expect(sold.totalPriceBaisa).toBeLessThan(standard.totalPriceBaisa);
    expect(sold.totalPriceBaisa).toBeGreaterThan(standard.totalPriceBaisa * 0.8);
  });

  it('a staff edit moves a private-plan booking only to a company that has it; its dates still move', async () => {
    const sold = await created(await desk({ ratePlan: 'corp_trade', companyId: corporate }));
    await refusedField(await edit(sold.id, { companyId: otherCompany }), 'companyId');
    await refusedField(await edit(sold.id, { companyId: null }), 'companyId');
    const { checkInDate, checkOutDate } = stay(3);
    const moved = await edit(sold.id, { checkInDate, checkOutDate });
    expect(moved.status, await moved.clone().text()).toBe(200);
  });
});

describe('what a booking carries', () => {
  it('the guest’s own channels set the source; whatever trade the body names is ignored', async () => {
    const web = await created(
      await postBooking(bookingRequest({ companyId: corporate, source: 'walk_in', segment: 'other' }, stay)),
    );
    expect(web).toMatchObject({
      source: 'website',
      segment: 'leisure',
      companyId: null,
      travelAgentId: null,
    });
    const app = await created(
      await postBooking(bookingRequest({}, stay), { headers: { 'X-Installed-App': '1' } }),
    );
    expect(app.source).toBe('app');
  });

  it('staff set company, agent, source and segment on a desk booking (phone when not said)', async () => {
    const plain = await created(await desk());
    expect(plain).toMatchObject({ source: 'phone', segment: 'leisure', companyId: null });
    const full = await created(
      await desk({
        companyId: String(corporate),
        travelAgentId: agent,
        source: 'walk_in',
        segment: 'government',
      }),
    );
    expect(full).toMatchObject({
      companyId: corporate,
      travelAgentId: agent,
      source: 'walk_in',
      segment: 'government',
    });
    const row = await one<{ source: string; segment: string; travel_agent_id: number }>(
      'select source, segment, travel_agent_id from booking_submissions where id = ?',
      full.id,
    );
    expect(row).toEqual({ source: 'walk_in', segment: 'government', travel_agent_id: agent });
  });

  it('refuses another kind’s account, an unknown one, a bad source or segment, never with a 500', async () => {
    await refusedField(await desk({ companyId: agent }), 'companyId');
    await refusedField(await desk({ travelAgentId: corporate }), 'travelAgentId');
    await refusedField(await desk({ companyId: '٩٩٩٩٩' }), 'companyId');
    await refusedField(await desk({ companyId: -1 }), 'companyId');
    await refusedField(await desk({ companyId: 1e12 }), 'companyId');
    await refusedField(await desk({ source: 'booking.com' }), 'source');
    await refusedField(await desk({ segment: 'vip' }), 'segment');
  });

  it('staff change them in the edit dialog; the audit keeps before and after', async () => {
    const booked = await created(await desk());
    const res = await edit(booked.id, {
      companyId: otherCompany,
      travelAgentId: agent,
      source: 'email',
      segment: 'corporate',
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const row = await one<Record<string, unknown>>(
      'select company_id, travel_agent_id, source, segment from booking_submissions where id = ?',
      booked.id,
    );
    expect(row).toEqual({
      company_id: otherCompany,
      travel_agent_id: agent,
      source: 'email',
      segment: 'corporate',
    });
    const audit = await one<{ after: string }>(
      "select after from audit_log where action = 'booking.edited' and entity_id = ? order by id desc",
      String(booked.id),
    );
    expect(JSON.parse(audit!.after)).toMatchObject({ companyId: otherCompany, source: 'email' });
    await refusedField(await edit(booked.id, { travelAgentId: otherCompany }), 'travelAgentId');
    const cleared = await edit(booked.id, { companyId: null, travelAgentId: null });
    expect(cleared.status).toBe(200);
  });
});

describe('what the edit says it did', () => {
  const notices = async (id: number) =>
    (await one<{ n: number }>('select count(*) as n from notifications where booking_id = ?', id))!.n;

  it('a travel agent, a company or a segment set: saved, and the guest not told (nothing they see changed)', async () => {
    const booked = await created(await desk());
    const before = await notices(booked.id);
    const agentSet = await edit(booked.id, { travelAgentId: agent });
    expect(agentSet.status, await agentSet.clone().text()).toBe(200);
    expect((await json<{ message: string }>(agentSet)).message).toBe(
      'The booking was changed. The guest was not told: nothing they see of it changed',
    );
    const arabic = await call(`/api/admin/booking-submissions/${booked.id}`, {
      method: 'PATCH',
      cookie: staff,
      lang: 'ar',
      json: { companyId: otherCompany, segment: 'corporate' },
    });
    expect(arabic.status).toBe(200);
    expect((await json<{ message: string }>(arabic)).message).toBe(
      'تم تعديل الحجز، ولم يُبلَّغ الضيف لأن ما يراه منه لم يتغير',
    );
    expect(await notices(booked.id)).toBe(before);
  });

  it('the stay moved: saved, and the guest told (the notice written in the same batch)', async () => {
    const booked = await created(await desk());
    const before = await notices(booked.id);
    const { checkInDate, checkOutDate } = stay(5);
    const moved = await edit(booked.id, { checkInDate, checkOutDate, travelAgentId: agent });
    expect(moved.status, await moved.clone().text()).toBe(200);
    expect((await json<{ message: string }>(moved)).message).toBe(
      'The booking was changed and the guest has been told',
    );
    expect(await notices(booked.id)).toBe(before + 1);
  });
});

describe('the backfill of the rows made before', () => {
  it('fills source and segment from how each booking came, keeping an OTA’s name and what is set', async () => {
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith('0073_'))!;
    expect(migration).toBeDefined();
    const insert = (columns: string, values: string) =>
      env.DB.prepare(
        `insert into booking_submissions (reference, full_name, phone_number, id_number, check_in_date,
           check_out_date, room_type, status${columns})
         values ('BF' || hex(randomblob(4)), 'Backfill', '91234567', 'A1234567', '2030-01-01', '2030-01-02',
           'gold', 'cancelled'${values}) returning id`,
      ).first<{ id: number }>();
    const web = await insert('', '');
    const chat = await insert(', chat_session_id', ", 'chat-1'");
    const phone = await insert(', created_by_staff_id', ', (select min(id) from users)');
    const ota = await insert(', source, channel_booking_id', ", 'booking.com', 'ch-1'");
    const company = await insert(', company_id', `, ${corporate}`);
    const kept = await insert(', source, segment', ", 'walk_in', 'government'");
    for (const query of migration.queries) await env.DB.prepare(query).run();
    const of = (id: number) =>
      one<{ source: string; segment: string }>(
        'select source, segment from booking_submissions where id = ?',
        id,
      );
    expect(await of(web!.id)).toEqual({ source: 'website', segment: 'leisure' });
    expect(await of(chat!.id)).toEqual({ source: 'assistant', segment: 'leisure' });
    expect(await of(phone!.id)).toEqual({ source: 'phone', segment: 'leisure' });
    expect(await of(ota!.id)).toEqual({ source: 'booking.com', segment: 'ota' });
    expect(await of(company!.id)).toEqual({ source: 'website', segment: 'corporate' });
    expect(await of(kept!.id)).toEqual({ source: 'walk_in', segment: 'government' });
  });
});
