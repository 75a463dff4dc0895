import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, readJson } from '@/lib/api-client';
import { roomKeys } from '@/entities/rooms/room-keys';
import { hotelToday } from '@shared/dates';
import { offerNightPrices, type OfferNightPrices } from '@shared/money';
import { offerShownOn } from '@shared/offers';

/**
 * GET /api/offers: the offers valid today in Asia/Muscat, priced from the room's original
 * price (docs/decisions/014), with features and gallery.
 */
export function getOffers() {
  return readJson(api.offers.$get());
}

export type Offer = Awaited<ReturnType<typeof getOffers>>[number];

export const offersQueryOptions = () =>
  queryOptions({ queryKey: roomKeys.offers(), queryFn: getOffers, staleTime: 5 * 60_000 });

/** Asked again each time the panel opens (staff change offers any day); the cached list shows meanwhile. */
export function useOffers() {
  return useQuery({ ...offersQueryOptions(), refetchOnMount: 'always' });
}

/**
 * Today's offer price per room type (decision 014): what a booking made now is
 * charged when it is below the room's price. From the cached list, checked again
 * against today's date in Asia/Muscat, so an offer that ended since is not counted.
 */
export function useOfferNightPrices(): OfferNightPrices {
  const { data } = useQuery(offersQueryOptions());
  const today = hotelToday();
  return offerNightPrices((data ?? []).filter((offer) => offerShownOn({ ...offer, isActive: true }, today)));
}
