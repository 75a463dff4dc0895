import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client';
import { roomKeys } from '../../../entities/rooms/room-keys';

/** GET /api/offers: this month's room offers (their own original prices, features, gallery). */
export function getOffers() {
  return readJson(api.offers.$get());
}

export type Offer = Awaited<ReturnType<typeof getOffers>>[number];

export const offersQueryOptions = () =>
  queryOptions({ queryKey: roomKeys.offers(), queryFn: getOffers, staleTime: 5 * 60_000 });

export function useOffers() {
  return useQuery(offersQueryOptions());
}
