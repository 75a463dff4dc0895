import { plural } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { Suggestion } from '@shared/revenue-prices';
import { useLanguage } from '@/hooks/use-language';
import { formatCount, formatPrice } from '@/lib/format';
import { formatChange } from '../lib/price-words';

/** A suggestion in a few words: the price and its change, or the restriction. */
export function SuggestionValue({ suggestion: s }: { suggestion: Suggestion }) {
  const language = useLanguage();
  if (s.kind === 'price')
    return (
      <span className="tabular-nums" data-testid="suggestion-value">
        <span className="font-semibold text-teal-800">{formatPrice(s.suggestedBaisa, language)}</span>{' '}
        <span className={s.suggestedBaisa > s.currentBaisa ? 'text-teal-800' : 'text-red-800'}>
          {formatChange(s.currentBaisa, s.suggestedBaisa, language)}
        </span>
      </span>
    );
  if (s.kind === 'min_stay') {
    const count = Number(s.restriction?.suggested ?? 1);
    const nights = formatCount(count, language);
    return (
      <span data-testid="suggestion-value">
        {plural(count, { one: `at least ${nights} night`, other: `at least ${nights} nights` })}
      </span>
    );
  }
  return (
    <span data-testid="suggestion-value">
      {s.restriction?.suggested ? <Trans>no arrival</Trans> : <Trans>arrivals open</Trans>}
    </span>
  );
}
