import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StayOrderInput } from '@shared/outlet-orders';
import { api, readJson } from '@/lib/api-client';

/**
 * A guest in house orders from the outlets in the app (docs/decisions/102-outlet-orders.md): the
 * menus (GET /api/outlets/menus, anyone), the stay's orders (GET /api/stays/:id/orders, its guest:
 * the booking's account or this device's grant), an order sent (POST, with an Idempotency-Key made
 * once per order) and one cancelled while it waits.
 */
export const stayOrderKeys = {
  menus: ['outlet-menus'] as const,
  of: (stayId: number) => ['stay-orders', stayId] as const,
};

export const menusQueryOptions = () =>
  queryOptions({
    queryKey: stayOrderKeys.menus,
    queryFn: () => readJson(() => api.outlets.menus.$get()),
    staleTime: 60_000,
  });
export type AppMenus = Awaited<ReturnType<NonNullable<ReturnType<typeof menusQueryOptions>['queryFn']>>>;
export type MenuOutlet = AppMenus['outlets'][number];
export type MenuItem = MenuOutlet['items'][number];

export function useMenus() {
  return useQuery(menusQueryOptions());
}

export const stayOrdersQueryOptions = (stayId: number) =>
  queryOptions({
    queryKey: stayOrderKeys.of(stayId),
    queryFn: () => readJson(() => api.stays[':id'].orders.$get({ param: { id: String(stayId) } })),
    // The live socket says when an order moves; this is the fallback while it is down.
    refetchInterval: 60_000,
    refetchIntervalInBackground: false,
    refetchOnMount: 'always',
  });
export type StayOrdersAnswer = Awaited<
  ReturnType<NonNullable<ReturnType<typeof stayOrdersQueryOptions>['queryFn']>>
>;
export type StayOrder = StayOrdersAnswer['orders'][number];

export function useStayOrders(stayId: number) {
  return useQuery(stayOrdersQueryOptions(stayId));
}

/** What the order screen shows first: started with its code (app/more-routes.tsx). */
export const stayOrdersFirstQueries = (stayId: number) => [
  menusQueryOptions(),
  stayOrdersQueryOptions(stayId),
];

const putOrder = (old: StayOrdersAnswer | undefined, order: StayOrder) =>
  old ? { ...old, orders: [order, ...old.orders.filter((o) => o.id !== order.id)] } : old;

/** POST /api/stays/:id/orders with `key` (one per order: a tap sent twice, a lost answer retried, is one order). */
export function usePlaceOrder(stayId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: StayOrderInput; key: string }) =>
      readJson(
        api.stays[':id'].orders.$post(
          { param: { id: String(stayId) }, json: body },
          { headers: { 'Idempotency-Key': key } },
        ),
      ),
    networkMode: 'always',
    onSuccess: (answer) =>
      queryClient.setQueryData<StayOrdersAnswer>(stayOrderKeys.of(stayId), (old) =>
        putOrder(old, answer.order),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: stayOrderKeys.of(stayId) }),
  });
}

/** POST /api/stays/:id/orders/:orderId/cancel, while the outlet has not answered. */
export function useCancelOrder(stayId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: number) =>
      readJson(
        api.stays[':id'].orders[':orderId'].cancel.$post({
          param: { id: String(stayId), orderId: String(orderId) },
        }),
      ),
    networkMode: 'always',
    onSuccess: (answer) =>
      queryClient.setQueryData<StayOrdersAnswer>(stayOrderKeys.of(stayId), (old) =>
        putOrder(old, answer.order),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: stayOrderKeys.of(stayId) }),
  });
}
