import { authKeys } from '@/entities/session/auth-keys';
import type { CurrentUser } from '@/entities/session/use-current-user';
import { notificationKeys } from '@/entities/notifications/notification-keys';
import { pointsKeys } from '@/features/points/api/points-keys';
import { readLastKnownAccount } from '@/lib/last-known-account';
import { queryClient } from '@/lib/query-client';

/**
 * Before the app's first render, on a page whose header was drawn from the last known account:
 * the sign-in lookup, the points and the unread count start from those values (as answered when
 * they were saved, so each is asked again at once), and the app's first render is then the
 * header it takes over.
 */
export function seedFromLastKnownAccount(): void {
  const known = readLastKnownAccount();
  if (!known) return;
  const updatedAt = known.savedAt;
  queryClient.setQueryData<CurrentUser>(authKeys.me(), known.user as CurrentUser, { updatedAt });
  if (known.points)
    queryClient.setQueryData(pointsKeys.balance(known.user.email), known.points, { updatedAt });
  if (known.unread) queryClient.setQueryData(notificationKeys.unread('mine'), known.unread, { updatedAt });
}
