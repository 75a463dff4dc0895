import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { RATE_VALUE_FIELDS } from '@shared/rate-schemas';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { useRoomName } from '@/entities/rooms/room-names';
import { useLanguage } from '@/hooks/use-language';
import { formatPrice } from '@/lib/format';
import type { RateCalendarNight } from '../api/rates';
import { nightHeading } from '../lib/calendar';
import { extraSourceText, restrictionMarks, sourceText } from '../lib/night-words';
import { initialRateForm } from '../lib/rate-form';
import { useSaveRates } from '../lib/use-save-rates';
import { RateFields } from './rate-fields';

/**
 * One room type's night on a plan (managers): what binds it now — the prices for the guests the
 * type includes, for one and for each further guest, where each price comes from, the
 * restrictions — and the plan's own values to change or clear (the extra-guest field says what
 * clearing it leads to). Only what changes is sent. The default export, a lazy chunk.
 */
export default function RateNightDialog({
  ratePlan,
  planLabel,
  night,
  onClose,
}: {
  ratePlan: string;
  planLabel: string;
  night: RateCalendarNight;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const [initial] = useState(() => initialRateForm(night.own, language));
  const [values, setValues] = useState(initial);
  const { save, errors, isPending } = useSaveRates(onClose, RATE_VALUE_FIELDS);
  const room = useRoomName()(night.roomType);
  const date = nightHeading(night.night, language).long;
  const base = formatPrice(night.priceBaisa, language);
  const one = formatPrice(night.singlePriceBaisa, language);
  const extra = formatPrice(night.extraGuestPriceBaisa, language);
  const source = sourceText(night.priceSource);
  const extraSource = extraSourceText(night.extraGuestSource);
  const inherited = formatPrice(night.inheritedExtraGuest.priceBaisa, language);
  const inheritedSource = extraSourceText(night.inheritedExtraGuest.source);
  const marks = restrictionMarks(night.restrictions, language);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save({ ratePlan, roomType: night.roomType, from: night.night, to: night.night }, values, initial);
  }

  return (
    <Modal title={t`${room}, ${date}`} size="lg" isOpen onOpenChange={(open) => !open && onClose()}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4" data-testid="rate-night-form">
        <div className="rounded-xl bg-sand-100 p-3 text-slate-900" data-testid="rate-night-now">
          <p className="font-semibold">
            <Trans>Now, on {planLabel}:</Trans>
          </p>
          <p>
            {t`${base} for the guests in the price (${source}); ${one} for one; ${extra} for each further guest (${extraSource})`}
          </p>
          <p>
            {marks.length === 0 ? (
              <Trans>No restrictions</Trans>
            ) : (
              marks.map((m) => m.long).join(language === 'ar' ? '، ' : ', ')
            )}
          </p>
        </div>
        <RateFields
          values={values}
          onChange={setValues}
          errors={errors}
          bulk={false}
          extraGuestUnset={t`Not set: ${inherited} (${inheritedSource})`}
        />
        {errors._ ? (
          <p role="alert" className="font-medium text-red-700">
            {errors._}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" isPending={isPending}>
            <Trans>Save this night</Trans>
          </Button>
          <Button variant="secondary" onPress={onClose}>
            <Trans>Cancel</Trans>
          </Button>
        </div>
      </form>
    </Modal>
  );
}
