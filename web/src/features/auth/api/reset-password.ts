import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, readJson } from '@/lib/api-client';
import { emptyQueryCache } from '@/lib/query-client';
import { signedInAs } from '@/entities/session/use-current-user';
import { authKeys, isCurrentUserQuery } from '@/entities/session/auth-keys';

export type ResetPasswordInput = { email: string; code: string; password: string };

/**
 * POST /api/auth/reset-password: the e-mailed code and a new password. The server
 * ends every session of the account and signs this device in (cookie).
 */
export function resetPassword(input: ResetPasswordInput) {
  return readJson(api.auth['reset-password'].$post({ json: input }));
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    networkMode: 'always',
    onSuccess: ({ user, sessionExpiresAt }) => {
      // As after a login: nothing of an earlier session stays in the cache.
      emptyQueryCache(queryClient, isCurrentUserQuery);
      queryClient.setQueryData(authKeys.me(), signedInAs(user, sessionExpiresAt));
    },
  });
}
