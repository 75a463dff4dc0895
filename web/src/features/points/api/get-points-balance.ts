import { queryOptions, useQuery } from '@tanstack/react-query';
import { TIMING } from '@shared/constants';
import { api, readJson } from '@/lib/api-client';
import { useCurrentUser } from '@/entities/session/use-current-user';
import { pointsKeys } from './points-keys';

/** GET /api/user-points/:email: the balance and the most recent points earned (own e-mail or staff). */
export function getPointsBalance(email: string) {
  return readJson(api['user-points'][':email'].$get({ param: { email: encodeURIComponent(email) } }));
}

/**
 * Spec: polled every 15 s (not while the page is hidden) and fetched again
 * when the window regains focus or the page becomes visible; the header's
 * badge adds the 30 s refresh (use-points-refresh.ts).
 */
export const pointsBalanceQueryOptions = (email: string) =>
  queryOptions({
    queryKey: pointsKeys.balance(email),
    queryFn: () => getPointsBalance(email),
    refetchInterval: TIMING.pointsPoll,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    // Stale at once, so focus and visibility really ask again (the app's default is never stale).
    staleTime: 0,
  });

/** The signed-in user's balance; with nobody signed in, 0 and no call. */
export function usePointsBalance() {
  const email = useCurrentUser().data?.email;
  const query = useQuery({ ...pointsBalanceQueryOptions(email ?? ''), enabled: !!email });
  return {
    email,
    query,
    totalPoints: email ? (query.data?.totalPoints ?? 0) : 0,
    lastEarned: email ? (query.data?.lastEarned ?? null) : null,
  };
}
