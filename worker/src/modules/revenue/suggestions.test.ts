import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays, hotelToday } from '@shared/dates';
import type { RateCalendarNight } from '@shared/rate-schemas';
import {
  parseSuggestionId,
  type PriceSettings,
  type Suggestion,
  type Suggestions,
} from '@shared/revenue-prices';
import { closedDay, count, json, rows, staffAccount } from '@worker-test/builders';
import { ari, everythingSent, freshMinute, outboxDepth } from '@worker-test/channel-out';
import { call, runCron, signUp } from '@worker-test/helpers';
import { mailsTo } from '@worker-test/mail';
import { generateHistory, historyCsv, type HistoryLine } from '../../seed/revenue-history';
import { queueHistoryFile, r2Source, runHistoryImports } from './history-import';

/**
 * The price suggestions (docs/decisions/101) on a generated history of the seeded 60-room hotel:
 * the next 90 nights' suggestions stay within the limits, the step cap and the price step, each with
 * its reasons in both languages; the Gulf's events are on the calendar, the Hijri ones marked until
 * confirmed; approving writes the rate calendar and reaches the fake channel manager once, and a
 * second approval changes nothing; a suggestion a price change made stale is refused; locked and
 * closed nights are never touched; the autopilot applies within the limits once after a close and
 * tells the managers; the roles below manager are refused; bad input is a 4xx; the rows read do not
 * grow with history.
 */

const TODAY = hotelToday();
const d = (offset: number) => addDays(TODAY, offset);
const db = () => drizzle(env.DB);
let manager = '';
let managerEmail = '';
let lines: HistoryLine[] = [];

async function importFile(name: string, file: HistoryLine[]) {
  await queueHistoryFile(db(), env.IMAGES, null, name, new TextEncoder().encode(historyCsv(file)));
  await runHistoryImports(db(), r2Source(env.IMAGES), { budgetMs: 120_000 });
}

/** The limits the tests set: wide for silver and gold, tight for diamond and deluxe. */
const LIMITS = [
  { roomType: 'silver', floorBaisa: 10_000, ceilingBaisa: 20_000 },
  { roomType: 'gold', floorBaisa: 10_000, ceilingBaisa: 20_000 },
  { roomType: 'diamond', floorBaisa: 15_500, ceilingBaisa: 17_000 },
  { roomType: 'deluxe', floorBaisa: 15_000, ceilingBaisa: 18_000 },
];

beforeAll(async () => {
  const account = await staffAccount({ role: 'manager' });
  manager = account.cookie;
  managerEmail = account.email;
  lines = generateHistory({ asOf: TODAY, seed: 11, yearsBack: 2.1 });
  await importFile('generated.csv', lines);
  await everythingSent();
}, 180_000);

beforeEach(freshMinute);

const send = async <T>(
  path: string,
  init: { method?: string; json?: unknown; lang?: 'ar' | 'en'; headers?: Record<string, string> } = {},
) => {
  const res = await call(path, { cookie: manager, lang: 'en', ...init });
  return {
    status: res.status,
    body: await json<T>(res),
    rowsRead: Number(res.headers.get('x-d1-rows-read') ?? -1),
  };
};
const suggestions = async (from = TODAY, to = d(89)) => {
  const res = await send<Suggestions>(`/api/admin/revenue/suggestions?from=${from}&to=${to}`);
  expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
  return res.body;
};
const apply = (ids: string[], lang: 'ar' | 'en' = 'en') =>
  send<{
    applied: number;
    unchanged: number;
    message: string;
    error?: { code: string; message: string; suggestions?: string[] };
  }>('/api/admin/revenue/suggestions/apply', { method: 'POST', json: { ids }, lang });
const putRates = async (body: Record<string, unknown>) => {
  const res = await send('/api/admin/rates', { method: 'PUT', json: { ratePlan: 'standard', ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
const rateNight = async (roomType: string, night: string) =>
  (
    await send<{ nights: RateCalendarNight[] }>(
      `/api/admin/rates?ratePlan=standard&roomType=${roomType}&from=${night}&to=${night}`,
    )
  ).body.nights[0]!;
const saveSettings = async (body: Record<string, unknown>) => {
  const res = await send<PriceSettings & { message: string }>('/api/admin/revenue/settings', {
    method: 'PUT',
    json: body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
/** Price suggestions of a room type from `lead` days ahead on, one per night. */
const priceSuggestions = (s: Suggestions, roomType: string, lead = 1) =>
  s.suggestions.filter((x) => x.kind === 'price' && x.roomType === roomType && x.date >= d(lead));

describe('the settings', () => {
  it('answer the defaults, then what a manager saved, with its audit line; Arabic digits are digits', async () => {
    const before = await send<PriceSettings>('/api/admin/revenue/settings');
    expect(before.body).toMatchObject({
      targetOccupancyPercent: 80,
      thresholdPercent: 2,
      stepCapPercent: 30,
      priceStepBaisa: 500,
      autopilot: false,
      limits: [],
    });
    const saved = await saveSettings({ targetOccupancyPercent: '٨٥', limits: LIMITS });
    expect(saved.targetOccupancyPercent).toBe(85);
    expect(saved.limits).toHaveLength(4);
    expect(saved.message).toBe('The price settings are saved');
    // A season refines a type's all-year limit.
    const season = { roomType: 'gold', from: d(40), to: d(50), floorBaisa: 14_000, ceilingBaisa: 15_000 };
    expect(
      (await saveSettings({ targetOccupancyPercent: 80, limits: [...LIMITS, season] })).limits,
    ).toContainEqual(season);
    expect(await count("select count(*) as n from audit_log where action = 'revenue.settings_update'")).toBe(
      2,
    );
    const s = await suggestions(d(40), d(50));
    for (const night of s.nights)
      expect(night.types.gold).toMatchObject({ floorBaisa: 14_000, ceilingBaisa: 15_000 });
    for (const x of s.suggestions.filter((x) => x.roomType === 'gold' && x.kind === 'price')) {
      expect(x.suggestedBaisa).toBeGreaterThanOrEqual(14_000);
      expect(x.suggestedBaisa).toBeLessThanOrEqual(15_000);
    }
    await saveSettings({ limits: LIMITS });
  });

  it('refuse bad values in the reader’s language, and keep what was there', async () => {
    const refused = async (body: unknown, lang: 'ar' | 'en' = 'en') => {
      const res = await send<{ error: { code: string; fields?: Record<string, string> } }>(
        '/api/admin/revenue/settings',
        { method: 'PUT', json: body, lang },
      );
      return { status: res.status, ...res.body.error };
    };
    expect(await refused({})).toMatchObject({ status: 400 });
    expect(await refused({ targetOccupancyPercent: 101 })).toMatchObject({
      status: 400,
      fields: { targetOccupancyPercent: 'Choose a target occupancy from 30% to 100%' },
    });
    expect((await refused({ targetOccupancyPercent: 101 }, 'ar')).fields?.targetOccupancyPercent).toBe(
      'اختر نسبة إشغال مستهدفة من ٣٠٪ إلى ١٠٠٪',
    );
    expect(
      await refused({ limits: [{ roomType: 'gold', floorBaisa: 20_000, ceilingBaisa: 10_000 }] }),
    ).toMatchObject({
      status: 400,
      fields: { 'limits.0.ceilingBaisa': 'The ceiling must not be below the floor' },
    });
    expect(
      await refused({
        limits: [
          { roomType: 'gold', from: d(1), to: d(10), floorBaisa: 1, ceilingBaisa: 2 },
          { roomType: 'gold', from: d(10), to: d(20), floorBaisa: 1, ceilingBaisa: 2 },
        ],
      }),
    ).toMatchObject({
      status: 400,
      fields: { 'limits.1.roomType': expect.stringMatching(/already has a limit/) },
    });
    expect(
      await refused({ limits: [{ roomType: 'nowhere', floorBaisa: 1, ceilingBaisa: 2 }] }),
    ).toMatchObject({
      status: 400,
      fields: { 'limits.0.roomType': expect.any(String) },
    });
    expect(
      await refused({ limits: [{ roomType: 'gold', from: d(1), floorBaisa: 1, ceilingBaisa: 2 }] }),
    ).toMatchObject({ status: 400 });
    expect(await refused({ autopilot: 'yes' })).toMatchObject({ status: 400 });
    expect(await refused({ priceStepBaisa: 0 })).toMatchObject({ status: 400 });
    expect(await refused({ colour: 'red' })).toMatchObject({ status: 400 });
    expect(await refused({ limits: Array.from({ length: 201 }, () => LIMITS[0]) })).toMatchObject({
      status: 400,
    });
    expect((await send<PriceSettings>('/api/admin/revenue/settings')).body.limits).toHaveLength(4);
  });
});

describe('the suggestions of the next 90 nights', () => {
  it('stay within the limits, the step cap and the price step, each with its ladder and reasons in both languages', async () => {
    const s = await suggestions();
    expect(s.nights).toHaveLength(90);
    const prices = s.suggestions.filter((x) => x.kind === 'price');
    expect(prices.length).toBeGreaterThan(50);
    const limits = new Map(LIMITS.map((l) => [l.roomType, l]));
    let bounded = 0;
    for (const x of prices) {
      const night = s.nights.find((n) => n.date === x.date)!;
      const type = night.types[x.roomType]!;
      const limit = limits.get(x.roomType)!;
      expect(x.suggestedBaisa, x.id).toBeGreaterThanOrEqual(limit.floorBaisa);
      expect(x.suggestedBaisa, x.id).toBeLessThanOrEqual(limit.ceilingBaisa);
      expect(x.currentBaisa).toBe(type.currentBaisa);
      expect(Math.abs(x.suggestedBaisa - type.baseBaisa), x.id).toBeLessThanOrEqual(type.baseBaisa * 0.3);
      expect(Math.abs(x.suggestedBaisa - x.currentBaisa) / x.currentBaisa).toBeGreaterThanOrEqual(0.02);
      expect(x.suggestedBaisa % 500, x.id).toBe(0);
      // The ladder the night shows ends at the suggestion.
      expect(type.ladderBaisa).toBe(x.suggestedBaisa);
      expect(type.ladder.at(-1)!.priceBaisa).toBe(x.suggestedBaisa);
      expect(type.ladder.map((step) => step.step).slice(0, 1)).toEqual(['base']);
      if (x.limit === 'floor') expect(x.suggestedBaisa).toBe(limit.floorBaisa);
      if (x.limit === 'ceiling') expect(x.suggestedBaisa).toBe(limit.ceilingBaisa);
      if (x.limit) bounded += 1;
      expect(parseSuggestionId(x.id)).toMatchObject({
        date: x.date,
        roomType: x.roomType,
        current: x.currentBaisa,
        suggested: x.suggestedBaisa,
      });
      expect(x.reasons.length).toBeGreaterThanOrEqual(2);
      expect(x.reasons[0]!.en).toMatch(/^[+−]\d+%, from OMR\s\d+\.\d{3} to OMR\s\d+\.\d{3}: \S/);
      expect(x.reasons[0]!.ar).toMatch(/^(زيادة|خفض) [٠-٩]+٪، من /);
      expect(x.reasons.at(-1)!.en).toMatch(/^Expected effect on room revenue/);
      for (const r of [...x.reasons, ...type.ladder]) {
        expect(r.en).toMatch(/\S/);
        expect(r.ar, r.en).not.toMatch(/[0-9]/);
      }
      expect(Number.isInteger(x.revenueEffectBaisa)).toBe(true);
    }
    // The tight limits of diamond and deluxe bind some nights, and say so.
    expect(bounded).toBeGreaterThan(0);
    const withLimit = prices.find((x) => x.limit === 'floor' || x.limit === 'ceiling')!;
    expect(withLimit.reasons.some((r) => /^The (floor|ceiling) of OMR\s/.test(r.en))).toBe(true);
    // Every night shows its books, band and last year.
    for (const night of s.nights) {
      expect(night.low).toBeLessThanOrEqual(night.forecast);
      expect(night.high).toBeGreaterThanOrEqual(night.forecast);
      expect(night.lastYear).not.toBeNull();
      expect(Object.keys(night.types).sort()).toEqual(['deluxe', 'diamond', 'gold', 'silver']);
    }
    // Peak nights get restrictions too, their reasons said.
    for (const x of s.suggestions.filter((x) => x.kind !== 'price')) {
      expect(x.suggestedBaisa).toBe(x.currentBaisa);
      expect(x.restriction).toBeDefined();
      expect(x.reasons[0]!.en).toMatch(/its effect on revenue is not estimated/);
    }
  });

  it('say nothing of a change under the threshold', async () => {
    await saveSettings({ thresholdPercent: 50 });
    const s = await suggestions();
    expect(s.suggestions.filter((x) => x.kind === 'price')).toEqual([]);
    await saveSettings({ thresholdPercent: 2 });
  });

  it('show Eid and National Day, the Hijri ones marked until confirmed', async () => {
    const year = await suggestions(TODAY, d(365));
    const national = year.nights.find((n) => n.events.some((e) => e.kind === 'national_day'))!;
    expect(national.events.find((e) => e.kind === 'national_day')).toMatchObject({
      confirmed: true,
      uncertaintyDays: 0,
    });
    const eidNight = year.nights.find((n) => n.events.some((e) => e.kind === 'eid_al_fitr'))!;
    expect(eidNight.events.find((e) => e.kind === 'eid_al_fitr')).toMatchObject({
      confirmed: false,
      uncertaintyDays: 1,
    });
    const step = eidNight.types.gold!.ladder.find((s) => s.step === 'event')!;
    expect(step.en).toMatch(/^Eid al-Fitr \(the date may move a day either way\)/);
    expect(step.ar).toMatch(/^عيد الفطر \(قد يتقدم التاريخ أو يتأخر يومًا\)/);
    // Confirmed, it is marked no more.
    const events = await send<{ events: { id: number; kind: string; from: string }[] }>(
      `/api/admin/revenue/events?year=${eidNight.date.slice(0, 4)}`,
    );
    const eid = events.body.events.find((e) => e.kind === 'eid_al_fitr' && e.from <= eidNight.date)!;
    expect(
      (await send(`/api/admin/revenue/events/${eid.id}`, { method: 'PUT', json: { confirmed: true } }))
        .status,
    ).toBe(200);
    const after = await suggestions(eidNight.date, eidNight.date);
    expect(after.nights[0]!.events.find((e) => e.kind === 'eid_al_fitr')).toMatchObject({
      confirmed: true,
      uncertaintyDays: 0,
    });
    expect(after.nights[0]!.types.gold!.ladder.find((s) => s.step === 'event')!.en).toMatch(/^Eid al-Fitr: /);
  });
});

describe('approving suggestions', () => {
  it('changes the rate calendar and reaches the channel once; a second approval changes nothing', async () => {
    const s = await suggestions();
    const chosen = priceSuggestions(s, 'silver').slice(0, 2);
    expect(chosen).toHaveLength(2);
    const ids = chosen.map((x) => x.id);
    const first = await apply(ids);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({
      applied: 2,
      unchanged: 0,
      message: '2 suggestions applied to the rate calendar',
    });
    for (const x of chosen) {
      const night = await rateNight('silver', x.date);
      expect(night.own.priceBaisa).toBe(x.suggestedBaisa);
      expect(night.priceBaisa).toBe(x.suggestedBaisa);
      // The sender ran after the request: the fake channel manager holds the new price.
      expect((await ari('silver', 'standard:silver', x.date))[0]!.priceBaisa).toBe(x.suggestedBaisa);
    }
    expect(await outboxDepth()).toBe(0);
    const calls = await count('select count(*) as n from fake_channex_calls');
    expect(calls).toBeGreaterThan(0);
    const audited = () =>
      count(
        `select count(*) as n from audit_log where action = 'rates.updated' and json_extract("after", '$.source') = 'revenue.suggestions'`,
      );
    expect(await audited()).toBe(1);

    const again = await apply(ids, 'ar');
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ applied: 0, unchanged: 2 });
    expect(again.body.message).toMatch(/^لا شيء للتغيير/);
    expect(await outboxDepth()).toBe(0);
    expect(await count('select count(*) as n from fake_channex_calls')).toBe(calls);
    expect(await audited()).toBe(1);

    // The nights keep the base the suggestion was made on: the ladder comes to the same price, no new suggestion.
    const after = await suggestions();
    for (const x of chosen) {
      const type = after.nights.find((n) => n.date === x.date)!.types.silver!;
      expect(type).toMatchObject({ currentBaisa: x.suggestedBaisa, baseBaisa: x.currentBaisa, lock: null });
      expect(
        after.suggestions.some((y) => y.date === x.date && y.roomType === 'silver' && y.kind === 'price'),
      ).toBe(false);
    }
    // A price typed by hand since locks the night; unlocked, that price is its base.
    const [typed] = chosen;
    await putRates({ roomType: 'silver', from: typed!.date, to: typed!.date, priceBaisa: 14_100 });
    const manual = (await suggestions(typed!.date, typed!.date)).nights[0]!.types.silver!;
    expect(manual).toMatchObject({ lock: 'manual_price', currentBaisa: 14_100 });
    const unlock = await send<{ message: string }>('/api/admin/revenue/locks', {
      method: 'PUT',
      json: { from: typed!.date, to: typed!.date, roomTypes: ['silver'], locked: false },
    });
    expect(unlock.status).toBe(200);
    expect((await suggestions(typed!.date, typed!.date)).nights[0]!.types.silver).toMatchObject({
      lock: null,
      baseBaisa: 14_100,
    });
  });

  it('refuses a suggestion a price change made stale, and applies none of the others', async () => {
    const chosen = priceSuggestions(await suggestions(), 'gold', 3).slice(0, 2);
    const [stale, other] = chosen as [Suggestion, Suggestion];
    await putRates({
      roomType: 'gold',
      from: stale.date,
      to: stale.date,
      priceBaisa: stale.currentBaisa + 700,
    });
    const res = await apply([stale.id, other.id]);
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'suggestion_stale', suggestions: [stale.id] });
    expect(res.body.error!.message).toMatch(/^A price or a restriction changed since/);
    expect((await apply([stale.id], 'ar')).body.error!.message).toMatch(/^تغيّر سعر أو قيد/);
    expect((await rateNight('gold', other.date)).priceBaisa).toBe(other.currentBaisa);
  });

  it('never touches a locked night or a closed one', async () => {
    const locked = await send<{ nights: number; message: string }>('/api/admin/revenue/locks', {
      method: 'PUT',
      json: { from: d(10), to: d(12), roomTypes: ['deluxe', 'diamond'], locked: true },
    });
    expect(locked.status).toBe(200);
    expect(locked.body).toMatchObject({
      nights: 3,
      message: '3 nights locked: no suggestion will touch them',
    });
    await putRates({ roomType: 'gold', from: d(15), to: d(15), closed: true });
    const s = await suggestions(d(10), d(15));
    for (const night of s.nights.filter((n) => n.date <= d(12))) {
      expect(night.types.deluxe!.lock).toBe('locked');
      expect(night.types.diamond!.lock).toBe('locked');
    }
    expect(s.nights.at(-1)!.types.gold!.lock).toBe('closed');
    expect(
      s.suggestions.filter(
        (x) =>
          (['deluxe', 'diamond'].includes(x.roomType) && x.date <= d(12)) ||
          (x.roomType === 'gold' && x.date === d(15)),
      ),
    ).toEqual([]);
  });
});

describe('the autopilot', () => {
  it('applies within the limits once after a close, leaves locked nights and types without limits, and tells the managers', async () => {
    // Limits on silver and gold only: the autopilot leaves diamond and deluxe to the manager.
    await saveSettings({ autopilot: true, limits: LIMITS.slice(0, 2) });
    await send('/api/admin/revenue/locks', {
      method: 'PUT',
      json: { from: d(20), to: d(20), roomTypes: ['silver'], locked: true },
    });
    const before = await suggestions();
    const expected = before.suggestions.filter(
      (x) => x.kind === 'price' && ['silver', 'gold'].includes(x.roomType),
    );
    expect(expected.length).toBeGreaterThan(10);
    // Nothing happens before a close.
    await runCron('* * * * *');
    expect(await count('select count(*) as n from revenue_autopilot_runs')).toBe(0);

    await closedDay(d(-1), manager);
    await runCron('* * * * *');
    const runs = await rows<{ close_date: string; changes: string }>(
      'select close_date, changes from revenue_autopilot_runs',
    );
    expect(runs.map((r) => r.close_date)).toEqual([d(-1)]);
    const changes = JSON.parse(runs[0]!.changes) as {
      date: string;
      roomType: string;
      fromBaisa: number;
      toBaisa: number;
    }[];
    expect(changes.map((c) => `${c.date}:${c.roomType}`).sort()).toEqual(
      expected.map((x) => `${x.date}:${x.roomType}`).sort(),
    );
    expect(changes.some((c) => c.roomType === 'silver' && c.date === d(20))).toBe(false);
    for (const c of changes.slice(0, 5))
      expect((await rateNight(c.roomType, c.date)).priceBaisa).toBe(c.toBaisa);

    // The screen lists the run; the managers get an e-mail (in Arabic, as the staff's alerts).
    const after = await suggestions();
    expect(after.autopilot[0]).toMatchObject({ closeDate: d(-1), changes: expect.any(Array) });
    expect(after.autopilot[0]!.changes).toHaveLength(changes.length);
    expect(
      after.suggestions.filter(
        (x) => x.kind === 'price' && ['silver', 'gold'].includes(x.roomType) && x.date !== d(20),
      ),
    ).toEqual([]);
    const [mail] = await mailsTo(managerEmail, 1);
    expect(mail!.subject).toMatch(/غيّر الطيار الآلي/);
    expect(mail!.text).toContain('/admin/revenue');
    expect(
      await count(
        "select count(*) as n from email_outbox where kind = 'revenue_autopilot_applied' and recipient = 'staff@example.com'",
      ),
    ).toBe(0);

    // The same close is acted on once; the channel's next minute sends what the autopilot wrote.
    await runCron('* * * * *');
    expect(await count('select count(*) as n from revenue_autopilot_runs')).toBe(1);
    const sample = changes.find((c) => c.roomType === 'gold')!;
    expect((await ari('gold', 'standard:gold', sample.date))[0]!.priceBaisa).toBe(sample.toBaisa);
    await saveSettings({ autopilot: false, limits: LIMITS });
  });
});

describe('who may', () => {
  it('the roles below manager are refused every new call, and so is nobody signed in', async () => {
    const lower = [
      (await signUp()).cookie,
      ...(
        await Promise.all(
          (['staff', 'housekeeper', 'outlet', 'maintenance'] as const).map((role) => staffAccount({ role })),
        )
      ).map((a) => a.cookie),
    ];
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/revenue/settings'],
      ['PUT', '/api/admin/revenue/settings', { autopilot: true }],
      ['PUT', '/api/admin/revenue/locks', { from: d(1), to: d(1), roomTypes: ['gold'], locked: true }],
      ['GET', `/api/admin/revenue/suggestions?from=${TODAY}&to=${d(1)}`],
      ['POST', '/api/admin/revenue/suggestions/apply', { ids: [`${d(1)}:gold:price:1000:2000`] }],
    ];
    for (const [method, path, body] of calls) {
      for (const cookie of lower) {
        const res = await call(path, { method, cookie, json: body });
        expect(res.status, `${method} ${path}`).toBe(403);
      }
      expect((await call(path, { method, json: body })).status, `${method} ${path} signed out`).toBe(401);
    }
    expect(
      await count("select count(*) as n from revenue_locks where night = ? and room_type = 'gold'", d(1)),
    ).toBe(0);
    const admin = (await staffAccount({ role: 'admin' })).cookie;
    expect((await call('/api/admin/revenue/settings', { cookie: admin })).status).toBe(200);
  });
});

describe('bad input', () => {
  it('is a 4xx, never a 500, and changes nothing', async () => {
    const status = async (method: string, path: string, body?: unknown) =>
      (await call(path, { method, cookie: manager, json: body })).status;
    const q = (query: string) => status('GET', `/api/admin/revenue/suggestions?${query}`);
    expect(await q(`from=x&to=${d(1)}`)).toBe(400);
    expect(await q(`from=${d(5)}&to=${d(1)}`)).toBe(400);
    expect(await q(`from=${TODAY}&to=${d(400)}`)).toBe(400);
    expect(await q(`from=${d(-10)}&to=${d(-5)}`)).toBe(400);
    expect(await q(`from=2026-02-30&to=${d(1)}`)).toBe(400);
    expect(await q('')).toBe(400);
    const refusal = await send<{ error: { fields?: Record<string, string> } }>(
      `/api/admin/revenue/suggestions?from=${TODAY}&to=${d(400)}`,
      { lang: 'ar' },
    );
    expect(refusal.body.error.fields?.to).toBe('تغطي الاقتراحات ٣٦٦ ليلة على الأكثر');
    const applyPath = '/api/admin/revenue/suggestions/apply';
    expect(await status('POST', applyPath, { ids: [] })).toBe(400);
    expect(await status('POST', applyPath, { ids: ['nonsense'] })).toBe(400);
    expect(await status('POST', applyPath, { ids: [`${d(1)}:gold:price:1:2`], more: 1 })).toBe(400);
    expect(
      await status('POST', applyPath, {
        ids: Array.from({ length: 2001 }, (_, i) => `${d(1)}:gold:price:${i}:2`),
      }),
    ).toBe(400);
    expect(
      await status('POST', applyPath, { ids: [`${d(1)}:gold:price:1:2`, `${d(380)}:gold:price:1:2`] }),
    ).toBe(400);
    expect(await status('POST', applyPath, { ids: [`${d(-3)}:gold:price:1:2`] })).toBe(409);
    expect(await status('POST', applyPath, { ids: [`${d(1)}:nowhere:price:1:2`] })).toBe(409);
    expect(await status('POST', applyPath, { ids: [`2026-02-30:gold:price:1:2`] })).toBe(400);
    expect(
      (
        await call(applyPath, {
          method: 'POST',
          cookie: manager,
          headers: { 'content-type': 'application/json' },
          body: '{"ids": [',
        })
      ).status,
    ).toBe(400);
    const locks = '/api/admin/revenue/locks';
    expect(await status('PUT', locks, { from: d(1), to: d(1), roomTypes: ['nowhere'], locked: true })).toBe(
      400,
    );
    expect(await status('PUT', locks, { from: d(3), to: d(1), roomTypes: ['gold'], locked: true })).toBe(400);
    expect(await status('PUT', locks, { from: d(1), to: d(400), roomTypes: ['gold'], locked: true })).toBe(
      400,
    );
    expect(
      await status('PUT', locks, { from: d(1), to: d(2), roomTypes: ['gold', 'gold'], locked: true }),
    ).toBe(400);
    expect(await status('PUT', locks, { from: d(1), to: d(2), roomTypes: ['gold'] })).toBe(400);
    expect(
      await count("select count(*) as n from revenue_locks where night >= ? and room_type = 'gold'", d(1)),
    ).toBe(0);
  });
});

describe('the rows a call reads', () => {
  it('are in proportion to the nights, not to the years of history', async () => {
    const path = `/api/admin/revenue/suggestions?from=${TODAY}&to=${d(89)}`;
    const before = await send<Suggestions>(path, { headers: { 'x-d1-meter': '1' } });
    expect(before.rowsRead).toBeGreaterThan(0);
    const first = lines.reduce((m, l) => (l.arrival < m ? l.arrival : m), TODAY);
    const older = generateHistory({ asOf: addDays(first, -10), seed: 5, yearsBack: 2, demand: 0.3 })
      .filter((l) => l.departure < first && l.bookedOn < first)
      .map((l) => ({ ...l, reference: l.reference.replace('OLD-', 'ANCIENT-') }));
    await importFile('older.csv', older);
    const after = await send<Suggestions>(path, { headers: { 'x-d1-meter': '1' } });
    expect(after.rowsRead).toBe(before.rowsRead);
    expect(after.body.suggestions).toEqual(before.body.suggestions);
  });
});
