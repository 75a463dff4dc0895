import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';
import { api, readJson } from '@/lib/api-client';
import { downscaleImage } from '@/offline/downscale';

/**
 * /api/admin/work-orders: the list (open and taken ones, or closed ones a page at a time; `mine`
 * for a technician), reporting a fault and its photo, taking and closing an order. Every rule is the
 * server's (modules/work-orders).
 */
export type WorkOrderFilter = 'active' | 'mine' | 'closed';

export const workOrderKeys = {
  all: ['admin', 'work-orders'] as const,
  list: (filter: WorkOrderFilter) => [...workOrderKeys.all, 'list', filter] as const,
};

export function getWorkOrders(filter: WorkOrderFilter) {
  return readJson(
    api.admin['work-orders'].$get({
      query: filter === 'closed' ? { status: 'closed' } : filter === 'mine' ? { mine: '1' } : {},
    }),
  );
}
export type WorkOrderList = Awaited<ReturnType<typeof getWorkOrders>>;
export type WorkOrder = WorkOrderList['orders'][number];

export const workOrdersQueryOptions = (filter: WorkOrderFilter) =>
  queryOptions({
    queryKey: workOrderKeys.list(filter),
    queryFn: () => getWorkOrders(filter),
    refetchInterval: 30_000,
    staleTime: 10_000,
  });

export function useWorkOrders(filter: WorkOrderFilter) {
  return useQuery(workOrdersQueryOptions(filter));
}

/** The screen's first request, named as soon as the route is known (app/more-routes.tsx). */
export function workOrdersFirstQueries() {
  return [workOrdersQueryOptions('active')];
}

type ReportInput = InferRequestType<(typeof api.admin)['work-orders']['$post']>['json'];

/** POST /api/admin/work-orders, then its photo (downscaled on the device) when one was chosen. */
export function useReportWorkOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ photo, ...json }: ReportInput & { photo?: Blob | null }) => {
      const made = await readJson(api.admin['work-orders'].$post({ json }));
      if (photo) {
        const body = await downscaleImage(photo);
        await readJson(
          api.admin['work-orders'][':id'].photo.$put(
            { param: { id: String(made.order.id) } },
            { init: { body, headers: { 'Content-Type': body.type || 'application/octet-stream' } } },
          ),
        );
      }
      return made;
    },
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: workOrderKeys.all }),
  });
}

/** POST .../:id/take or .../:id/close `{ resolution }`. */
export function useWorkOrderStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, step, resolution }: { id: number; step: 'take' | 'close'; resolution?: string }) =>
      step === 'take'
        ? readJson(api.admin['work-orders'][':id'].take.$post({ param: { id: String(id) } }))
        : readJson(
            api.admin['work-orders'][':id'].close.$post({
              param: { id: String(id) },
              json: { resolution: resolution ?? '' },
            }),
          ),
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: workOrderKeys.all }),
  });
}

/** The address of an order's photo (staff only; the browser sends the session cookie). */
export const workOrderPhotoUrl = (id: number) => `/api/admin/work-orders/${id}/photo`;
