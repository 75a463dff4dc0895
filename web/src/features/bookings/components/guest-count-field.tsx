import { useLingui } from '@lingui/react/macro';
import { GUEST_SURCHARGE_BAISA, MAX_GUESTS, MIN_GUESTS } from '@shared/constants';
import { RadioGroup, RadioOption } from '@/components/ui/radio-group';
import { formatCount, formatPrice } from '@/lib/format';
import { guestsCount } from '@/lib/counts';
import { useLanguage } from '@/hooks/use-language';

/** The number of guests, one to four, with what the third and fourth add a night. */
export function GuestCountField({
  value,
  onChange,
  isInvalid,
  error,
}: {
  value: number;
  onChange: (guests: number) => void;
  isInvalid: boolean;
  error: string | undefined;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  return (
    <RadioGroup
      label={t`Number of guests`}
      orientation="horizontal"
      value={String(value)}
      onChange={(v) => onChange(Number(v))}
      isInvalid={isInvalid}
      errorMessage={error}
      description={t`${guestsCount(3, language)} add ${formatPrice(GUEST_SURCHARGE_BAISA[3], language)} a night, ${guestsCount(4, language)} add ${formatPrice(GUEST_SURCHARGE_BAISA[4], language)} a night.`}
      optionsClassName="grid grid-cols-4 gap-2"
    >
      {Array.from({ length: MAX_GUESTS - MIN_GUESTS + 1 }, (_, i) => MIN_GUESTS + i).map((n) => (
        <RadioOption key={n} value={String(n)} className="justify-center">
          {formatCount(n, language)}
        </RadioOption>
      ))}
    </RadioGroup>
  );
}
