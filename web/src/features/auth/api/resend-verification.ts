import { useMutation } from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';
import { api, readJson } from '@/lib/api-client';

/** POST /api/auth/resend-verification: a new code by e-mail; 429 too_many_requests when asked too often. */
export function resendVerification(
  input: InferRequestType<(typeof api.auth)['resend-verification']['$post']>['json'],
) {
  return readJson(api.auth['resend-verification'].$post({ json: input }));
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification, networkMode: 'always' });
}
