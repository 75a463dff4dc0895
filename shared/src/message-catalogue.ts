import { setupI18n, type I18n, type Messages } from '@lingui/core';
import type { FormErrorCode } from './error-codes';
import { FORM_ERROR_VALUES } from './form-error-values';
import { messages as ar } from './locales/ar';
import { messages as en } from './locales/en';

export type CatalogueLanguage = 'ar' | 'en';

/**
 * The locales ICU formats numbers with (`{n, number}` and a plural's `#`): Oman's, as the app's
 * own formatters (intl-cache.ts), with the Arabic-Indic digits pinned, since an engine may
 * default bare `ar` to Latin digits and an Arabic sentence never mixes the two.
 */
export const CATALOGUE_LOCALES: Record<CatalogueLanguage, string> = {
  ar: 'ar-OM-u-nu-arab',
  en: 'en-OM',
};

/** The compiled form-error catalogue (shared/src/locales/*.po), merged into the worker's. */
export const FORM_ERROR_MESSAGES: Record<CatalogueLanguage, Messages> = { ar, en };

/** A Lingui i18n holding one language of a compiled catalogue, formatting as the app does. */
export function catalogueI18n(language: CatalogueLanguage, messages: Messages): I18n {
  return setupI18n({
    locale: language,
    locales: [CATALOGUE_LOCALES[language]],
    messages: { [language]: messages },
  });
}

const formErrors: Record<CatalogueLanguage, I18n> = {
  ar: catalogueI18n('ar', ar),
  en: catalogueI18n('en', en),
};

/** A form error's sentence in a language, with the limits it names. */
export function formErrorMessage(code: FormErrorCode, language: CatalogueLanguage): string {
  return formErrors[language]._(code, FORM_ERROR_VALUES[code]);
}
