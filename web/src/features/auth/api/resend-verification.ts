import { useMutation } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';

/** POST /api/auth/resend-verification: a new code by e-mail; 429 too_many_requests when asked too often. */
export function resendVerification(input: { email: string }) {
  return requestJson<{ message: string }>('/auth/resend-verification', { method: 'POST', body: input });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification, networkMode: 'always' });
}
