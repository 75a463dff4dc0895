import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, readJson } from '@/lib/api-client';

/** GET /api/vip-cards: Silver, Gold and Elite with price (baisa), rooms, coffees, nights and discounts. */
export function getVipCards() {
  return readJson(() => api['vip-cards'].$get());
}

export type VipCard = Awaited<ReturnType<typeof getVipCards>>[number];

export const vipKeys = {
  all: ['vip'] as const,
  cards: () => [...vipKeys.all, 'cards'] as const,
};

export const vipCardsQueryOptions = () =>
  queryOptions({ queryKey: vipKeys.cards(), queryFn: getVipCards, staleTime: 5 * 60_000 });

export function useVipCards() {
  return useQuery(vipCardsQueryOptions());
}
