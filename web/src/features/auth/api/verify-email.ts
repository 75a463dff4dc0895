import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionUser } from '../../../../../shared/src/auth-schemas';
import { requestJson } from '../../../lib/api-client';
import { authKeys } from './auth-keys';

export type VerifyEmailInput = { email: string; verificationCode: string };
export type VerifyEmailResult = { message: string; user: SessionUser };

/** POST /api/auth/verify-email: a right code confirms the address and signs the user in (cookie). */
export function verifyEmail(input: VerifyEmailInput) {
  return requestJson<VerifyEmailResult>('/auth/verify-email', { method: 'POST', body: input });
}

/** Spec: after verifying, the current-user data is refreshed (here: set from the answer). */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    networkMode: 'always',
    onSuccess: ({ user }) => {
      queryClient.setQueryData(authKeys.me(), user);
    },
  });
}
