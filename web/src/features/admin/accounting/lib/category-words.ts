import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { departmentLabel, paymentMethodLabel, taxCodeLabel } from '@/entities/folio/folio-words';

/**
 * A category of the journal in words (docs/decisions/100): what its account holds. A room type's,
 * an outlet's and a tax's names come with the mapping (`subject`); the rest are the screen's words.
 */
const FIXED = {
  room: msg({ message: 'Room revenue', context: 'journal category' }),
  guest_ledger: msg({ message: 'Owed by guests (guest ledger)', context: 'journal category' }),
  deposits: msg({ message: 'Paid in advance (deposits)', context: 'journal category' }),
  city_ledger: msg({ message: 'Owed by companies (city ledger)', context: 'journal category' }),
  commissions: msg({ message: 'Commissions owed to travel agents', context: 'journal category' }),
  commission_expense: msg({ message: 'Commissions (expense)', context: 'journal category' }),
  rounding: msg({ message: 'Rounding', context: 'journal category' }),
} as const;

export function categoryLabel(
  i18n: I18n,
  category: string,
  subject: { ar: string; en: string } | undefined,
  language: 'ar' | 'en',
): string {
  const [kind, key = ''] = category.split(/:(.*)/s) as [string, string | undefined];
  const name = subject ? (language === 'ar' ? subject.ar : subject.en) : undefined;
  switch (kind) {
    case 'room': {
      const room = name ?? key;
      return key
        ? i18n._(msg({ message: `Room revenue: ${room}`, context: 'journal category' }))
        : i18n._(FIXED.room);
    }
    case 'extra': {
      const department = departmentLabel(i18n, key);
      return i18n._(msg({ message: `Revenue: ${department}`, context: 'journal category' }));
    }
    case 'outlet': {
      const outlet = name ?? key;
      return i18n._(msg({ message: `Sold at the outlet: ${outlet}`, context: 'journal category' }));
    }
    case 'tax': {
      const tax = name ?? taxCodeLabel(i18n, key);
      return i18n._(msg({ message: `Payable: ${tax}`, context: 'journal category' }));
    }
    case 'payment': {
      if (key === 'ota_collect')
        return i18n._(msg({ message: 'Collected by online travel agencies', context: 'journal category' }));
      const method = paymentMethodLabel(i18n, key);
      return i18n._(msg({ message: `Received: ${method}`, context: 'journal category' }));
    }
    default:
      return kind in FIXED ? i18n._(FIXED[kind as keyof typeof FIXED]) : category;
  }
}
