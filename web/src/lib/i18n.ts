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

// Each language's catalogue comes in two parts: the landing page's own messages
// (`?landing`, web/build/landing-catalog.ts: what the landing's first script and the parts it
// shows before a tap use), and the whole catalogue, which any other page, a panel, a dialog or
// any lazy part loads (loadAllMessages, lib/lazy.ts) before it renders.
const landingLoaders: Record<Language, () => Promise<Catalog>> = {
  ar: () => import('@/locales/ar.po?landing'),
  en: () => import('@/locales/en.po?landing'),
};
const loaders: Record<Language, () => Promise<Catalog>> = {
  ar: () => import('@/locales/ar.po'),
  en: () => import('@/locales/en.po'),
};

// The language whose catalog is loading: the app's first requests leave before it has arrived
// (app/more-routes.tsx, preloadRoute), and ask for their answers in it.
let activating: Language | undefined;
// Each language's messages as Lingui holds them: the same object, so that the whole catalogue's
// arrival adds to it without rendering anything again (what is on screen already has its texts).
const held: Partial<Record<Language, Record<string, unknown>>> = {};
// The languages whose whole catalogue is in `held` (or loading), and whether the app wants it.
const whole: Partial<Record<Language, Promise<void>>> = {};
let wantsAll = false;

function loadWhole(language: Language): Promise<void> {
  return (whole[language] ??= loaders[language]().then(
    // Nothing while the page reloads onto a new build (its old file is gone: app/main.tsx).
    (catalog: Catalog | undefined) =>
      void (catalog && Object.assign((held[language] ??= {}), catalog.messages)),
    (error: unknown) => {
      delete whole[language];
      throw error;
    },
  ));
}

/**
 * Activates a language. `landingOnly`: the landing page's messages only (its first screen, before
 * any tap); otherwise, or once the app has wanted them (loadAllMessages), all of them.
 */
export async function activateLanguage(
  language: Language,
  { landingOnly = false }: { landingOnly?: boolean } = {},
): Promise<void> {
  activating = language;
  if (!landingOnly) wantsAll = true;
  // The whole catalogue holds the landing's messages too: one request, not two.
  const { messages } = await (wantsAll
    ? loadWhole(language).then(() => ({ messages: {} }))
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
 * Every message of the active language, for a part outside the landing page's first screen
 * (a lazy screen, panel or dialog: lib/lazy.ts; a tap anywhere: components/aria-scope). Resolves
 * at once when they are there, or when no language was activated through activateLanguage.
 */
export function loadAllMessages(): Promise<void> {
  wantsAll = true;
  return activating ? loadWhole(activating) : Promise.resolve();
}

/** loadAllMessages ahead of need: a failure (offline, a deploy) is met again by what needs them. */
export function preloadAllMessages(): void {
  loadAllMessages().catch(() => undefined);
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
