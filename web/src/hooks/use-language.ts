import { useLingui } from '@lingui/react';
import type { Language } from '../../../shared/src/constants';

/** The active UI language ('ar' or 'en'); re-renders when it changes. */
export function useLanguage(): Language {
  return useLingui().i18n.locale as Language;
}
