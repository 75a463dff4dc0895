import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { describe, expect, it } from 'vitest';
import { seed } from './seed';
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
    expect(before).toMatchObject({ rooms: 4, offers: 4, services: 7, vip_card_types: 3, users: 4 });
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
});
