import { t } from '@lingui/core/macro';
import type { Language } from '@shared/constants';
import type { RatePriceSource } from '@shared/rate-schemas';
import type { ExtraGuestSource, Restrictions } from '@shared/rates';
import { nightsCount } from '@/lib/counts';
import { formatCount } from '@/lib/format';

/** Where a night's price comes from, in words. */
export function sourceText(source: RatePriceSource): string {
  if (source === 'own') return t`own price`;
  if (source === 'parent') return t`from the parent plan`;
  return t`the room type's price`;
}

/** Where a night's extra-guest price comes from, in words. */
export function extraSourceText(source: ExtraGuestSource): string {
  if (source === 'own') return t`own price`;
  if (source === 'plan') return t`the plan's`;
  if (source === 'parent') return t`from the parent plan`;
  if (source === 'room_type') return t`the room type's`;
  return t`the house default`;
}

/** A restriction's mark in a cell: a short word shown, and the whole sentence for screen readers. */
export type Mark = { kind: 'closed' | 'min' | 'max' | 'arrival' | 'departure'; short: string; long: string };

/** The marks of a night's restrictions, the strongest first. */
export function restrictionMarks(r: Restrictions, language: Language): Mark[] {
  const marks: Mark[] = [];
  if (r.closed)
    marks.push({
      kind: 'closed',
      short: t({ message: 'Closed', context: 'closed to sale' }),
      long: t`closed to sales`,
    });
  if (r.minStay !== null) {
    const n = formatCount(r.minStay, language);
    const nights = nightsCount(r.minStay, language);
    marks.push({ kind: 'min', short: t`min ${n}`, long: t`minimum stay ${nights}` });
  }
  if (r.maxStay !== null) {
    const n = formatCount(r.maxStay, language);
    const nights = nightsCount(r.maxStay, language);
    marks.push({ kind: 'max', short: t`max ${n}`, long: t`maximum stay ${nights}` });
  }
  if (r.closedToArrival) marks.push({ kind: 'arrival', short: t`no arr.`, long: t`no arrival` });
  if (r.closedToDeparture) marks.push({ kind: 'departure', short: t`no dep.`, long: t`no departure` });
  return marks;
}
