import { i18n } from '@lingui/core';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_SECONDS,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  type Language,
} from '@shared/constants';

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

const loaders: Record<Language, () => Promise<{ messages: Record<string, unknown> }>> = {
  ar: () => import('@/locales/ar.po'),
  en: () => import('@/locales/en.po'),
};

// The language whose catalog is loading: the app's first requests leave before it has arrived
// (app/more-routes.tsx, preloadRoute), and ask for their answers in it.
let activating: Language | undefined;

export async function activateLanguage(language: Language): Promise<void> {
  activating = language;
  const { messages } = await loaders[language]();
  i18n.loadAndActivate({ locale: language, messages: messages as never });
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
