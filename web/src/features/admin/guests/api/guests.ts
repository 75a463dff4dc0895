import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GuestProfilePatch } from '@shared/guest-profile-schemas';
import { adminBookingKeys } from '@/entities/admin/bookings/booking-keys';
import { api, readJson } from '@/lib/api-client';

/** Query keys of the guest profiles (staff). */
export const guestKeys = {
  all: ['admin', 'guests'] as const,
  search: (q: string) => [...guestKeys.all, 'search', q] as const,
  detail: (id: number) => [...guestKeys.all, 'detail', id] as const,
};

/** GET /api/admin/guests?q= (staff): profiles whose name, phone, e-mail or document holds q. */
export async function searchGuests(q: string) {
  return (await readJson(api.admin.guests.$get({ query: { q } }))).guests;
}
export type GuestSummary = Awaited<ReturnType<typeof searchGuests>>[number];

export const guestSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: guestKeys.search(q),
    queryFn: () => searchGuests(q),
    enabled: q.trim().length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    meta: { persist: false },
  });

export function useGuestSearch(q: string) {
  return useQuery(guestSearchQueryOptions(q));
}

/** GET /api/admin/guests/:id (staff): the profile and its newest stays. */
export function getGuest(id: number) {
  return readJson(api.admin.guests[':id'].$get({ param: { id: String(id) } }));
}
export type GuestDetail = Awaited<ReturnType<typeof getGuest>>;

export const guestQueryOptions = (id: number) =>
  queryOptions({ queryKey: guestKeys.detail(id), queryFn: () => getGuest(id), meta: { persist: false } });

export function useGuest(id: number | null) {
  return useQuery({ ...guestQueryOptions(id ?? 0), enabled: id !== null });
}

/** PATCH /api/admin/guests/:id (staff). */
export function patchGuest({ id, patch }: { id: number; patch: GuestProfilePatch }) {
  return readJson(api.admin.guests[':id'].$patch({ param: { id: String(id) }, json: patch }));
}

/** POST /api/admin/guests/:id/merge (staff): `otherId`'s stays move to `id`, and it is gone. */
export function mergeGuests({ id, otherId }: { id: number; otherId: number }) {
  return readJson(api.admin.guests[':id'].merge.$post({ param: { id: String(id) }, json: { otherId } }));
}

/** After a change: the profiles, and the desk's lists that show them. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: guestKeys.all }),
      queryClient.invalidateQueries({ queryKey: adminBookingKeys.all }),
    ]);
}

export function usePatchGuest() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: patchGuest, onSettled: refresh });
}

export function useMergeGuests() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: mergeGuests, onSettled: refresh });
}
