import { beforeAll, describe, expect, it } from 'vitest';
import { computedEvents, hijriOf } from '@shared/gulf-calendar';
import type { RevenueEvent } from '@shared/revenue';
import { json, staffAccount } from '@worker-test/builders';
import { call } from '@worker-test/helpers';

/**
 * The Gulf's calendar (GET/POST/PUT/DELETE /api/admin/revenue/events; docs/decisions/094): the
 * Hijri dates come from `Intl.DateTimeFormat` with the islamic-umalqura calendar, which workerd has
 * (checked here, in workerd); each lunar event is marked ±1 day until the manager confirms it;
 * National Day, Khareef and the school holidays are there every year; the manager adds the hotel's
 * own events, moves, confirms and deletes them; a computed event deleted is not made again.
 */

let manager = '';
beforeAll(async () => {
  manager = (await staffAccount({ role: 'manager' })).cookie;
});

const events = async (year: number) =>
  (
    await json<{ events: RevenueEvent[] }>(
      await call(`/api/admin/revenue/events?year=${year}`, { cookie: manager }),
    )
  ).events;
const send = (method: string, path: string, body: unknown, lang: 'ar' | 'en' = 'en') =>
  call(`/api/admin/revenue/events${path}`, { method, cookie: manager, lang, json: body });

describe('the Hijri calendar in workerd', () => {
  it('reads Umm al-Qura dates through Intl', () => {
    expect(hijriOf('2026-02-18')).toEqual({ year: 1447, month: 9, day: 1 });
    expect(hijriOf('2026-03-20')).toEqual({ year: 1447, month: 10, day: 1 });
    expect(hijriOf('2026-05-27')).toEqual({ year: 1447, month: 12, day: 10 });
    expect(hijriOf('2027-02-08')).toEqual({ year: 1448, month: 9, day: 1 });
  });

  it('computes a year’s events: the lunar ones move about 11 days a year', () => {
    const of = (year: number, kind: string) => computedEvents(year).find((e) => e.kind === kind)!;
    expect([of(2026, 'ramadan').from, of(2026, 'ramadan').to]).toEqual(['2026-02-18', '2026-03-19']);
    expect([of(2026, 'eid_al_fitr').from, of(2026, 'eid_al_fitr').to]).toEqual(['2026-03-20', '2026-03-22']);
    expect([of(2026, 'eid_al_adha').from, of(2026, 'eid_al_adha').to]).toEqual(['2026-05-27', '2026-05-30']);
    expect([of(2027, 'eid_al_fitr').from, of(2027, 'eid_al_adha').from]).toEqual([
      '2027-03-09',
      '2027-05-16',
    ]);
    expect(of(2026, 'islamic_new_year').from).toBe('2026-06-16');
    expect(of(2026, 'prophets_birthday').from).toBe('2026-08-25');
  });
});

describe('the events of a year', () => {
  it('are there once, the lunar ones unconfirmed (±1 day), National Day and Khareef fixed', async () => {
    const first = await events(2026);
    expect(await events(2026)).toEqual(first);
    const by = (kind: string) => first.find((e) => e.kind === kind)!;
    expect(by('eid_al_fitr')).toMatchObject({
      nameAr: 'عيد الفطر',
      nameEn: 'Eid al-Fitr',
      from: '2026-03-20',
      to: '2026-03-22',
      confirmed: false,
      source: 'computed',
      uncertaintyDays: 1,
    });
    expect(by('national_day')).toMatchObject({
      from: '2026-11-20',
      to: '2026-11-21',
      confirmed: true,
      uncertaintyDays: 0,
    });
    expect(by('khareef')).toMatchObject({ from: '2026-06-21', to: '2026-09-21', confirmed: true });
    expect(first.filter((e) => e.kind === 'school_holiday').length).toBeGreaterThanOrEqual(4);
    // The year's events, and those of the year before still running into it (none here: Dec 31 ends the winter break).
    expect(first.every((e) => e.to >= '2026-01-01' && e.from <= '2026-12-31')).toBe(true);
  });

  it('are confirmed, moved, added and deleted by the manager', async () => {
    const eid = (await events(2026)).find((e) => e.kind === 'eid_al_adha')!;
    // Oman's moon was sighted a day later: moved and confirmed.
    const moved = await send('PUT', `/${eid.id}`, { from: '2026-05-28', to: '2026-05-31', confirmed: true });
    expect(moved.status).toBe(200);
    expect((await json<{ event: RevenueEvent }>(moved)).event).toMatchObject({
      from: '2026-05-28',
      confirmed: true,
      uncertaintyDays: 0,
    });
    const made = await send('POST', '', {
      nameAr: 'مؤتمر النفط',
      nameEn: 'Oil conference',
      from: '2026-10-04',
      to: '2026-10-06',
    });
    expect(made.status).toBe(201);
    const conference = (await json<{ event: RevenueEvent }>(made)).event;
    expect(conference).toMatchObject({ kind: 'hotel', source: 'manager', confirmed: true });
    expect((await events(2026)).some((e) => e.id === conference.id)).toBe(true);
    expect((await send('DELETE', `/${conference.id}`, undefined)).status).toBe(200);
    // A computed one deleted stays deleted.
    const khareef = (await events(2026)).find((e) => e.kind === 'khareef')!;
    expect((await send('DELETE', `/${khareef.id}`, undefined)).status).toBe(200);
    const after = await events(2026);
    expect(after.some((e) => e.id === conference.id || e.kind === 'khareef')).toBe(false);
    expect((await send('PUT', `/${khareef.id}`, { confirmed: true })).status).toBe(404);
  });

  it('refuses bad events, clearly, in both languages', async () => {
    const fields = async (res: Response) => ({
      status: res.status,
      ...(await json<{ error: { code: string; fields?: Record<string, string> } }>(res)).error,
    });
    expect(
      await fields(
        await send('POST', '', { nameAr: 'أ', nameEn: 'A', from: '2026-05-05', to: '2026-05-01' }),
      ),
    ).toMatchObject({
      status: 400,
      fields: { to: expect.any(String) },
    });
    expect(
      await fields(
        await send('POST', '', { nameAr: 'أ', nameEn: 'A', from: '2026-01-01', to: '2026-12-31' }, 'ar'),
      ),
    ).toMatchObject({ status: 400, fields: { to: 'تستمر المناسبة ١٢٠ يومًا على الأكثر' } });
    expect(
      await fields(await send('POST', '', { nameAr: '', nameEn: 'A', from: '2026-01-01', to: '2026-01-02' })),
    ).toMatchObject({
      fields: { nameAr: "Enter the event's name" },
    });
    expect(
      await fields(
        await send('POST', '', {
          kind: 'ramadan',
          nameAr: 'أ',
          nameEn: 'A',
          from: '2026-01-01',
          to: '2026-01-02',
        }),
      ),
    ).toMatchObject({
      fields: { kind: "Choose the hotel's own event or a school holiday" },
    });
    expect(await fields(await send('PUT', '/1', { from: '2026-01-01' }))).toMatchObject({
      fields: { to: 'Give the first and the last day together' },
    });
    expect(await fields(await send('PUT', '/1', {}))).toMatchObject({ status: 400 });
    expect(await fields(await send('PUT', '/1', { confirmed: 'yes', extra: 1 }))).toMatchObject({
      status: 400,
    });
    expect(await fields(await send('PUT', '/999999', { confirmed: true }))).toMatchObject({
      status: 404,
      code: 'event_not_found',
    });
    expect((await call('/api/admin/revenue/events?year=1999', { cookie: manager, lang: 'en' })).status).toBe(
      400,
    );
    expect((await call('/api/admin/revenue/events?year=abc', { cookie: manager, lang: 'en' })).status).toBe(
      400,
    );
  });
});
