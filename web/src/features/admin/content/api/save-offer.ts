import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';
import { api, readJson } from '@/lib/api-client';
import { roomKeys } from '@/entities/rooms/room-keys';
import { adminOfferKeys } from './content-keys';

export type OfferBody = InferRequestType<typeof api.admin.offers.$post>['json'];

/** The back office's list and the guests' panel both change with an offer. */
export function refreshOffers(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: adminOfferKeys.all });
  void queryClient.invalidateQueries({ queryKey: roomKeys.offers() });
}

/** POST /api/admin/offers (new) or PUT /api/admin/offers/:id (edit); staff, audited. */
export function saveOffer({ id, body }: { id: number | null; body: OfferBody }) {
  return id === null
    ? readJson(api.admin.offers.$post({ json: body }))
    : readJson(api.admin.offers[':id'].$put({ param: { id: String(id) }, json: body }));
}

export function useSaveOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveOffer,
    networkMode: 'always',
    onSuccess: () => refreshOffers(queryClient),
  });
}

/** PATCH /api/admin/offers/:id/active: switch an offer on or off. */
export function setOfferActive({ id, isActive }: { id: number; isActive: boolean }) {
  return readJson(api.admin.offers[':id'].active.$patch({ param: { id: String(id) }, json: { isActive } }));
}

export function useSetOfferActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setOfferActive,
    networkMode: 'always',
    onSuccess: () => refreshOffers(queryClient),
  });
}

/** PUT /api/admin/offers/order: the whole list in its new order (409 if it changed meanwhile). */
export function reorderOffers(ids: number[]) {
  return readJson(api.admin.offers.order.$put({ json: { ids } }));
}

export function useReorderOffers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderOffers,
    networkMode: 'always',
    onSuccess: (result) => {
      queryClient.setQueryData(adminOfferKeys.all, (old: { today: string } | undefined) =>
        old ? { ...old, offers: result.offers } : old,
      );
      void queryClient.invalidateQueries({ queryKey: roomKeys.offers() });
    },
  });
}
