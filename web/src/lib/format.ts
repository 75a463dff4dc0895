import { formatOmr } from '../../../shared/src/money';
import type { Language } from '../../../shared/src/constants';

/** "12.600 ر.ع." in Arabic, "OMR 12.600" in English (spec: currency label ر.ع. / OMR). */
export function formatPrice(baisa: number, language: Language): string {
  const amount = formatOmr(baisa, language);
  return language === 'ar' ? `${amount} ر.ع.` : `OMR ${amount}`;
}

export function formatCount(n: number, language: Language): string {
  return new Intl.NumberFormat(language === 'ar' ? 'ar-OM' : 'en-OM').format(n);
}
