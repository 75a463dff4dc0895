import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';
import { api, readJson } from '@/lib/api-client';
import { signedInAs } from '@/entities/session/use-current-user';
import { authKeys } from '@/entities/session/auth-keys';

/** POST /api/auth/verify-email: a right code confirms the address and signs the user in (cookie). */
export function verifyEmail(input: InferRequestType<(typeof api.auth)['verify-email']['$post']>['json']) {
  return readJson(api.auth['verify-email'].$post({ json: input }));
}

/** Spec: after verifying, the current-user data is refreshed (here: set from the answer). */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    networkMode: 'always',
    onSuccess: ({ user, sessionExpiresAt }) => {
      queryClient.setQueryData(authKeys.me(), signedInAs(user, sessionExpiresAt));
    },
  });
}
