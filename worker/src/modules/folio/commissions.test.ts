import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { codeOf, json, SEEDED, staffCookie } from '@worker-test/builders';
import { call, logIn } from '@worker-test/helpers';
import { planReads } from '@worker-test/query-plans';
import { drizzle } from 'drizzle-orm/d1';
import { folioStays } from '../bookings';
import { chargeLineValues } from './posting';
import { readTaxSettings } from './tax-settings';

/**
 * Travel agents' commissions: per agent and booking, the room revenue (net of taxes) of the
 * stay's nights inside the period and round(revenue x hundredths / 10000) owed; a stay never
 * begun (no-show) or cancelled owes nothing. JSON and CSV (a formula-like name neutralised);
 * another kind's id, a bad range or Arabic-Indic digits never end in a 500.
 */

type Report = {
  agents: {
    travelAgentId: number;
    commissionBaisa: number;
    roomRevenueBaisa: number;
    bookings: { reference: string; nights: number; roomRevenueBaisa: number; commissionBaisa: number }[];
  }[];
  commissionBaisa: number;
};

let manager: string;
let agentA: number;
let agentB: number;
let company: number;

async function account(body: Record<string, unknown>) {
  const res = await call('/api/admin/city-ledger', {
    method: 'POST',
    cookie: manager,
    json: { creditLimitBaisa: null, ...body },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json<{ account: { id: number } }>(res)).account.id;
}

/** A stay as the desk leaves it (SQL: the report reads the rows, not how they were made). */
async function stay(
  reference: string,
  agent: number,
  nights: number[],
  from: string,
  state: 'stayed' | 'no_show' | 'cancelled' = 'stayed',
  name = 'Agent Guest',
) {
  const to = new Date(Date.parse(from) + nights.length * 86_400_000).toISOString().slice(0, 10);
  const columns =
    state === 'stayed'
      ? ["'completed'", '1700000000000', '1700000100000']
      : state === 'no_show'
        ? ["'confirmed'", 'null', 'null']
        : ["'cancelled'", 'null', 'null'];
  await env.DB.prepare(
    `insert into booking_submissions (reference, full_name, phone_number, id_number, check_in_date,
       check_out_date, room_type, status, checked_in_at, checked_out_at, night_prices, total_price, travel_agent_id)
     values (?, ?, '91234567', 'A1234567', ?, ?, 'gold', ${columns.join(', ')}, ?, ?, ?)`,
  )
    .bind(
      reference,
      name,
      from,
      to,
      JSON.stringify(nights),
      nights.reduce((s, n) => s + n, 0),
      agent,
    )
    .run();
}

const report = (query: string, cookie = manager, lang: 'ar' | 'en' = 'en') =>
  call(`/api/admin/commissions?${query}`, { cookie, lang });

beforeAll(async () => {
  manager = (await logIn(SEEDED.manager.email, SEEDED.manager.password)).cookie;
  agentA = await account({
    name: 'Alpha Tours',
    kind: 'travel_agent',
    commissionPercent: 10,
    iata: 'ALPHA1',
  });
  agentB = await account({ name: 'Beta Travel', kind: 'travel_agent', commissionPercent: '١٢٫٥' });
  company = await account({ name: 'Not An Agent' });
  // Across the period's start: only its nights of the 2nd and 3rd count.
  await stay('CMA0001', agentA, [10_000, 12_600, 12_600], '2025-10-01');
  await stay('CMA0002', agentA, [20_000], '2025-10-15', 'stayed', '=HYPERLINK("http://x")');
  await stay('CMA0003', agentA, [50_000], '2025-10-16', 'no_show');
  await stay('CMA0004', agentA, [50_000], '2025-10-17', 'cancelled');
  // A reference of the alphabet's (the ones above are not: 0 and 1 are left out of it).
  await stay('CMA2345', agentA, [50_000], '2025-11-05');
  await stay('CMB0001', agentB, [30_000, 30_000], '2025-10-20');
});

describe('commissions', () => {
  it('lists per agent and booking the net room revenue of the nights in the period and the commission', async () => {
    const res = await report('from=2025-10-02&to=2025-10-31');
    expect(res.status, await res.clone().text()).toBe(200);
    const body = await json<Report>(res);
    const settings = await readTaxSettings(drizzle(env.DB));
    const net = (night: string, price: number) => chargeLineValues(settings, 'room', night, price).netBaisa;
    const a = body.agents.find((x) => x.travelAgentId === agentA)!;
    expect(a.bookings.map((b) => b.reference)).toEqual(['CMA0001', 'CMA0002']);
    const first = net('2025-10-02', 12_600) + net('2025-10-03', 12_600);
    expect(a.bookings[0]).toMatchObject({
      nights: 2,
      roomRevenueBaisa: first,
      commissionBaisa: Math.round(first / 10),
    });
    expect(first).toBeLessThanOrEqual(25_200);
    const b = body.agents.find((x) => x.travelAgentId === agentB)!;
    const revenueB = net('2025-10-20', 30_000) + net('2025-10-21', 30_000);
    expect(b.commissionBaisa).toBe(Math.round((revenueB * 1250) / 10_000));
    expect(body.commissionBaisa).toBe(a.commissionBaisa + b.commissionBaisa);
    const one = await json<Report>(await report(`from=٢٠٢٥-١٠-٠٢&to=2025-10-31&travelAgentId=${agentB}`));
    expect(one.agents.map((x) => x.travelAgentId)).toEqual([agentB]);
  });

  it('downloads as CSV, a formula-like name neutralised', async () => {
    const res = await report(`from=2025-10-01&to=2025-10-31&travelAgentId=${agentA}&format=csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const text = await res.text();
    expect(text.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
      'Travel agent,IATA code,Commission (%),Booking reference,Guest,Check-in,Check-out,Nights in the period,Room revenue without taxes (OMR),Commission (OMR)',
    );
    const arabic = await (
      await report(`from=2025-10-01&to=2025-10-31&travelAgentId=${agentA}&format=csv`, undefined, 'ar')
    ).text();
    expect(arabic.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
      'وكيل السفر,رمز IATA,العمولة (٪),رقم الحجز,الضيف,الوصول,المغادرة,الليالي في الفترة,إيرادات الغرف دون الضرائب (ر.ع.),العمولة (ر.ع.)',
    );
    expect(text).toContain('CMA0001');
    expect(text).toContain(`'=HYPERLINK`);
    expect(text).not.toMatch(/(^|,)"?=HYPERLINK/m);
    // A booking's reference as every screen and paper shows it: "CMA-2345", never "CMA2345".
    const november = await (
      await report(`from=2025-11-01&to=2025-11-30&travelAgentId=${agentA}&format=csv`)
    ).text();
    expect(november).toContain(',CMA-2345,');
    expect(november).not.toContain('CMA2345');
  });

  it('refuses another kind’s id, a bad range, staff, never with a 500', async () => {
    expect((await codeOf(await report(`from=2025-10-01&to=2025-10-31&travelAgentId=${company}`))).code).toBe(
      'city_ledger_not_found',
    );
    expect((await report('from=2025-10-01&to=2025-10-31&travelAgentId=abc')).status).toBe(400);
    expect((await report('from=2025-10-31&to=2025-10-01')).status).toBe(400);
    expect((await report('from=2024-01-01&to=2025-10-01')).status).toBe(400);
    // 366 days at most, both ends counted, as the production report: 2024 is a leap year.
    expect((await report('from=2024-01-01&to=2024-12-31')).status).toBe(200);
    expect((await report('from=2025-01-01&to=2026-01-01')).status).toBe(200);
    const tooLong = await report('from=2024-01-01&to=2025-01-01');
    expect(tooLong.status).toBe(400);
    expect((await json<{ error: { fields: Record<string, string> } }>(tooLong)).error.fields).toEqual({
      to: 'The range can cover one year at most',
    });
    expect((await report('from=2025-01-01&to=2026-01-02')).status).toBe(400);
    // An outsider's dates: a NUL byte, an impossible day, Arabic-Indic digits, a list.
    for (const query of ['from=%00&to=2025-01-01', 'from=2024-02-30&to=2024-03-01', 'from[]=1&to[]=2'])
      expect((await report(query)).status, query).toBe(400);
    expect((await report('from=٢٠٢٤-٠١-٠١&to=٢٠٢٤-١٢-٣١')).status).toBe(200);
    expect((await report('from=2025-13-01&to=2025-10-01')).status).toBe(400);
    expect((await report('from=2025-10-01&to=2025-10-31&format=xml')).status).toBe(400);
    expect((await report('from=2025-10-01&to=2025-10-31', await staffCookie())).status).toBe(403);
  });

  it('reads the agents’ stays along their (agent, arrival) index, not the whole history', async () => {
    const query = folioStays
      .travelAgentStaysQuery(drizzle(env.DB), [agentA, agentB], '2025-10-01', '2025-10-31')
      .toSQL();
    const reads = await planReads(query, /booking_submissions/);
    expect(reads).toEqual([
      expect.stringMatching(
        /^SEARCH booking_submissions USING INDEX booking_submissions_travel_agent_idx \(travel_agent_id=\? AND check_in_date>\? AND check_in_date<\?\)$/,
      ),
    ]);
  });
});
