import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { DEFAULT_EXTRA_GUEST_BAISA } from '@shared/rates';
import { MAX_OCCUPANCY, occupancyRefusal, type RoomTypeFacts } from '@shared/room-type-schemas';
import { NumberField } from '@/components/ui/number-field';
import { formatCount, formatPrice } from '@/lib/format';
import { forGuestsCount, guestsCount } from '@/lib/counts';
import { useLanguage } from '@/hooks/use-language';

/** The guests of a stay: `numberOfGuests` is their sum. */
export type GuestCounts = { adults: number; children: number };

/** The type's limits the field follows, and its own extra-guest price (GET /api/room-types). */
export type GuestLimits = Pick<
  RoomTypeFacts,
  'nameAr' | 'nameEn' | 'baseOccupancy' | 'maxAdults' | 'maxChildren' | 'maxOccupancy'
> & { extraGuestPriceBaisa?: number | null };

/**
 * Whether the guests fit the room type: 'over_occupancy' above its limits (the server refuses the
 * same with 422), null when they fit or the type is not known on the device (the server checks).
 */
export function guestsRefusal(type: GuestLimits | undefined, { adults, children }: GuestCounts) {
  if (!Number.isInteger(adults) || !Number.isInteger(children)) return 'over_occupancy';
  return type ? occupancyRefusal(type, adults, children) : null;
}

/** "The Gold Room takes at most 4 guests: up to 4 adults and up to 3 children." */
export function useGuestLimitsSentence(): (type: GuestLimits) => string {
  const { t } = useLingui();
  const language = useLanguage();
  const n = (count: number) => formatCount(count, language);
  return (type) => {
    const name = language === 'ar' ? type.nameAr : type.nameEn;
    return t`The ${name} takes at most ${guestsCount(type.maxOccupancy, language)}: up to ${n(type.maxAdults)} adults and up to ${n(type.maxChildren)} children.`;
  };
}

/** "Adults up to 2, children up to 3: 5 guests in all." (said all the time under the counts). */
export function useGuestLimitsDescription(): (type: GuestLimits) => string {
  const { t } = useLingui();
  const language = useLanguage();
  const n = (count: number) => formatCount(count, language);
  return (type) =>
    type.maxChildren === 0
      ? t`Adults only, up to ${n(Math.min(type.maxAdults, type.maxOccupancy))}.`
      : t`Adults up to ${n(type.maxAdults)}, children up to ${n(type.maxChildren)}: ${guestsCount(type.maxOccupancy, language)} in all.`;
}

/**
 * Adults and children, within the room type's limits (its maximum adults, children and guests),
 * with what a guest above the price's own (the type's base occupancy) adds a night on the chosen
 * plan (`extraGuestBaisa`, GET /api/rate-plans' figure; none given: the type's own, else the
 * spec's 2.000). The type's limits are said under the counts all the time (the steppers stop at
 * them); a typed value above them is refused with the type's limits; `error` is the server's word.
 */
export function GuestCountField({
  value,
  onChange,
  type,
  error,
  extraGuestBaisa,
}: {
  value: GuestCounts;
  onChange: (counts: GuestCounts) => void;
  /** The chosen room type (undefined: none chosen yet, or not known offline). */
  type: GuestLimits | undefined;
  error: string | undefined;
  /** What each guest beyond the base adds a night on the chosen plan, when known. */
  extraGuestBaisa?: number;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const limitsOf = useGuestLimitsSentence();
  const limitsDescription = useGuestLimitsDescription();
  const limitsId = useId();
  const maxAdults = type?.maxAdults ?? MAX_OCCUPANCY;
  const maxChildren = type?.maxChildren ?? MAX_OCCUPANCY - 1;
  const over = guestsRefusal(type, value) !== null;
  const message = error ?? (over && type ? limitsOf(type) : undefined);
  const base = type?.baseOccupancy;
  const extra = extraGuestBaisa ?? type?.extraGuestPriceBaisa ?? DEFAULT_EXTRA_GUEST_BAISA;
  const description =
    type && base !== undefined && type.maxOccupancy > base
      ? extra === 0
        ? t`The price is ${forGuestsCount(base, language)}; further guests, adults or children, stay at no extra charge.`
        : t`The price is ${forGuestsCount(base, language)}; each further guest, adult or child, adds ${formatPrice(extra, language)} a night.`
      : undefined;
  return (
    <fieldset
      className="flex min-w-0 flex-col gap-2"
      data-testid="guest-counts"
      aria-describedby={type ? limitsId : undefined}
    >
      <legend className="mb-1 text-sm font-semibold text-slate-900">{t`Guests`}</legend>
      <div className="grid grid-cols-2 gap-3">
        <NumberField
          name="adults"
          label={t`Adults`}
          minValue={1}
          maxValue={maxAdults}
          value={value.adults}
          onChange={(v) => onChange({ ...value, adults: Number.isNaN(v) ? 1 : v })}
          decrementLabel={t`Fewer adults`}
          incrementLabel={t`More adults`}
          isInvalid={!!message}
        />
        <NumberField
          name="children"
          label={t`Children`}
          minValue={0}
          maxValue={maxChildren}
          value={value.children}
          onChange={(v) => onChange({ ...value, children: Number.isNaN(v) ? 0 : v })}
          decrementLabel={t`Fewer children`}
          incrementLabel={t`More children`}
          isInvalid={!!message}
        />
      </div>
      {type ? (
        <p id={limitsId} className="text-sm text-slate-700" data-testid="guest-counts-limits">
          {limitsDescription(type)}
        </p>
      ) : null}
      {description ? (
        <p className="text-sm text-slate-700" data-testid="guest-counts-extra">
          {description}
        </p>
      ) : null}
      {message ? (
        <p role="alert" className="text-sm font-medium text-red-700" data-testid="guest-counts-error">
          {message}
        </p>
      ) : null}
    </fieldset>
  );
}
