import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';
import { api, ApiRequestError, readJson } from '@/lib/api-client';
import { emptyQueryCache } from '@/lib/query-client';
import { authKeys, isCurrentUserQuery } from '@/entities/session/auth-keys';

/**
 * POST /api/auth/login. A 403 that says `requiresVerification` is an answer,
 * not a failure: the account exists but its e-mail is not confirmed, the
 * server has sent a fresh code and the screen sends the guest to confirm it.
 * Anything else non-OK (401 invalid_credentials, 403 account_disabled, 429) throws.
 */
export async function login(input: InferRequestType<typeof api.auth.login.$post>['json']) {
  const res = await api.auth.login.$post({ json: input });
  if (res.status === 403) {
    const body = await res.json().catch(() => null);
    if (body?.requiresVerification) return body;
    throw ApiRequestError.of(res.status, body);
  }
  return readJson(res);
}

/** Spec: on a successful login the query cache is cleared (nothing of a previous user stays). */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    networkMode: 'always',
    onSuccess: (result) => {
      if (result.requiresVerification) return;
      // Queries only: queued offline work in the mutation cache is not thrown away.
      emptyQueryCache(queryClient, isCurrentUserQuery);
      queryClient.setQueryData(authKeys.me(), result.user);
    },
  });
}
