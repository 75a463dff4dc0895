import { env } from 'cloudflare:workers';
import { hashPassword } from '../src/modules/accounts/passwords';
import { forgetHotels } from '../src/platform/hotels';
import { emptyDatabase, restoreDatabase, seededDump } from './apply-migrations';
import { pushAllHotels } from '../src/modules/chain';
import { call, uniqueEmail, type CallInit } from './helpers';
import type { HotelRole } from './builders';

/**
 * Several hotels in the tests (docs/decisions/103): the default hotel (Muscat, the binding DB) is
 * every file's own; Salalah (DB_SALALAH) is made here from the same migrated and seeded dump, given
 * a name of its own and registered in the chain's database. A request reaches it with `X-Hotel`
 * (development), as `atHotel` sends it.
 */

export const MUSCAT = 'muscat';
export const SALALAH = 'salalah';

/** Salalah's database: migrated and seeded (the file's dump), named, registered. */
export async function setUpSalalah(): Promise<void> {
  await emptyDatabase(env.DB_SALALAH);
  await restoreDatabase(seededDump(), env.DB_SALALAH);
  await env.DB_SALALAH.prepare(
    "UPDATE site_settings SET site_name = 'Salalah Beach Hotel', site_name_ar = 'فندق شاطئ صلالة'",
  ).run();
  await env
    .CHAIN_DB!.prepare(
      `INSERT INTO hotels (code, name_ar, name_en, city_ar, city_en, binding, r2_prefix, hosts, sort_order)
     VALUES ('salalah', 'فندق شاطئ صلالة', 'Salalah Beach Hotel', 'صلالة', 'Salalah', 'DB_SALALAH',
       'hotels/salalah/', '["salalah.localhost"]', 1)`,
    )
    .run();
  forgetHotels();
}

/** The database of a hotel by code. */
export const databaseOf = (code: string): D1Database => (code === SALALAH ? env.DB_SALALAH : env.DB);

/** `call` at a hotel (`X-Hotel`, development's way; the default hotel without it). */
export function atHotel(code: string, path: string, init: CallInit = {}) {
  const headers = new Headers(init.headers);
  if (code !== MUSCAT) headers.set('x-hotel', code);
  return call(path, { ...init, headers });
}

/** A member of staff made at one hotel only (its own database), signed in there. */
export async function staffAt(
  code: string,
  { role = 'staff', email = uniqueEmail(`${code}-${role}`) }: { role?: HotelRole; email?: string } = {},
) {
  const password = `${role}-password-for-tests`;
  await databaseOf(code)
    .prepare('insert into users (full_name, email, password_hash, role, is_verified) values (?, ?, ?, ?, 1)')
    .bind(`${code} ${role}`, email, await hashPassword(password, env.PASSWORD_PEPPER), role)
    .run();
  const res = await atHotel(code, '/api/auth/login', { method: 'POST', json: { email, password } });
  return { email, password, cookie: cookieOf(res) };
}

/** The session cookie of a response. */
export function cookieOf(res: Response): string {
  const set = res.headers.getSetCookie().find((c) => c.startsWith('session='));
  if (!set) throw new Error(`no session cookie (${res.status})`);
  return set.split(';')[0]!;
}

/** Every hotel's chain outbox pushed, as the minute cron does. */
export const pushAll = () => pushAllHotels(env);
