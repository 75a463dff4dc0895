import { useLingui } from '@lingui/react/macro';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { useLanguage } from '@/hooks/use-language';
import { formatCount } from '@/lib/format';
import { fieldLabelClass } from '@/components/ui/text-field';
import { StarShape } from '@/components/stars';

/**
 * The rating: a real radio group of five options (arrow keys move and choose, a screen reader
 * reads "3 stars, 3 of 5"), drawn as stars; the chosen one and those before it are filled.
 */
export function StarRatingField({
  value,
  onChange,
  isDisabled,
}: {
  value: number;
  onChange: (value: number) => void;
  isDisabled?: boolean;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const labels = [
    t`1 star: poor`,
    t`2 stars: fair`,
    t`3 stars: good`,
    t`4 stars: very good`,
    t`5 stars: excellent`,
  ];
  return (
    <RadioGroup
      value={value > 0 ? String(value) : null}
      onChange={(v) => onChange(Number(v))}
      isDisabled={isDisabled}
      isRequired
      orientation="horizontal"
      className="flex flex-col gap-1.5"
      data-testid="review-stars"
    >
      <Label className={fieldLabelClass}>{t`Your rating`}</Label>
      <div className="flex flex-wrap items-center gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <Radio
            key={n}
            value={String(n)}
            aria-label={labels[n - 1]}
            className="inline-flex size-11 cursor-pointer items-center justify-center rounded-full outline-none data-[hovered]:bg-sand-100 data-[focus-visible]:outline-3 data-[focus-visible]:outline-gold-700 data-[disabled]:cursor-not-allowed"
          >
            <StarShape filled={n <= value} className="size-8" />
          </Radio>
        ))}
        <span className="ms-2 text-sm text-slate-700" aria-hidden="true">
          {value > 0 ? `${formatCount(value, language)} / ${formatCount(5, language)}` : ''}
        </span>
      </div>
    </RadioGroup>
  );
}
