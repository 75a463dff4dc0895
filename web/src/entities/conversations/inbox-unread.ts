import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, readJson } from '@/lib/api-client';
import { useLiveSocket } from './live-socket';

const unreadKey = ['admin', 'inbox', 'unread'] as const;

/**
 * The open conversations with guest messages staff have not read (the back office menu's badge on
 * the inbox): read once, then again whenever the hotel's live socket says a message arrived or a
 * thread changed (no polling).
 */
export function useInboxUnread(enabled: boolean): number {
  const queryClient = useQueryClient();
  const unread = useQuery({
    queryKey: unreadKey,
    queryFn: () => readJson(api.admin.inbox.$get({ query: { limit: '1' } })),
    enabled,
  });
  useLiveSocket({
    query: '?as=staff',
    enabled,
    onEvent: () => void queryClient.invalidateQueries({ queryKey: unreadKey }),
    onOpen: () => void queryClient.invalidateQueries({ queryKey: unreadKey }),
  });
  return unread.data?.unreadThreads ?? 0;
}
