import { i18n } from '@lingui/core';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  type Language,
} from '../../../shared/src/constants';

/**
 * The active language: Arabic by default, kept under the spec's `language`
 * key. One catalog is loaded at a time; `<html lang dir>` follow it.
 */
export function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

const loaders: Record<Language, () => Promise<{ messages: Record<string, unknown> }>> = {
  ar: () => import('../locales/ar.po'),
  en: () => import('../locales/en.po'),
};

export async function activateLanguage(language: Language): Promise<void> {
  const { messages } = await loaders[language]();
  i18n.loadAndActivate({ locale: language, messages: messages as never });
  document.documentElement.lang = language;
  document.documentElement.dir = language === 'ar' ? 'rtl' : 'ltr';
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode: the choice lasts for this visit only.
  }
}

/** A Lingui locale as one of the app's languages (Arabic unless it is English). */
export function languageOf(locale: string): Language {
  return locale === 'en' ? 'en' : 'ar';
}

/** The active language, outside React (the API client's Accept-Language); in components, useLanguage(). */
export function currentLanguage(): Language {
  return languageOf(i18n.locale);
}

export { i18n };
