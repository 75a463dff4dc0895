import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChannelMappings } from '@shared/channel-schemas';
import { ratePlansQueryOptions } from '@/entities/rates/get-rate-plans';
import { roomTypesQueryOptions } from '@/entities/rooms/get-room-types';
import { api, readJson } from '@/lib/api-client';

/** Query keys of the channel manager link (managers read it, admins change it). */
export const channelKeys = {
  all: ['admin', 'channel'] as const,
  status: () => [...channelKeys.all, 'status'] as const,
  mappings: () => [...channelKeys.all, 'mappings'] as const,
};

/**
 * GET /api/admin/channel (managers): the provider, connected or not, last push and pull, the
 * queue's depth, errors, flagged revisions and the latest revisions.
 */
export function getChannelStatus() {
  return readJson(() => api.admin.channel.$get());
}
export type ChannelScreenStatus = Awaited<ReturnType<typeof getChannelStatus>>;
export type ChannelRevisionRow = ChannelScreenStatus['revisions'][number];

export const channelStatusQueryOptions = () =>
  queryOptions({
    queryKey: channelKeys.status(),
    queryFn: getChannelStatus,
    staleTime: 5_000,
    // The queue moves every minute: asked again while the screen is open.
    refetchInterval: 30_000,
    meta: { persist: false },
  });

export function useChannelStatus() {
  return useQuery(channelStatusQueryOptions());
}

/** GET /api/admin/channel/mappings (managers): our room types and plans as the channel names them. */
export function getChannelMappings() {
  return readJson(() => api.admin.channel.mappings.$get());
}

export const channelMappingsQueryOptions = () =>
  queryOptions({
    queryKey: channelKeys.mappings(),
    queryFn: getChannelMappings,
    staleTime: 5_000,
    meta: { persist: false },
  });

export function useChannelMappings() {
  return useQuery(channelMappingsQueryOptions());
}

/** What the screen shows first: started with its code (app/more-routes.tsx). */
export const channelFirstQueries = () => [
  channelStatusQueryOptions(),
  channelMappingsQueryOptions(),
  // The mappings' lines name the types and plans: asked for at once, not after the screen mounts.
  roomTypesQueryOptions(),
  ratePlansQueryOptions(),
];

/** PUT /api/admin/channel (admins): the link on or off (off keeps the queue). */
export function useSetChannelEnabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => readJson(api.admin.channel.$put({ json: { enabled } })),
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: channelKeys.status() }),
  });
}

/** PUT /api/admin/channel/mappings (admins): the whole set, audited; everything is queued again. */
export function useSaveChannelMappings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChannelMappings) => readJson(api.admin.channel.mappings.$put({ json: body })),
    networkMode: 'always',
    onSuccess: (saved) => {
      const { message: _message, ...mappings } = saved;
      queryClient.setQueryData(channelKeys.mappings(), mappings);
      void queryClient.invalidateQueries({ queryKey: channelKeys.status() });
    },
  });
}

/** POST /api/admin/channel/full-sync (admins): the next 500 days sent again. */
export function useFullSync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => readJson(api.admin.channel['full-sync'].$post()),
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: channelKeys.status() }),
  });
}
