import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { describe, expect, it } from 'vitest';
import { seed, seedHotelSite } from './seed';
import { hashIterations } from '../modules/accounts/passwords';

const TABLES = [
  'rooms',
  'offers',
  'events',
  'services',
  'vip_card_types',
  'site_settings',
  'room_inventory',
  'room_bed_inventory',
  'room_smoking_inventory',
  'event_settings',
  'users',
];

async function counts() {
  const rows = await env.DB.batch(TABLES.map((t) => env.DB.prepare(`select count(*) as n from ${t}`)));
  return Object.fromEntries(TABLES.map((t, i) => [t, (rows[i]!.results[0] as { n: number }).n]));
}

describe('seed', () => {
  it('is idempotent: a second run adds nothing', async () => {
    const before = await counts();
    expect(before).toMatchObject({ rooms: 4, offers: 4, services: 7, vip_card_types: 3, users: 5 });
    await seed(drizzle(env.DB), env);
    expect(await counts()).toEqual(before);
  });

  it('keeps inventory counters staff changed', async () => {
    await env.DB.prepare(`update room_inventory set total_count = 30 where room_type = 'gold'`).run();
    await seed(drizzle(env.DB), env);
    const row = await env.DB.prepare(
      `select total_count from room_inventory where room_type = 'gold'`,
    ).first();
    expect(row).toEqual({ total_count: 30 });
  });

  it('creates the development admin and staff with 100,000-iteration PBKDF2 hashes', async () => {
    // With the seed's own hasher: the other test files are seeded with hashes made once per run.
    await env.DB.prepare(`delete from users`).run();
    await seed(drizzle(env.DB), env);
    const users = await env.DB.prepare(
      `select email, role, is_verified, password_hash from users order by role`,
    ).all<{
      email: string;
      role: string;
      is_verified: number;
      password_hash: string;
    }>();
    expect(users.results.map((u) => [u.email, u.role, u.is_verified])).toEqual([
      ['admin@example.com', 'admin', 1],
      ['housekeeper@example.com', 'housekeeper', 1],
      ['maintenance@example.com', 'maintenance', 1],
      ['manager@example.com', 'manager', 1],
      ['staff@example.com', 'staff', 1],
    ]);
    for (const u of users.results) expect(hashIterations(u.password_hash)).toBe(100_000);
  });

  it('refuses to run outside development', async () => {
    await expect(seed(drizzle(env.DB), { ...env, ENVIRONMENT: 'production' })).rejects.toThrow(/development/);
  });

  it('refuses an allotment above the cap at the database level', async () => {
    await expect(
      env.DB.prepare(`update room_inventory set total_count = 37 where room_type = 'gold'`).run(),
    ).rejects.toThrow(/CHECK constraint/);
  });

  it('seeds Oman LNG with the private corporate plan and a travel agent on 10%, once, never over edits', async () => {
    const plan = await env.DB.prepare(
      `select public, parent_code, parent_adjustment_percent from rate_plans where code = 'corporate'`,
    ).first();
    expect(plan).toEqual({ public: 0, parent_code: 'standard', parent_adjustment_percent: -15 });
    const company = await env.DB.prepare(
      `select kind, rate_plan_codes from city_ledger_accounts where name = 'Oman LNG'`,
    ).first();
    expect(company).toEqual({ kind: 'company', rate_plan_codes: '["corporate"]' });
    const agent = await env.DB.prepare(
      `select kind, commission_hundredths from city_ledger_accounts where name = 'Gulf Horizons Travel'`,
    ).first();
    expect(agent).toEqual({ kind: 'travel_agent', commission_hundredths: 1000 });
    await env.DB.prepare(
      `update city_ledger_accounts set commission_hundredths = 1250, contact_name = 'Edited'
      where name = 'Gulf Horizons Travel'`,
    ).run();
    await env.DB.prepare(
      `update rate_plans set parent_adjustment_percent = -20 where code = 'corporate'`,
    ).run();
    await seed(drizzle(env.DB), env);
    const after = await env.DB.prepare(
      `select count(*) as n, max(commission_hundredths) as c, max(contact_name) as name
       from city_ledger_accounts where name = 'Gulf Horizons Travel'`,
    ).first();
    expect(after).toEqual({ n: 1, c: 1250, name: 'Edited' });
    const edited = await env.DB.prepare(
      `select parent_adjustment_percent as p from rate_plans where code = 'corporate'`,
    ).first();
    expect(edited).toEqual({ p: -20 });
  });

  it("gives the demo chain's Salalah its own name, description and address, never over an admin's", async () => {
    const salalah = { code: 'salalah', nameEn: 'Salalah Beach Hotel', nameAr: 'فندق شاطئ صلالة' };
    const read = () =>
      env.DB.prepare(
        `select site_name as name, site_name_ar as nameAr, site_description as en, site_description_ar as ar,
          address, address_ar as addressAr from site_settings`,
      ).first<Record<string, string>>();
    await seedHotelSite(drizzle(env.DB), salalah);
    const site = await read();
    expect(site).toMatchObject({ name: 'Salalah Beach Hotel', nameAr: 'فندق شاطئ صلالة' });
    // Muscat's text (Al Maabila in Seeb) was what every other hotel of the demo said of itself.
    for (const text of [site!.en, site!.address]) {
      expect(text).toContain('Salalah');
      expect(text).not.toMatch(/Maabila|Seeb|Muscat/);
    }
    for (const text of [site!.ar, site!.addressAr]) {
      expect(text).toContain('صلالة');
      expect(text).not.toMatch(/المعبيلة|السيب|مسقط/);
    }
    // Once an admin has saved the settings, the seed leaves them alone.
    await env.DB.prepare(
      `update site_settings set site_description = 'Ours', updated_by_user_id = (select min(id) from users)`,
    ).run();
    await seedHotelSite(drizzle(env.DB), salalah);
    expect((await read())!.en).toBe('Ours');
  });
});
