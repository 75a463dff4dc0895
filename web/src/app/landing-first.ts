import {
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_SECONDS,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  SIGNED_IN_HINT_COOKIE,
  type Language,
} from '@shared/start-constants';
import { backOfficeHome } from '@/lib/back-office-landing';
import { ACCOUNT_ROLE_KEY } from '@/lib/started-requests';

/**
 * The landing page's first script (docs/decisions/099-landing-first-second.md): web/build/prerender.ts
 * builds this module on its own and writes it inline at the top of the landing page's head, so it
 * runs before anything of the page is painted. Three things the spec promised on load, which had
 * waited for the app (about 3.5 s on a page left alone):
 * - the stored language (`language`, the spec's key): a page served in the other language (the
 *   `lang` cookie gone, or never written) is asked for again in the stored one, with the cookie
 *   set, before its first paint: a returning English guest never sees the Arabic page;
 * - `/?admin=true` on a device whose account the app last knew as the hotel's: straight to that
 *   account's back office, without the guest landing page first (the server still decides);
 * - the remembered back-office page (sessionStorage) is forgotten at once on reaching `/`;
 * - a language link (`/?lang=en`) stores its choice at once (the app, once started, did it before);
 * - an address that asks for something (a panel, the back office) has the boot's list of files
 *   fetched at once (fetchBootFiles).
 */

/** What the first script knows of the visit as it starts. */
export type LandingVisit = {
  /** The language the page was served in (`<html lang>`). */
  served: string;
  /** `location.search`. */
  search: string;
  /** The stored language (`localStorage.language`), or null. */
  stored: string | null;
  /** `document.cookie`. */
  cookie: string;
  /** The account's role as the app last learned it (`localStorage['account-role']`), or null. */
  role: string | null;
};

export type LandingStart =
  /** Show this page. */
  | { kind: 'show' }
  /** Ask for this page again in `language` (its cookie set first). */
  | { kind: 'language'; language: Language }
  /** Go to the back office's page at `to`. */
  | { kind: 'back-office'; to: string };

const isLanguage = (value: string | null | undefined): value is Language =>
  (LANGUAGES as readonly string[]).includes(value ?? '');

const hasCookie = (cookie: string, name: string, value: string) =>
  `; ${cookie};`.includes(`; ${name}=${value};`);

/** What the landing page does first, before it is painted. */
export function landingStart(visit: LandingVisit): LandingStart {
  const params = new URLSearchParams(visit.search);
  if (params.has('admin') && hasCookie(visit.cookie, SIGNED_IN_HINT_COOKIE, '1')) {
    const to = backOfficeHome(visit.role);
    if (to) return { kind: 'back-office', to };
  }
  // `?lang=` decides by itself (a language link); otherwise the stored choice, unless the cookie
  // already says it (then the page came from a copy that did not read it: the app switches, as
  // before, rather than asking again and again).
  if (
    !params.has('lang') &&
    isLanguage(visit.stored) &&
    visit.stored !== visit.served &&
    !hasCookie(visit.cookie, LANGUAGE_COOKIE, visit.stored)
  ) {
    return { kind: 'language', language: visit.stored };
  }
  return { kind: 'show' };
}

const read = (storage: () => Storage, key: string): string | null => {
  try {
    return storage().getItem(key);
  } catch {
    return null; // Private mode, storage refused.
  }
};

/**
 * The address of the boot's list of files (`assets/boot-panels-*.js`, web/build/prerender.ts
 * writeBoot): the build writes it over this placeholder as it inlines this script.
 */
export const BOOT_FILES_PLACEHOLDER = '/__boot-files__.js';

/**
 * An address that asks for something (a panel, the back office; a key but `lang`): the boot starts
 * the app at once, with the panel's code (web/build/prerender.ts, writeBoot), whose list of files
 * (`assets/boot-panels-*.js`) it had to fetch first: a round trip and a turn of the busy main thread,
 * the panel's files asked for 250 ms after the app's. Fetched from here as the page is read, the list
 * is there when the boot runs, and both are asked for together.
 */
function fetchBootFiles(boot: string): void {
  if (/[?&](?!lang=)/.test(location.search)) import(/* @vite-ignore */ boot).catch(() => {});
}

/** Runs in the landing page's head (landing-first-start.ts). */
export function startLanding(): void {
  try {
    sessionStorage.removeItem('lastAdminPage'); // lib/back-office-landing.ts, forgetAdminPage
  } catch {
    // Nothing was kept.
  }
  const decision = landingStart({
    served: document.documentElement.lang,
    search: location.search,
    stored: read(() => localStorage, LANGUAGE_STORAGE_KEY),
    cookie: document.cookie,
    role: read(() => localStorage, ACCOUNT_ROLE_KEY),
  });
  // A language link (`?lang=`) is the guest's choice: stored at once, as the app would store it once
  // started (the server has set the cookie), so that the next visit does not go back to an older one.
  const asked = new URLSearchParams(location.search).get('lang');
  if (asked === 'ar' || asked === 'en') {
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, asked);
    } catch {
      // Private mode: the cookie keeps it.
    }
  }
  if (decision.kind === 'show') {
    fetchBootFiles(BOOT_FILES_PLACEHOLDER);
    return;
  }
  if (decision.kind === 'language') {
    document.cookie = `${LANGUAGE_COOKIE}=${decision.language}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`;
    // Cookies refused: asking again would bring the same page (the app switches once it starts).
    if (!hasCookie(document.cookie, LANGUAGE_COOKIE, decision.language)) return;
  }
  // Nothing of this page is painted while the next one is asked for.
  document.documentElement.hidden = true;
  // Shown again if the browser keeps this page after all (its back-forward cache).
  addEventListener('pageshow', (event) => {
    if (event.persisted) document.documentElement.hidden = false;
  });
  location.replace(decision.kind === 'language' ? location.href : decision.to);
}
