import { getCookie } from 'hono/cookie';
import type { Context } from 'hono';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/d1';
import { hotelToday } from '../../../shared/src/dates';
import type { AppEnv } from '../env';
import { sha256Hex } from './crypto';
import { clientAddress } from './request';
import { cookieName } from './sessions';
import { dailyVisitorHash } from './visitor-hash';

/**
 * Site visits (DESIGN.md "Visits"; issue 15): one row per device per hotel day, written by
 * the worker when it serves a guest a page (the HTML document), never by the client. The
 * row holds the day and the salted daily hash of address and user agent
 * (lib/visitor-hash.ts), never the address. One statement, after the answer has gone
 * (`waitUntil`): `INSERT ... ON CONFLICT DO NOTHING` on the unique (day, hash) index, and
 * only when the cookie is not a staff or admin session.
 */

/** Obvious robots, link previews, monitors and automation (headless browsers included). */
const BOT =
  /bot|crawl|spider|slurp|preview|fetch|monitor|headless|lighthouse|curl|wget|python|httpclient|java\/|go-http|node|axios|facebookexternalhit|whatsapp/i;

/** A page a person asked for: a GET for an HTML document outside the API and the build files. */
export function isGuestPageLoad(c: Context<AppEnv>): boolean {
  if (c.req.method !== 'GET') return false;
  const path = c.req.path;
  if (path.startsWith('/api/') || path.startsWith('/auth/') || path.startsWith('/assets/')) return false;
  if (/\.[a-z0-9]+$/i.test(path)) return false; // files: icons, manifest, service worker
  const dest = c.req.header('sec-fetch-dest');
  if (dest ? dest !== 'document' : !c.req.header('accept')?.includes('text/html')) return false;
  if (c.req.header('sec-purpose') || c.req.header('purpose')) return false; // prefetch
  const ua = c.req.header('user-agent') ?? '';
  return ua.length > 0 && !BOT.test(ua);
}

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
      where s.id_hash = ${sessionHash} and (u.role in ('staff', 'admin') or u.email = ${admin}))
    on conflict (visit_date, visitor_hash) do nothing`);
}

/** Counts the page load after the answer has gone; a failure is logged, never shown. */
export function countSiteVisit(c: Context<AppEnv>): void {
  const token = getCookie(c, cookieName(c.env));
  const work = recordSiteVisit(c.env, {
    address: clientAddress(c),
    userAgent: c.req.header('user-agent')?.slice(0, 300) ?? '',
    sessionToken: token && token.length <= 100 ? token : undefined,
  }).catch((err: unknown) => console.error(JSON.stringify({ msg: 'site-visit', err: String(err) })));
  c.executionCtx.waitUntil(work);
}
