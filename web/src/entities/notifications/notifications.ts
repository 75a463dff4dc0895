import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { TIMING } from '@shared/constants';
import { UNREAD_COUNT_CAP } from '@shared/constants';
import { useMemo } from 'react';
import type { Language } from '@shared/constants';
import { api, readJson } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { SIGNED_IN_ONLY } from '@/lib/query-client';
import { hasSignedInHint } from '@/entities/session/use-current-user';
import { notificationKeys, type NotificationScope } from './notification-keys';

/**
 * Notifications in the app: a signed-in guest's own (`mine`) and the staff's
 * alerts of new booking requests and entries (`staff`), each with an unread count (polled like
 * the bookings, every 10 s while the page is visible), a list read a page at a time by date, and
 * marking one or all read (the server keeps who read what).
 */
// The keys are a module of their own, which the app's start reads without the rest of this one.
export { notificationKeys, type NotificationScope } from './notification-keys';

/** GET /api/notifications/mine/unread or /staff/unread: `{ unread }` (and the newest alert's id for staff). */
export async function getUnread(scope: NotificationScope): Promise<{ unread: number; latestId?: number }> {
  return scope === 'mine'
    ? readJson(api.notifications.mine.unread.$get())
    : readJson(api.notifications.staff.unread.$get());
}

export const unreadQueryOptions = (scope: NotificationScope) =>
  queryOptions({
    queryKey: notificationKeys.unread(scope),
    // Signed out meanwhile (the session's hint cookie gone with it): nothing to ask, rather than a
    // 401 the browser logs.
    queryFn: (): Promise<{ unread: number; latestId?: number }> =>
      hasSignedInHint() ? getUnread(scope) : Promise.resolve({ unread: 0 }),
    // A signed-out device never asks (lib/query-client.ts emptyQueryCache drops it at logout).
    meta: SIGNED_IN_ONLY,
    refetchInterval: TIMING.bookingsPoll,
    refetchIntervalInBackground: false,
    staleTime: TIMING.bookingsPoll,
  });

export function useUnreadCount(scope: NotificationScope, enabled = true) {
  return useQuery({ ...unreadQueryOptions(scope), enabled });
}

/** The unread count as a badge shows it: "٣", or "٩٩+" past the server's cap (UNREAD_COUNT_CAP). */
export function unreadBadgeText(unread: number, language: Language): string {
  return unread >= UNREAD_COUNT_CAP ? `${formatCount(99, language)}+` : formatCount(unread, language);
}

/**
 * The staff's badge and chime: their unread alerts, and the newest alert as a one-row list for
 * the new-booking chime (entities/admin/bookings/new-booking-alert.ts rings when its id grows).
 */
export function useStaffAlertWatch() {
  // Fetched afresh as the screen opens: the chime's baseline is what is new from now on, not a
  // count the header's bell fetched before (new-booking-alert.ts trusts only a list from the visit).
  const query = useQuery({ ...unreadQueryOptions('staff'), refetchOnMount: 'always' });
  const latestId = query.data?.latestId;
  const newest = useMemo(() => (latestId === undefined ? undefined : [{ id: latestId }]), [latestId]);
  return { unread: query.data?.unread ?? 0, newest, fetchedAt: query.dataUpdatedAt };
}

function getMinePage(cursor: string | undefined) {
  return readJson(api.notifications.mine.$get({ query: cursor ? { cursor } : {} }));
}
function getStaffPage(cursor: string | undefined) {
  return readJson(api.notifications.staff.$get({ query: cursor ? { cursor } : {} }));
}
export type GuestNotification = Awaited<ReturnType<typeof getMinePage>>['items'][number];
export type StaffAlert = Awaited<ReturnType<typeof getStaffPage>>['items'][number];
export type NotificationItem = ({ scope: 'mine' } & GuestNotification) | ({ scope: 'staff' } & StaffAlert);

type Page = { items: NotificationItem[]; nextCursor: string | null; unread: number };

async function getPage(scope: NotificationScope, cursor: string | undefined): Promise<Page> {
  if (scope === 'mine') {
    const page = await getMinePage(cursor);
    return { ...page, items: page.items.map((n) => ({ scope: 'mine' as const, ...n })) };
  }
  const page = await getStaffPage(cursor);
  return { ...page, items: page.items.map((n) => ({ scope: 'staff' as const, ...n })) };
}

export const pagesQueryOptions = (scope: NotificationScope) =>
  infiniteQueryOptions({
    queryKey: notificationKeys.pages(scope),
    queryFn: ({ pageParam }) => getPage(scope, pageParam),
    meta: SIGNED_IN_ONLY,
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: TIMING.bookingsPoll,
    refetchIntervalInBackground: false,
  });

/** The list, newest first, a page (20) at a time: `fetchNextPage` for "Load more". */
export function useNotificationPages(scope: NotificationScope) {
  return useInfiniteQuery(pagesQueryOptions(scope));
}

/** POST …/:id/read (only one's own: another's is 404) or …/read-all; then the count and list again. */
export function useMarkRead(scope: NotificationScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number | 'all') => {
      if (scope === 'mine') {
        return id === 'all'
          ? readJson(api.notifications['read-all'].$post())
          : readJson(api.notifications[':id'].read.$post({ param: { id: String(id) } }));
      }
      return id === 'all'
        ? readJson(api.notifications.staff['read-all'].$post())
        : readJson(api.notifications.staff[':id'].read.$post({ param: { id: String(id) } }));
    },
    onSuccess: ({ unread }) => {
      queryClient.setQueryData(notificationKeys.unread(scope), (old: { unread: number } | undefined) => ({
        ...old,
        unread,
      }));
      void queryClient.invalidateQueries({ queryKey: notificationKeys.scope(scope) });
    },
  });
}
