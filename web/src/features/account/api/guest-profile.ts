import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GuestDocument } from '@shared/guest-profile-schemas';
import { api, readJson } from '@/lib/api-client';

export const ownProfileKeys = { all: ['account', 'guest-profile'] as const };

/** GET /api/account/guest-profile: the signed-in guest's registration details. */
export async function getOwnProfile() {
  return (await readJson(api.account['guest-profile'].$get())).profile;
}

export const ownProfileQueryOptions = () =>
  queryOptions({ queryKey: ownProfileKeys.all, queryFn: getOwnProfile, meta: { persist: false } });

export function useOwnProfile() {
  return useQuery(ownProfileQueryOptions());
}

/** PATCH /api/account/guest-profile: the guest corrects their details. */
export function useSaveOwnProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (json: GuestDocument) => readJson(api.account['guest-profile'].$patch({ json })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ownProfileKeys.all }),
  });
}
