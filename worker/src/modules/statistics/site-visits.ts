import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/d1';
import { hotelToday } from '@shared/dates';
import type { AppEnv } from '../../platform/env';
import { sha256Hex } from '../../platform/crypto';
import { dailyVisitorHash } from '../../platform/visitor-hash';

/**
 * Site visits (the statistics dashboard's visitors): one row per device per hotel day, written by
 * the worker when it serves a guest a page (the HTML document), never by the client. The
 * row holds the day and the salted daily hash of address and user agent
 * (platform/visitor-hash.ts), never the address. One statement, after the answer has gone
 * (`waitUntil`): `INSERT ... ON CONFLICT DO NOTHING` on the unique (day, hash) index, and
 * only when the cookie is not a staff or admin session. (Which requests count:
 * modules/statistics/site-visit-counting.ts.)
 */

export async function recordSiteVisit(
  env: AppEnv['Bindings'],
  input: { address: string; userAgent: string; sessionToken: string | undefined; now?: Date },
): Promise<void> {
  const day = hotelToday(input.now);
  const hash = await dailyVisitorHash(env, { day, address: input.address, userAgent: input.userAgent });
  const sessionHash = input.sessionToken ? await sha256Hex(input.sessionToken) : '';
  const admin = env.ADMIN_EMAIL.trim().toLowerCase();
  await drizzle(env.DB).run(sql`
    insert into site_visits (visit_date, visitor_hash)
    select ${day}, ${hash} where not exists (
      select 1 from sessions s join users u on u.id = s.user_id
      where s.id_hash = ${sessionHash} and (u.role <> 'guest' or u.email = ${admin}))
    on conflict (visit_date, visitor_hash) do nothing`);
}
