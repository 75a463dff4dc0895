import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { nightsBetween } from '@shared/money';
import { LoadError } from '@/components/load-error';
import { Button, LinkButton } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { showToast } from '@/components/ui/toast-queue';
import { useRoomName } from '@/entities/rooms/room-names';
import { useLanguage } from '@/hooks/use-language';
import { nightsCount } from '@/lib/counts';
import { formatDate, formatPrice } from '@/lib/format';
import { formatTimeOfDay } from '@/lib/format-time';
import { useOnline } from '@/lib/use-online';
import { type DeliveryOutcome, useEntryDelivery } from '@/offline/outbox';
import type { ManagedBooking } from '../../api/managed-booking';
import {
  type ExtrasVia,
  type StayOffer,
  queueExtraPurchase,
  stayExtrasKeys,
  useStayOffers,
  useStayPurchases,
} from '../../api/stay-extras';
import { ExtraBuyForm, type ExtraBuyBody } from '@/entities/extras/extra-buy-form';
import { StayPurchases } from './stay-purchases';

const card = 'flex flex-col gap-3 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm sm:p-6';

/**
 * A stay's extras: the offers it may buy, each priced for this stay (or why it cannot be had now),
 * the form to buy one, and what it has bought or asked for. A purchase goes through the device's
 * outbox: sent at once when online, kept on the phone and sent once when the network comes back.
 */
export function StayExtras({
  booking,
  via,
  offline,
}: {
  booking: ManagedBooking;
  via: ExtrasVia;
  offline: boolean;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const roomName = useRoomName();
  const online = useOnline();
  const queryClient = useQueryClient();
  const offers = useStayOffers(booking.id, via);
  const purchases = useStayPurchases(booking.id);
  const [buying, setBuying] = useState<StayOffer | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const nights = Math.max(1, nightsBetween(booking.checkInDate, booking.checkOutDate));

  const refresh = () => void queryClient.invalidateQueries({ queryKey: stayExtrasKeys.all(booking.id) });
  const delivery = useEntryDelivery('extra', {
    waitMs: 15_000,
    settleWhenOffline: true,
    onSettled: (outcome: DeliveryOutcome) => {
      if (outcome.kind === 'sent') {
        setBuying(null);
        refresh();
        // The stay's type or the folio may have changed with it.
        void queryClient.invalidateQueries({ queryKey: ['bookings', 'managed'] });
        showToast({ variant: 'success', title: t`Added to your stay` });
      } else if (outcome.kind === 'refused') {
        refresh();
        setRefusal(outcome.error.message || t`This extra could not be added.`);
      } else {
        setBuying(null);
        showToast({
          variant: 'success',
          title: t`Kept on this phone`,
          description: t`You are offline: it will be sent once, as soon as the network is back.`,
        });
      }
    },
  });

  async function buy(offer: StayOffer, body: ExtraBuyBody) {
    setRefusal(null);
    try {
      const id = await queueExtraPurchase(booking.id, offer, { ...body, channel: via });
      delivery.watch(id);
    } catch {
      setRefusal(t`This phone has no room left to keep it. Free some space and try again.`);
    }
  }

  // A purchase kept on the phone and sent later (the network came back): its stay's lists are read again.
  const settledHere = delivery.entries
    .filter((e) => e.extra?.bookingId === booking.id && (e.state === 'sent' || e.state === 'refused'))
    .map((e) => e.id)
    .join(' ');
  const seen = useRef<string | null>(null);
  useEffect(() => {
    if (seen.current !== null && seen.current !== settledHere) {
      void queryClient.invalidateQueries({ queryKey: stayExtrasKeys.all(booking.id) });
      void queryClient.invalidateQueries({ queryKey: ['bookings', 'managed'] });
    }
    seen.current = settledHere;
  }, [settledHere, booking.id, queryClient]);

  const waiting = delivery.entries.filter(
    (e) => e.extra?.bookingId === booking.id && (e.state === 'waiting' || e.state === 'sending'),
  );

  return (
    <div className="flex flex-col gap-5" data-testid="stay-extras">
      {offline ? (
        <p role="status" className="rounded-xl bg-amber-50 p-3 text-amber-900">
          <Trans>You are offline: these are the extras as last loaded on this device.</Trans>
        </p>
      ) : null}
      <section className={card} aria-labelledby="extras-stay-heading">
        <h2 id="extras-stay-heading" className="text-lg font-bold text-slate-900">
          {roomName(booking.roomType)}
        </h2>
        <p className="text-slate-700">
          <Trans>
            {formatDate(booking.checkInDate, language)} to {formatDate(booking.checkOutDate, language)},{' '}
            {nightsCount(nights, language)}
          </Trans>
        </p>
        <LinkButton variant="ghost" href={`/booking/${booking.reference}`} className="self-start">
          <Trans>Back to your booking</Trans>
        </LinkButton>
      </section>

      {waiting.length > 0 ? (
        <section className={card} aria-labelledby="extras-waiting-heading" data-testid="extras-waiting">
          <h2 id="extras-waiting-heading" className="text-lg font-bold text-slate-900">
            <Trans>Waiting to be sent</Trans>
          </h2>
          <ul className="flex flex-col gap-1 text-slate-800">
            {waiting.map((e) => (
              <li key={e.id}>{language === 'ar' ? e.extra!.nameAr : e.extra!.nameEn}</li>
            ))}
          </ul>
          <p className="text-sm text-slate-700">
            <Trans>Kept on this phone: sent once, as soon as the network is back.</Trans>
          </p>
        </section>
      ) : null}

      <section aria-labelledby="extras-offers-heading" className="flex flex-col gap-3">
        <h2 id="extras-offers-heading" className="sr-only">
          <Trans>Extras you can add</Trans>
        </h2>
        {offers.data ? (
          offers.data.extras.length === 0 ? (
            <p className="rounded-2xl bg-sand-50 p-4 text-slate-700">
              <Trans>The hotel has no extras to offer for this stay at the moment.</Trans>
            </p>
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2" data-testid="extras-offers">
              {offers.data.extras.map((offer) => (
                <OfferCard
                  key={offer.id}
                  offer={offer}
                  nights={nights}
                  toRoom={offer.toRoomType ? roomName(offer.toRoomType) : null}
                  onBuy={() => {
                    setRefusal(null);
                    setBuying(offer);
                  }}
                />
              ))}
            </ul>
          )
        ) : offers.isError ? (
          <LoadError onRetry={() => void offers.refetch()}>
            <Trans>The extras could not be loaded. Check your connection and try again.</Trans>
          </LoadError>
        ) : (
          <p role="status" className="text-slate-700">
            <Trans>Loading the extras…</Trans>
          </p>
        )}
      </section>

      <StayPurchases bookingId={booking.id} purchases={purchases.data?.purchases ?? []} />

      {buying ? (
        <Modal
          title={language === 'ar' ? buying.nameAr : buying.nameEn}
          isOpen
          onOpenChange={(open) => (!open && !delivery.isWatching ? setBuying(null) : undefined)}
        >
          <ExtraBuyForm
            offer={buying}
            stay={{ nights, guests: booking.numberOfGuests ?? 2 }}
            toRoom={buying.toRoomType ? roomName(buying.toRoomType) : null}
            pending={delivery.isWatching}
            online={online}
            refusal={refusal}
            onBuy={(body) => void buy(buying, body)}
            onCancel={() => setBuying(null)}
          />
        </Modal>
      ) : null}
    </div>
  );
}

/** An offer as a card: its photo, words, price and total for this stay, and Add (or why not). */
function OfferCard({
  offer,
  nights,
  toRoom,
  onBuy,
}: {
  offer: StayOffer;
  nights: number;
  toRoom: string | null;
  onBuy: () => void;
}) {
  const language = useLanguage();
  const name = language === 'ar' ? offer.nameAr : offer.nameEn;
  const description = language === 'ar' ? offer.descriptionAr : offer.descriptionEn;
  const price = formatPrice(offer.priceBaisa, language);
  const cheapest =
    offer.tiers.length > 0 ? Math.min(...offer.tiers.map((t) => t.priceBaisa)) : offer.priceBaisa;
  const from = formatPrice(cheapest, language);
  const total = formatPrice(offer.totalBaisa, language);
  return (
    <li
      className={`${card} justify-between`}
      data-testid="extra-offer"
      data-kind={offer.kind}
      data-extra-id={offer.id}
    >
      <div className="flex flex-col gap-2">
        {offer.photo ? (
          <img
            src={offer.photo.src}
            width={offer.photo.width}
            height={offer.photo.height}
            alt=""
            loading="lazy"
            className="aspect-[3/2] w-full rounded-xl object-cover"
          />
        ) : null}
        <h3 className="text-lg font-bold text-slate-900">{name}</h3>
        {description ? <p className="whitespace-pre-line text-slate-700">{description}</p> : null}
        <p className="font-semibold text-teal-900" data-testid="extra-offer-price">
          {offer.kind === 'upgrade' ? (
            <Trans>
              {price} a night: {total} for {nightsCount(nights, language)}
            </Trans>
          ) : offer.unit === 'person_night' ? (
            <Trans>{price} a person a night</Trans>
          ) : offer.unit === 'car' ? (
            <Trans>{price} a car</Trans>
          ) : offer.tiers.length > 1 ? (
            <Trans>From {from}</Trans>
          ) : (
            from
          )}
        </p>
        {offer.kind === 'upgrade' && toRoom ? (
          <p className="text-sm text-slate-700">
            <Trans>Your stay moves to the {toRoom} for every night.</Trans>
          </p>
        ) : null}
        {!offer.instant ? (
          <p className="text-sm text-slate-700">
            <Trans>The front desk confirms it before your arrival.</Trans>
          </p>
        ) : null}
      </div>
      {offer.available ? (
        <Button onPress={onBuy} data-testid="extra-add">
          {offer.instant ? <Trans>Add to my stay</Trans> : <Trans>Request it</Trans>}
        </Button>
      ) : (
        <p className="rounded-xl bg-sand-50 p-3 text-sm text-slate-800" data-testid="extra-unavailable">
          {offer.reasonMessage}
        </p>
      )}
    </li>
  );
}

/** A time of day for a guest's eyes (the one formatter). */
export const hour = (time: string, language: 'ar' | 'en') => formatTimeOfDay(time, language);
