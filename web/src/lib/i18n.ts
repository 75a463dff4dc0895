import { i18n } from '@lingui/core';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_SECONDS,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  type Language,
} from '@shared/start-constants';

const isLanguage = (value: string | null | undefined): value is Language =>
  (LANGUAGES as readonly string[]).includes(value ?? '');

/**
 * The active language: Arabic by default, kept under the spec's `language`
 * key. One catalog is loaded at a time; `<html lang dir>` follow it.
 */
export function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

// The language a page opens in: a module of its own, which the shell's first script also runs
// (app/first-requests.ts), so that its requests ask in the language the app will.
export { initialLanguage } from './initial-language';

type Catalog = { messages: Record<string, unknown> };

// Each language's catalogue comes in three sizes: the landing page's own messages (`?landing`,
// web/build/landing-catalog.ts: what the landing's first script and the parts it shows before a tap
// use); the guest's side (`?guest`: every message outside the back office's own screens, about a
// third of them), which a panel, a dialog or any lazy part outside a route's screen loads
// (loadGuestMessages, lib/lazy.ts) before it renders; and the whole catalogue, which every other
// page's screen loads (loadAllMessages, app/route-screen.ts).
const landingLoaders: Record<Language, () => Promise<Catalog>> = {
  ar: () => import('@/locales/ar.po?landing'),
  en: () => import('@/locales/en.po?landing'),
};
const guestLoaders: Record<Language, () => Promise<Catalog>> = {
  ar: () => import('@/locales/ar.po?guest'),
  en: () => import('@/locales/en.po?guest'),
};
const loaders: Record<Language, () => Promise<Catalog>> = {
  ar: () => import('@/locales/ar.po'),
  en: () => import('@/locales/en.po'),
};

// The language whose catalog is loading: the app's first requests leave before it has arrived
// (app/more-routes.tsx, preloadRoute), and ask for their answers in it.
let activating: Language | undefined;
// Each language's messages as Lingui holds them: the same object, so that a larger catalogue's
// arrival adds to it without rendering anything again (what is on screen already has its texts).
const held: Partial<Record<Language, Record<string, unknown>>> = {};
// The languages whose whole (or guest) catalogue is in `held` (or loading), and whether the app
// has wanted it.
const whole: Partial<Record<Language, Promise<void>>> = {};
const guest: Partial<Record<Language, Promise<void>>> = {};
let wantsAll = false;
let wantsGuest = false;

function adding(
  loading: Partial<Record<Language, Promise<void>>>,
  load: Record<Language, () => Promise<Catalog>>,
  language: Language,
): Promise<void> {
  return (loading[language] ??= load[language]().then(
    // Nothing while the page reloads onto a new build (its old file is gone: app/main.tsx).
    (catalog: Catalog | undefined) =>
      void (catalog && Object.assign((held[language] ??= {}), catalog.messages)),
    (error: unknown) => {
      delete loading[language];
      throw error;
    },
  ));
}

const loadWhole = (language: Language) => adding(whole, loaders, language);
// The guest's messages are in the whole catalogue too: one request, not two, once that is asked for.
const loadGuest = (language: Language) => whole[language] ?? adding(guest, guestLoaders, language);

/**
 * Activates a language. `landingOnly`: no more messages than the app has wanted so far: the
 * landing page's (its first screen, before any tap), the guest's once a part outside a route's
 * screen was (loadGuestMessages), all of them once a screen was (loadAllMessages); otherwise all.
 * (The language switch keeps to what was wanted: on the landing page, a tap that switches does
 * not wait for the back office's messages.)
 */
export async function activateLanguage(
  language: Language,
  { landingOnly = false }: { landingOnly?: boolean } = {},
): Promise<void> {
  activating = language;
  if (!landingOnly) wantsAll = true;
  // A larger catalogue holds the landing's messages too: one request, not two.
  const { messages } = await (wantsAll
    ? loadWhole(language).then(() => ({ messages: {} }))
    : wantsGuest
      ? loadGuest(language).then(() => ({ messages: {} }))
      : landingLoaders[language]());
  if (activating !== language) return; // switched again meanwhile: the last one wins
  i18n.loadAndActivate({
    locale: language,
    messages: Object.assign((held[language] ??= {}), messages) as never,
  });
  document.documentElement.lang = language;
  document.documentElement.dir = language === 'ar' ? 'rtl' : 'ltr';
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode: the choice lasts for this visit only.
  }
  // The worker reads the cookie to send the next page in this language from its first byte.
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`;
}

/**
 * Every message of the active language, for a route's screen (app/route-screen.ts) and whatever
 * misses one (below). Resolves at once when they are there, or when no language was activated
 * through activateLanguage.
 */
export function loadAllMessages(): Promise<void> {
  wantsAll = true;
  return activating ? loadWhole(activating) : Promise.resolve();
}

/** loadAllMessages ahead of need: a failure (offline, a deploy) is met again by what needs them. */
export function preloadAllMessages(): void {
  loadAllMessages().catch(() => undefined);
}

/**
 * The guest's messages of the active language (every one outside the back office's own screens),
 * for a lazy part outside a route's screen: a panel, a dialog, a part of the header (lib/lazy.ts; a
 * tap anywhere: components/aria-scope). The whole catalogue's when that was asked for first.
 */
export function loadGuestMessages(): Promise<void> {
  wantsGuest = true;
  return activating ? loadGuest(activating) : Promise.resolve();
}

/** loadGuestMessages ahead of need. */
export function preloadGuestMessages(): void {
  loadGuestMessages().catch(() => undefined);
}

// A message asked for before the whole catalogue has arrived (code outside the landing's parts
// that runs before any tap, which should not happen): the catalogue is fetched and the screen
// rendered again with it, rather than left showing the message's id.
i18n.on('missing', ({ locale }) => {
  const language = languageOf(locale);
  if (whole[language] || activating !== language) return;
  loadAllMessages().then(
    () => i18n.activate(language),
    () => undefined,
  );
});

/** A Lingui locale as one of the app's languages (Arabic unless it is English). */
export function languageOf(locale: string): Language {
  return locale === 'en' ? 'en' : 'ar';
}

/**
 * The active language, outside React (the API client's Accept-Language); in components,
 * useLanguage(). Before the first catalog has arrived, the language it is for.
 */
export function currentLanguage(): Language {
  return languageOf(i18n.locale || activating || '');
}

export { i18n };
