import { useLingui } from '@lingui/react';
import type { Language } from '@shared/constants';
import { languageOf } from '@/lib/i18n';

/** The active language, 'ar' or 'en'; the component renders again when it changes. */
export function useLanguage(): Language {
  return languageOf(useLingui().i18n.locale);
}
