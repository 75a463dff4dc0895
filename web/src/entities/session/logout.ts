import type { Query, QueryClient } from '@tanstack/react-query';
import { api, readJson } from '@/lib/api-client';
import { emptyQueryCache } from '@/lib/query-client';
import { queryPersister } from '@/lib/query-persistence';
import { bookingKeys } from '@/entities/bookings/booking-keys';
import { authKeys, isCurrentUserQuery } from './auth-keys';
import { forgetSignedInHint } from './use-current-user';

/** POST /api/auth/logout: ends the session on the server and clears the cookie. */
export function logout() {
  return readJson(api.auth.logout.$post());
}

/**
 * A booking's page this device was granted (a lookup or an e-mail's signed link; its
 * answer says `deviceGrant`): not the account's data, so it stays, as the server's grant does.
 */
function isDeviceGrantedBooking(query: Query): boolean {
  const [all, managed] = bookingKeys.managedAll();
  const data = query.state.data as { deviceGrant?: unknown } | null | undefined;
  return query.queryKey[0] === all && query.queryKey[1] === managed && data?.deviceGrant === true;
}

/**
 * Forget everything this device holds for the user: the query cache in memory
 * and its copy in IndexedDB (but the bookings granted to the device). The user is then known to
 * be signed out.
 */
export async function clearLocalData(queryClient: QueryClient) {
  queryClient.getMutationCache().clear();
  emptyQueryCache(queryClient, (query) => isCurrentUserQuery(query) || isDeviceGrantedBooking(query));
  queryClient.setQueryData(authKeys.me(), null);
  try {
    await queryPersister.removeClient();
  } catch {
    // No IndexedDB (private mode): there is no stored copy to remove.
  }
}

/**
 * Spec: logout clears local data even when the server call fails. Resolves
 * with the server's message, or null when only this device was signed out.
 */
export async function logoutAndClear(queryClient: QueryClient): Promise<{ message: string | null }> {
  let message: string | null = null;
  if (typeof document !== 'undefined') forgetSignedInHint();
  try {
    message = (await logout()).message;
  } catch {
    message = null;
  }
  await clearLocalData(queryClient);
  return { message };
}
