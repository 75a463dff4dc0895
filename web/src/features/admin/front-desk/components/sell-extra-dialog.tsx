import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Modal } from '@/components/ui/dialog';
import { RadioGroup, RadioOption } from '@/components/ui/radio-group';
import { showToast } from '@/components/ui/toast-queue';
import { ExtraBuyForm } from '@/entities/extras/extra-buy-form';
import { useRoomName } from '@/entities/rooms/room-names';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage } from '@/lib/api-client';
import { formatPrice } from '@/lib/format';
import { useOnline } from '@/lib/use-online';
import { nightsBetween } from '@shared/money';
import type { DeskBooking } from '../api/front-desk';
import { useDeskStayOffers, useSellExtra } from '../api/extra-requests';

/**
 * The desk sells an extra to a stay before its arrival (docs/decisions/098-stay-extras.md): the
 * offers the stay may buy, the one chosen asked as the guest's page asks it, sold at the desk's
 * channel (the offers report counts it there), once per press however the network answers. The
 * default export, a lazy chunk of its own.
 */
export default function SellExtraDialog({ booking, onClose }: { booking: DeskBooking; onClose: () => void }) {
  const { t } = useLingui();
  const language = useLanguage();
  const roomName = useRoomName();
  const online = useOnline();
  const offers = useDeskStayOffers(booking.id);
  const sell = useSellExtra(booking.id);
  const [chosen, setChosen] = useState<string>('');
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [refusal, setRefusal] = useState<string | null>(null);
  const available = (offers.data?.extras ?? []).filter((o) => o.available);
  const offer = available.find((o) => String(o.id) === chosen) ?? null;
  return (
    <Modal
      isOpen
      size="md"
      title={t`Sell an extra to ${booking.fullName}`}
      onOpenChange={(open) => (!open ? onClose() : undefined)}
    >
      <div className="flex flex-col gap-4" data-testid="desk-sell-extra">
        {offers.isPending ? (
          <p role="status">
            <Trans>Loading…</Trans>
          </p>
        ) : offers.isError ? (
          <p role="alert" className="text-red-700">
            {errorMessage(offers.error, t`The extras could not be loaded. Please try again.`)}
          </p>
        ) : available.length === 0 ? (
          <p className="text-slate-700">
            <Trans>Nothing can be added to this stay now.</Trans>
          </p>
        ) : (
          <RadioGroup
            label={t`Extra`}
            value={chosen}
            onChange={(value) => {
              setChosen(value);
              setRefusal(null);
              setKey(crypto.randomUUID());
            }}
            optionsClassName="grid gap-2"
          >
            {available.map((o) => (
              <RadioOption key={o.id} value={String(o.id)}>
                <span className="flex w-full justify-between gap-3">
                  <span>{language === 'ar' ? o.nameAr : o.nameEn}</span>
                  <bdi>{formatPrice(o.totalBaisa, language)}</bdi>
                </span>
              </RadioOption>
            ))}
          </RadioGroup>
        )}
        {offer ? (
          <ExtraBuyForm
            key={offer.id}
            offer={offer}
            stay={{
              nights: Math.max(1, nightsBetween(booking.checkInDate, booking.checkOutDate)),
              guests: booking.numberOfGuests ?? 2,
            }}
            toRoom={offer.toRoomType ? roomName(offer.toRoomType) : null}
            pending={sell.isPending}
            online={online}
            refusal={refusal}
            onBuy={(body) =>
              sell.mutate(
                { body, key },
                {
                  onSuccess: (result) => {
                    showToast({ variant: 'success', title: result.message });
                    onClose();
                  },
                  onError: (failure) => setRefusal(errorMessage(failure, t`Please try again.`)),
                },
              )
            }
            onCancel={onClose}
          />
        ) : null}
      </div>
    </Modal>
  );
}
