import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';
import { api, readJson } from '@/lib/api-client';

/**
 * An outlet's tablet (GET/POST /api/outlets…, docs/decisions/090-outlets.md): the outlets the
 * signed-in member of staff may use, an outlet's screen, a check rung up, a check voided.
 */
export const outletKeys = {
  all: ['outlets'] as const,
  mine: ['outlets', 'mine'] as const,
  screen: (id: number) => ['outlets', 'screen', id] as const,
  orders: (id: number) => ['outlets', 'orders', id] as const,
};

const outlets = api.outlets;
export type CheckBody = InferRequestType<(typeof outlets)[':id']['checks']['$post']>['json'];

export const myOutletsQueryOptions = () =>
  queryOptions({
    queryKey: outletKeys.mine,
    queryFn: () => readJson(() => outlets.$get()),
    staleTime: 5_000,
    meta: { persist: false },
  });

export function useMyOutlets() {
  return useQuery(myOutletsQueryOptions());
}

export const outletScreenQueryOptions = (id: number) =>
  queryOptions({
    queryKey: outletKeys.screen(id),
    queryFn: () => readJson(() => outlets[':id'].$get({ param: { id: String(id) } })),
    // The rooms in house and the day's checks move all day: read again every half minute.
    staleTime: 5_000,
    refetchInterval: 30_000,
    meta: { persist: false },
  });
export type OutletScreenData = Awaited<
  ReturnType<NonNullable<ReturnType<typeof outletScreenQueryOptions>['queryFn']>>
>;
export type OutletCheck = OutletScreenData['checks'][number];

export function useOutletScreen(id: number) {
  return useQuery(outletScreenQueryOptions(id));
}

/**
 * A check on paper, pages the worker makes (modules/outlets/check-pages.ts): its receipt for an
 * 80 mm printer (any check), a paid one's tax invoice on the A4 page (its void's credit note with
 * `credit`).
 */
export const checkReceiptHref = (checkId: number) => `/invoices/outlet/${checkId}/receipt`;
export const checkInvoiceHref = (checkId: number, credit = false) =>
  `/invoices/outlet/${checkId}${credit ? '?credit=1' : ''}`;

/** What the screens show first: started with their code (app/more-routes.tsx). */
export const myOutletsFirstQueries = () => [myOutletsQueryOptions()];
export const outletFirstQueries = (id: number) => [outletScreenQueryOptions(id)];

/** POST /api/outlets/:id/checks, with an Idempotency-Key made once per check (a tap sent twice is one check). */
export function usePostCheck(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: CheckBody; key: string }) =>
      readJson(
        outlets[':id'].checks.$post(
          { param: { id: String(id) }, json: body },
          { headers: { 'Idempotency-Key': key } },
        ),
      ),
    networkMode: 'always',
    onSettled: () => void queryClient.invalidateQueries({ queryKey: outletKeys.screen(id) }),
  });
}

/** POST /api/outlets/checks/:id/void (managers), with the reason. */
export function useVoidCheck(outletId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ checkId, reason }: { checkId: number; reason: string }) =>
      readJson(outlets.checks[':id'].void.$post({ param: { id: String(checkId) }, json: { reason } })),
    networkMode: 'always',
    onSettled: () => void queryClient.invalidateQueries({ queryKey: outletKeys.screen(outletId) }),
  });
}

/**
 * GET /api/outlets/:id/orders: the guests' app orders to the outlet (docs/decisions/102-outlet-orders.md),
 * those waiting (oldest first) and those answered in the last day. The tablet's live socket says
 * when one comes or moves; this poll is the fallback while it is down.
 */
export const outletOrdersQueryOptions = (id: number) =>
  queryOptions({
    queryKey: outletKeys.orders(id),
    queryFn: () => readJson(() => outlets[':id'].orders.$get({ param: { id: String(id) } })),
    staleTime: 5_000,
    refetchInterval: 60_000,
    meta: { persist: false },
  });
export type OutletOrders = Awaited<
  ReturnType<NonNullable<ReturnType<typeof outletOrdersQueryOptions>['queryFn']>>
>;
export type OutletOrder = OutletOrders['open'][number];

export function useOutletOrders(id: number) {
  return useQuery(outletOrdersQueryOptions(id));
}

/** POST /api/outlets/orders/:id/accept: its check to the room (posted once, however often tapped). */
export function useAcceptOrder(outletId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: number) =>
      readJson(outlets.orders[':id'].accept.$post({ param: { id: String(orderId) } })),
    networkMode: 'always',
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: outletKeys.orders(outletId) });
      void queryClient.invalidateQueries({ queryKey: outletKeys.screen(outletId) });
    },
  });
}

export type RefuseBody = InferRequestType<(typeof outlets)['orders'][':id']['refuse']['$post']>['json'];

/** POST /api/outlets/orders/:id/refuse `{ reason, note? }`: the guest reads the reason in their language. */
export function useRefuseOrder(outletId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, body }: { orderId: number; body: RefuseBody }) =>
      readJson(outlets.orders[':id'].refuse.$post({ param: { id: String(orderId) }, json: body })),
    networkMode: 'always',
    onSettled: () => void queryClient.invalidateQueries({ queryKey: outletKeys.orders(outletId) }),
  });
}
