import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, readJson } from '@/lib/api-client';
import { adminOfferKeys } from './content-keys';

/** GET /api/admin/offers (staff): every offer, on or off, past and future, with today in Muscat. */
export function getAdminOffers() {
  return readJson(api.admin.offers.$get());
}

export type AdminOffers = Awaited<ReturnType<typeof getAdminOffers>>;
export type AdminOffer = AdminOffers['offers'][number];

export const adminOffersQueryOptions = () =>
  queryOptions({ queryKey: adminOfferKeys.all, queryFn: getAdminOffers, staleTime: 30_000 });

export function useAdminOffers() {
  return useQuery(adminOffersQueryOptions());
}
