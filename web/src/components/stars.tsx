import { useLingui } from '@lingui/react/macro';
import { useLanguage } from '@/hooks/use-language';
import { formatCount } from '@/lib/format';

const STAR_PATH = 'M12 2.5l2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5L2.5 9.4l6.6-.9z';

/** One star, filled or outlined (decorative: the text beside it says the rating). */
export function StarShape({ filled, className = 'size-5' }: { filled: boolean; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className={`${className} ${filled ? 'fill-gold-400 stroke-gold-700' : 'fill-transparent stroke-slate-500'}`}
      strokeWidth={1.5}
      strokeLinejoin="round"
    >
      <path d={STAR_PATH} />
    </svg>
  );
}

/** A review's stars, read out as "Rated 4 out of 5". */
export function Stars({ rating, className }: { rating: number; className?: string }) {
  const { t } = useLingui();
  const language = useLanguage();
  const label = t`Rated ${formatCount(rating, language)} out of ${formatCount(5, language)}`;
  return (
    <span role="img" aria-label={label} className="inline-flex gap-0.5">
      {[1, 2, 3, 4, 5].map((n) => (
        <StarShape key={n} filled={n <= rating} className={className} />
      ))}
    </span>
  );
}
