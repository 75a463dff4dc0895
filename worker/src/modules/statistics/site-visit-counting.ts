import type { Context } from 'hono';
import type { AppEnv } from '../../platform/env';
import { recordSiteVisit } from './site-visits';
import { clientAddress } from '../../platform/request';
import { sessionToken } from '../../platform/session-cookies';

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

/** Counts the page load after the answer has gone; a failure is logged, never shown. */
export function countSiteVisit(c: Context<AppEnv>): void {
  const work = recordSiteVisit(c.env, {
    address: clientAddress(c),
    userAgent: c.req.header('user-agent')?.slice(0, 300) ?? '',
    sessionToken: sessionToken(c),
  }).catch((err: unknown) => console.error(JSON.stringify({ msg: 'site-visit', err: String(err) })));
  c.executionCtx.waitUntil(work);
}
