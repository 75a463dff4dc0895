import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_SECONDS,
  LANGUAGES,
  SIGNED_IN_HINT_COOKIE,
  type Language,
} from '@shared/constants';
import { backOfficeHome } from '@shared/roles';
import type { AppEnv } from '../../platform/env';
import { readSession } from '../../platform/session-cookies';
import type { PublicPhoto } from './media';
import { hotelHeroPhoto } from './site-settings';

const isLanguage = (value: string | null | undefined): value is Language =>
  (LANGUAGES as readonly string[]).includes(value ?? '');

/**
 * A page's language (docs/decisions/012-landing-performance.md): `?lang=ar|en` (a language
 * link), else the visitor's stored choice (the `lang` cookie the app writes), else Arabic.
 */
export function pageLanguage(asked: string | null | undefined, stored: string | null | undefined): Language {
  if (isLanguage(asked)) return asked;
  if (isLanguage(stored)) return stored;
  return DEFAULT_LANGUAGE;
}

/**
 * The built file for a page (web/build/prerender.ts), as the assets binding serves it: the
 * landing page prerendered in each language at `/`, every other page an empty shell whose head
 * is in the page's language. (The binding serves `x.html` at `/x`.)
 */
export function pageAsset(pathname: string, language: Language): string {
  if (pathname === '/') return language === 'ar' ? '/' : '/index-en';
  return language === 'ar' ? '/shell' : '/shell-en';
}

/**
 * Answers a page (an HTML navigation, not a file) in its language from the first byte: the
 * prerendered file for that language, the alternate-language links search engines read, and a
 * `?lang=` choice stored in the cookie. The answer depends on the cookie (Vary) and is always
 * revalidated, so no cache hands one visitor's language to another.
 */
export async function servePage(
  c: Context<AppEnv>,
  /**
   * More of the page, written in by the caller just before `</body>` (the hotel's schema.org
   * JSON-LD, modules/rates/structured-data.ts): read while the file is fetched and the first
   * screen streams, so it never holds the page's first bytes.
   */
  extraBody?: (language: Language) => Promise<string>,
): Promise<Response> {
  const url = new URL(c.req.url);
  // `/?admin=true` (the spec's entry for staff) asked by a signed-in account of the back office: its
  // back office at once (decision 099), not the landing page whose first script would go there after
  // a round trip and its first bytes read (web/src/app/landing-first.ts, which still does it for the
  // service worker's copy of the page). Only with the signed-in hint: a guest's visit reads no session.
  if (url.pathname === '/' && url.searchParams.has('admin') && getCookie(c, SIGNED_IN_HINT_COOKIE) === '1') {
    const to = backOfficeHome((await readSession(c))?.user.role);
    if (to)
      return new Response(null, {
        status: 302,
        headers: { Location: to, 'Cache-Control': 'no-store', Vary: 'Cookie' },
      });
  }
  const asked = url.searchParams.get('lang');
  const language = pageLanguage(asked, getCookie(c, LANGUAGE_COOKIE));
  // Never fails the page: without it the page is still the page.
  const extra =
    c.req.method === 'GET' && extraBody ? extraBody(language).catch(() => '') : Promise.resolve('');
  const file = new URL(pageAsset(url.pathname, language), url);
  // The landing page inlines its first screen's rules, the other pages' shell a first script
  // (web/build/prerender.ts); the policy allows them by their hashes, read from the file itself. So
  // the file is always read whole (a few KB but for the landing): a 304 would leave the browser
  // pairing its cached copy with a policy made without them.
  const requestHeaders = new Headers(c.req.raw.headers);
  requestHeaders.delete('If-None-Match');
  requestHeaders.delete('If-Modified-Since');
  const asset = await c.env.ASSETS.fetch(
    new Request(file, { method: c.req.method, headers: requestHeaders }),
  );
  let body: ReadableStream | string | null = asset.body;
  if (asset.ok && c.req.method === 'GET') {
    body = await asset.text();
    c.set('inlineStyleHashes', await inlineStyleHashes(body));
    c.set('inlineScriptHashes', await inlineScriptHashes(body));
  }
  const alternates = (['ar', 'en'] as const)
    .map((lang) => alternateLink(url, lang, lang))
    .concat(alternateLink(url, 'x-default', null))
    .join('');
  const rewriter = new HTMLRewriter()
    .on('head', { element: (head) => void head.append(alternates, { html: true }) })
    .on('body', {
      element: (body) =>
        body.onEndTag(async (end) => {
          const more = await extra;
          if (more) end.before(more, { html: true });
        }),
    });
  // A signed-in guest's header drawn from what their phone last knew (decision 099): a visitor
  // without a session (the readable hint) has none to draw, and a navigation of theirs gets the
  // landing page without its template and script (about 1.5 KB gzip of the page every first visit
  // waits for). Only a navigation: the service worker's copy (fetched once, perhaps before the guest
  // signs in, and then answering every visit) keeps them.
  if (
    url.pathname === '/' &&
    c.req.header('Sec-Fetch-Mode') === 'navigate' &&
    getCookie(c, SIGNED_IN_HINT_COOKIE) !== '1'
  ) {
    rewriter
      .on('template#last-known', { element: (el) => void el.remove() })
      .on('script#last-known-draw', { element: (el) => void el.remove() });
  }
  // The landing is prerendered with the demo hero; the hotel's own hero is written in here, so
  // the browser's first fetch (fetchpriority high) is the right photo and the app hydrates it.
  const hero = url.pathname === '/' && asset.ok ? await hotelHeroPhoto(c.get('db')).catch(() => null) : null;
  if (hero) writeHero(rewriter, hero, language);
  const res = rewriter.transform(new Response(body, asset));
  const headers = new Headers(res.headers);
  headers.set('Content-Language', language);
  headers.append('Vary', 'Cookie');
  headers.set('Cache-Control', 'no-cache');
  if (isLanguage(asked) && getCookie(c, LANGUAGE_COOKIE) !== asked) {
    headers.append(
      'Set-Cookie',
      `${LANGUAGE_COOKIE}=${asked}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`,
    );
  }
  return new Response(res.body, { status: asset.status, headers });
}

/**
 * The CSP sources (`'sha256-…'`) of the inline `<style>` elements of a page's HTML, for its
 * Content-Security-Policy: the strict policy allows no inline style but these exact ones.
 */
export async function inlineStyleHashes(html: string): Promise<string[]> {
  const hashes: string[] = [];
  const withoutComments = html.replace(/<!--[\s\S]*?-->/g, '');
  for (const [, css = ''] of withoutComments.matchAll(/<style>([\s\S]*?)<\/style>/g)) {
    hashes.push(await sha256Source(css));
  }
  return hashes;
}

/**
 * The CSP sources of the inline scripts of a page's HTML (a `<script>` without `src`, as a
 * classic script or a module; not a data block such as JSON-LD, which never runs): the strict
 * policy allows no inline script but these exact ones.
 */
export async function inlineScriptHashes(html: string): Promise<string[]> {
  const hashes: string[] = [];
  const withoutComments = html.replace(/<!--[\s\S]*?-->/g, '');
  for (const [, attributes = '', code = ''] of withoutComments.matchAll(
    /<script([^>]*)>([\s\S]*?)<\/script>/g,
  )) {
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*"([^"]*)"/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && type !== 'module' && type !== 'text/javascript') continue;
    hashes.push(await sha256Source(code));
  }
  return hashes;
}

async function sha256Source(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return `'sha256-${btoa(String.fromCharCode(...digest))}'`;
}

/** `<link rel="alternate" hreflang>`: this address with `?lang=` set (or, for x-default, without). */
function alternateLink(url: URL, hreflang: string, lang: Language | null): string {
  const target = new URL(url.pathname, url.origin);
  url.searchParams.forEach((value, key) => {
    if (key !== 'lang') target.searchParams.append(key, value);
  });
  if (lang) target.searchParams.set('lang', lang);
  const href = target.href.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return `<link rel="alternate" hreflang="${hreflang}" href="${href}">`;
}

/** Rewrites the prerendered hero (web/src/app/landing-hero.tsx, `#landing-hero`) to `photo`. */
function writeHero(rewriter: HTMLRewriter, photo: PublicPhoto, language: Language) {
  const set = (avif: boolean) =>
    photo.sources
      .filter((s) => (s.type === 'image/avif') === avif)
      .map((s) => `${s.url} ${s.width}w`)
      .join(', ');
  const avif = set(true);
  const alt = language === 'ar' ? photo.altAr : photo.altEn;
  rewriter
    .on('#landing-hero', { element: (el) => void el.setAttribute('data-photo', JSON.stringify(photo)) })
    .on('#landing-hero source[type="image/avif"]', {
      element: (el) => void (avif ? el.setAttribute('srcset', avif) : el.remove()),
    })
    .on('#landing-hero img[data-testid="landing-hero-image"]', {
      element: (el) => {
        el.setAttribute('src', photo.src);
        el.setAttribute('srcset', set(false));
        el.setAttribute('width', String(photo.width));
        el.setAttribute('height', String(photo.height));
        if (alt) el.setAttribute('alt', alt);
      },
    })
    .on('#landing-hero img[data-placeholder]', {
      element: (el) => void (photo.placeholder ? el.setAttribute('src', photo.placeholder) : el.remove()),
    });
}
