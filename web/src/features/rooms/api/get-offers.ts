import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client';
import { roomKeys } from '../../../entities/rooms/room-keys';

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
