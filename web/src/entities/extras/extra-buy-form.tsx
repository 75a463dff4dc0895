import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { EXTRA_RULES, extraPrice, extraTimeSchema, type StayExtraOffer } from '@shared/extras';
import { Button } from '@/components/ui/button';
import { NumberField } from '@/components/ui/number-field';
import { RadioGroup, RadioOption } from '@/components/ui/radio-group';
import { TextField } from '@/components/ui/text-field';
import { useLanguage } from '@/hooks/use-language';
import { nightsCount } from '@/lib/counts';
import { formatPrice } from '@/lib/format';
import { formatTimeOfDay } from '@/lib/format-time';
import { fieldMessage } from '@/lib/field-messages';

/** What a purchase sends (POST /api/booking-submissions/:id/extras). */
export type ExtraBuyBody = {
  extraId: number;
  quantity?: number;
  details?: { time?: string; flightNumber?: string; note?: string };
  channel?: 'app' | 'whatsapp';
};

/**
 * What a purchase asks, by kind (docs/decisions/098): an upgrade and breakfast's persons, an early
 * check-in's or late check-out's hour (its tiers' prices), a transfer's flight number, time and cars,
 * another extra's quantity; the total for this stay, as the server will charge it (the shared
 * pricing), and the server's refusal if it came back (sold out, no place left that day…). The
 * guest's extras page and the desk's "Sell an extra" both use it.
 */
export function ExtraBuyForm({
  offer,
  stay,
  toRoom,
  pending,
  online,
  refusal,
  onBuy,
  onCancel,
}: {
  offer: StayExtraOffer;
  stay: { nights: number; guests: number };
  toRoom: string | null;
  pending: boolean;
  online: boolean;
  refusal: string | null;
  onBuy: (body: ExtraBuyBody) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const tiers = [...offer.tiers].sort((a, b) => a.time.localeCompare(b.time));
  const [time, setTime] = useState<string>(
    tiers.length === 0
      ? ''
      : offer.kind === 'early_check_in'
        ? tiers[0]!.time
        : tiers[tiers.length - 1]!.time,
  );
  const [quantity, setQuantity] = useState<number>(offer.kind === 'breakfast' ? stay.guests : 1);
  const [flight, setFlight] = useState('');
  const [flightTime, setFlightTime] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const details =
    offer.kind === 'transfer'
      ? { flightNumber: flight || undefined, time: flightTime || undefined }
      : time
        ? { time }
        : undefined;
  const counted = offer.kind === 'breakfast' || offer.kind === 'transfer' || offer.kind === 'other';
  const price = extraPrice({ kind: offer.kind, priceBaisa: offer.priceBaisa, tiers }, stay, {
    quantity: counted ? quantity : undefined,
    details: offer.kind === 'transfer' ? { flightNumber: 'X', time: '00:00' } : details,
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (offer.kind === 'transfer') {
      if (!flight.trim()) found.flightNumber = t`Enter the flight number`;
      const parsed = extraTimeSchema.safeParse(flightTime);
      if (!parsed.success) found.time = fieldMessage(i18n, parsed.error.issues[0]!.message) ?? '';
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    onBuy({
      extraId: offer.id,
      ...(counted && { quantity }),
      ...(details && {
        details:
          offer.kind === 'transfer'
            ? { flightNumber: flight.trim(), time: extraTimeSchema.parse(flightTime) }
            : details,
      }),
    });
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" data-testid="extra-buy-form">
      {offer.kind === 'upgrade' && toRoom ? (
        <p className="text-slate-800">
          <Trans>
            Your stay moves to the {toRoom} for all {nightsCount(stay.nights, language)}, at{' '}
            {formatPrice(offer.priceBaisa, language)} a night more.
          </Trans>
        </p>
      ) : null}
      {tiers.length > 0 ? (
        <RadioGroup
          label={offer.kind === 'early_check_in' ? t`Your room ready from` : t`Keep your room until`}
          value={time}
          onChange={setTime}
          optionsClassName="grid gap-2"
        >
          {tiers.map((tier) => (
            <RadioOption key={tier.time} value={tier.time}>
              <span className="flex w-full justify-between gap-3">
                <bdi>{formatTimeOfDay(tier.time, language)}</bdi>
                <bdi>{formatPrice(tier.priceBaisa, language)}</bdi>
              </span>
            </RadioOption>
          ))}
        </RadioGroup>
      ) : null}
      {offer.kind === 'transfer' ? (
        <>
          <TextField
            label={t`Flight number`}
            description={t`As on your ticket, for example WY 102`}
            value={flight}
            onChange={setFlight}
            inputDir="ltr"
            isRequired
            isInvalid={!!errors.flightNumber}
            errorMessage={errors.flightNumber}
          />
          <TextField
            label={t`Landing time`}
            description={t`Hours and minutes, for example 10:30`}
            value={flightTime}
            onChange={setFlightTime}
            inputDir="ltr"
            inputMode="numeric"
            isRequired
            isInvalid={!!errors.time}
            errorMessage={errors.time}
          />
        </>
      ) : null}
      {counted ? (
        <NumberField
          label={offer.kind === 'breakfast' ? t`Persons` : offer.kind === 'transfer' ? t`Cars` : t`How many`}
          value={quantity}
          onChange={(v) => setQuantity(Number.isFinite(v) ? v : 1)}
          minValue={1}
          maxValue={EXTRA_RULES.maxQuantity}
          decrementLabel={t`Fewer`}
          incrementLabel={t`More`}
        />
      ) : null}
      {price.ok ? (
        <p className="text-lg font-bold text-teal-900" data-testid="extra-buy-total">
          <Trans>Total: {formatPrice(price.totalBaisa, language)}</Trans>
        </p>
      ) : null}
      {!offer.instant ? (
        <p className="text-sm text-slate-700">
          <Trans>This is a request: the front desk confirms it, and only then is it charged.</Trans>
        </p>
      ) : null}
      {refusal ? (
        <p role="alert" className="rounded-xl bg-red-50 p-3 text-red-800" data-testid="extra-refusal">
          {refusal}
        </p>
      ) : null}
      {!online ? (
        <p className="text-sm text-amber-900">
          <Trans>You are offline: it is kept on this phone and sent once the network is back.</Trans>
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" isPending={pending} data-testid="extra-buy">
          {offer.instant ? <Trans>Add to my stay</Trans> : <Trans>Send the request</Trans>}
        </Button>
        <Button variant="secondary" onPress={onCancel} isDisabled={pending}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}
