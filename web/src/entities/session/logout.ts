import type { QueryClient } from '@tanstack/react-query';
import { api, readJson } from '@/lib/api-client';
import { emptyQueryCache, queryPersister } from '@/lib/query-client';
import { authKeys, isCurrentUserQuery } from './auth-keys';

/** POST /api/auth/logout: ends the session on the server and clears the cookie. */
export function logout() {
  return readJson(api.auth.logout.$post());
}

/**
 * Forget everything this device holds for the user: the query cache in memory
 * and its copy in IndexedDB. The user is then known to be signed out.
 */
export async function clearLocalData(queryClient: QueryClient) {
  queryClient.getMutationCache().clear();
  emptyQueryCache(queryClient, isCurrentUserQuery);
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
  try {
    message = (await logout()).message;
  } catch {
    message = null;
  }
  await clearLocalData(queryClient);
  return { message };
}
