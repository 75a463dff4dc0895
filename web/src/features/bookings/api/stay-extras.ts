import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { bookingKeys } from '@/entities/bookings/booking-keys';
import { api, readJson } from '@/lib/api-client';
import { refetchIfRestored } from '@/lib/refetch-if-restored';
import type { ExtraBuyBody } from '@/entities/extras/extra-buy-form';
import { enqueueEntry } from '@/offline/outbox';

/**
 * A stay's extras (docs/decisions/098-stay-extras.md), for its guest (signed in, or this device's
 * grant of the booking): the offers it may buy, its purchases, buying one (through the offline
 * outbox: sent once, however often the network drops), and paying one online. Under
 * `bookingKeys.all`, so a cancellation refreshes them.
 */
export const stayExtrasKeys = {
  all: (bookingId: number) => [...bookingKeys.all, 'extras', bookingId] as const,
  offers: (bookingId: number) => [...stayExtrasKeys.all(bookingId), 'offers'] as const,
  purchases: (bookingId: number) => [...stayExtrasKeys.all(bookingId), 'purchases'] as const,
};

/** Where the guest came from: the app, or the WhatsApp message's link (the hotel's report counts them apart). */
export type ExtrasVia = 'app' | 'whatsapp';

/** GET /api/booking-submissions/:id/extras: the offers the stay may buy, each priced for it and whether it can be had. */
export function getStayOffers(bookingId: number, via: ExtrasVia) {
  return readJson(
    api['booking-submissions'][':id'].extras.$get({
      param: { id: String(bookingId) },
      query: via === 'whatsapp' ? { via } : {},
    }),
  );
}
export type StayOffer = Awaited<ReturnType<typeof getStayOffers>>['extras'][number];

export const stayOffersQueryOptions = (bookingId: number, via: ExtrasVia) =>
  queryOptions({
    queryKey: stayExtrasKeys.offers(bookingId),
    queryFn: () => getStayOffers(bookingId, via),
    // Kept on the device: the page opens offline with what it last showed (nothing is bought then
    // but through the outbox).
    staleTime: 30_000,
    refetchOnMount: refetchIfRestored,
  });

export function useStayOffers(bookingId: number, via: ExtrasVia) {
  return useQuery(stayOffersQueryOptions(bookingId, via));
}

/** GET /api/booking-submissions/:id/purchases: what the stay has bought or asked for, newest first. */
export function getStayPurchases(bookingId: number) {
  return readJson(api['booking-submissions'][':id'].purchases.$get({ param: { id: String(bookingId) } }));
}
export type StayPurchase = Awaited<ReturnType<typeof getStayPurchases>>['purchases'][number];

export const stayPurchasesQueryOptions = (bookingId: number) =>
  queryOptions({
    queryKey: stayExtrasKeys.purchases(bookingId),
    queryFn: () => getStayPurchases(bookingId),
    staleTime: 10_000,
    refetchOnMount: refetchIfRestored,
  });

export function useStayPurchases(bookingId: number) {
  return useQuery(stayPurchasesQueryOptions(bookingId));
}

/**
 * Buys an offer for the stay: queued in the device's outbox (offline/outbox.ts, its id the
 * Idempotency-Key) and sent at once when online, later otherwise; the server posts it once whatever
 * the network does. Answers the outbox entry's id, which the screen watches (useEntryDelivery).
 */
export function queueExtraPurchase(
  bookingId: number,
  offer: Pick<StayOffer, 'id' | 'nameAr' | 'nameEn'>,
  body: ExtraBuyBody,
) {
  return enqueueEntry({
    kind: 'extra',
    extra: { bookingId, body: { ...body, extraId: offer.id }, nameAr: offer.nameAr, nameEn: offer.nameEn },
  });
}

/**
 * POST /api/booking-submissions/:id/purchases/:purchaseId/payment: a checkout at the payment provider
 * for an extra paid online (its plan takes a deposit). Answers `{ checkoutUrl }`, where the caller
 * sends the browser.
 */
export function usePayPurchase(bookingId: number) {
  return useMutation({
    mutationFn: (purchaseId: number) =>
      readJson(
        api['booking-submissions'][':id'].purchases[':purchaseId'].payment.$post({
          param: { id: String(bookingId), purchaseId: String(purchaseId) },
        }),
      ),
  });
}
