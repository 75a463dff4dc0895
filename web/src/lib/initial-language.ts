import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, LANGUAGES, type Language } from '@shared/start-constants';

const isLanguage = (value: string | null | undefined): value is Language =>
  (LANGUAGES as readonly string[]).includes(value ?? '');

/**
 * The language a page opens in: `?lang=ar|en` in the address (a language link), else the
 * stored choice, else the language the server wrote the page in (its cookie), else Arabic.
 */
export function initialLanguage(): Language {
  const asked = new URLSearchParams(location.search).get('lang');
  if (isLanguage(asked)) return asked;
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (isLanguage(value)) return value;
  } catch {
    // Private mode: no stored choice.
  }
  const served = document.documentElement.lang;
  return isLanguage(served) ? served : DEFAULT_LANGUAGE;
}
