import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionUser } from '../../../../../shared/src/auth-schemas';
import { ApiRequestError, type ApiErrorBody, sendJson } from '../../../lib/api-client';
import { emptyQueryCache } from '../../../lib/query-client';
import { authKeys, isCurrentUserQuery } from './auth-keys';

export type LoginInput = { email: string; password: string };

export type LoginResult =
  | { requiresVerification: false; message: string; email: string; user: SessionUser }
  /** The account exists but its e-mail is not confirmed; the server has sent a fresh code. */
  | { requiresVerification: true; message: string; email: string };

/**
 * POST /api/auth/login. A 403 that says `requiresVerification` is an answer,
 * not a failure: the screen sends the guest to confirm the e-mail. Anything
 * else non-OK (401 invalid_credentials, 403 account_disabled, 429) throws.
 */
export async function login(input: LoginInput): Promise<LoginResult> {
  const res = await sendJson('/auth/login', { method: 'POST', body: input });
  const body = (await res.json().catch(() => null)) as
    (Partial<ApiErrorBody> & { requiresVerification?: boolean; message?: string; email?: string }) | null;
  if (res.status === 403 && body?.requiresVerification) {
    return {
      requiresVerification: true,
      message: body.message ?? body.error?.message ?? '',
      email: body.email ?? input.email,
    };
  }
  if (!res.ok) throw new ApiRequestError(res.status, body?.error ? (body as ApiErrorBody) : null);
  return body as LoginResult;
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
