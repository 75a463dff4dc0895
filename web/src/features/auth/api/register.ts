import { useMutation } from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';
import { api, readJson } from '@/lib/api-client';

/**
 * POST /api/auth/register: creates the account and e-mails a six-digit code (201). An address
 * that already has an account gets the same answer (its owner is told by e-mail).
 */
export function register(input: InferRequestType<typeof api.auth.register.$post>['json']) {
  return readJson(api.auth.register.$post({ json: input }));
}

// networkMode 'always': offline, the call fails at once with a message instead of waiting silently.
export function useRegister() {
  return useMutation({ mutationFn: register, networkMode: 'always' });
}
