import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { PhotoManagerSlot } from '@/entities/admin/media/photo-manager-slot';
import { AdminPageHeader, OfflineNote } from '@/components/admin/admin-page-header';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { showToast } from '@/components/ui/toast-queue';
import { errorMessage } from '@/lib/api-client';
import { useOnline } from '@/lib/use-online';
import { type AdminOffer, useAdminOffers } from '../api/get-admin-offers';
import { useReorderOffers } from '../api/save-offer';
import { OfferEditor } from './offer-editor';
import { OfferRow } from './offer-row';

/**
 * /admin/offers (staff): every offer with its state today in
 * Asia/Muscat (live, scheduled, expired, off), switched on and off, moved up
 * and down, created and edited. The price is the room's original price less
 * the discount (shared/src/money.ts), or the offer's own prices (the spec's demo
 * offers, migration 0023) while its room and discount are unchanged, shown beside
 * what a booking of the room is charged.
 */
export function OffersScreen({ PhotoManager }: { PhotoManager: PhotoManagerSlot }) {
  const { t } = useLingui();
  const offers = useAdminOffers();
  const online = useOnline();
  const [editing, setEditing] = useState<AdminOffer | 'new' | null>(null);
  const reorder = useReorderOffers();

  const move = (index: number, step: -1 | 1) => {
    const list = offers.data?.offers;
    if (!list) return;
    const ids = list.map((o) => o.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + step, 0, moved!);
    reorder.mutate(ids, {
      onError: (error) =>
        showToast({
          variant: 'error',
          title: t`The order was not saved`,
          description: errorMessage(error, t`Please try again.`),
        }),
    });
  };

  return (
    <main className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8">
      <AdminPageHeader
        title={<Trans>Offers</Trans>}
        subtitle={
          <Trans>
            Guests see the offers that are on and valid today (Muscat time). An offer ends by itself after its
            last day.
          </Trans>
        }
        actions={
          <Button onPress={() => setEditing('new')} isDisabled={!online} data-testid="new-offer">
            <Trans>New offer</Trans>
          </Button>
        }
      />
      {!online ? (
        <OfflineNote>
          <Trans>You are offline. Offers can be changed once the connection is back.</Trans>
        </OfflineNote>
      ) : null}
      {offers.isPending ? (
        <p role="status" className="text-slate-700">
          <Trans>Loading offers…</Trans>
        </p>
      ) : offers.isError ? (
        <LoadError onRetry={() => void offers.refetch()}>
          {errorMessage(offers.error, t`The offers could not be loaded.`)}
        </LoadError>
      ) : offers.data.offers.length === 0 ? (
        <p className="rounded-2xl bg-white p-5 text-slate-700">
          <Trans>No offers yet.</Trans>
        </p>
      ) : (
        <ol className="flex flex-col gap-3">
          {offers.data.offers.map((offer, index, list) => (
            <OfferRow
              key={offer.id}
              offer={offer}
              today={offers.data.today}
              disabled={!online || reorder.isPending}
              onEdit={() => setEditing(offer)}
              onUp={index > 0 ? () => move(index, -1) : undefined}
              onDown={index < list.length - 1 ? () => move(index, 1) : undefined}
            />
          ))}
        </ol>
      )}
      {editing !== null ? (
        <OfferEditor
          offer={editing === 'new' ? null : editing}
          today={offers.data?.today ?? ''}
          onClose={() => setEditing(null)}
          PhotoManager={PhotoManager}
        />
      ) : null}
    </main>
  );
}
