import { useMutation } from '@tanstack/react-query';
import type { RegisterInput } from '../../../../../shared/src/auth-schemas';
import { requestJson } from '../../../lib/api-client';

export type RegisterResult = { message: string; requiresVerification: boolean; email?: string };

/** POST /api/auth/register: creates the account and e-mails a six-digit code (201), or 409 email_taken. */
export function register(input: RegisterInput) {
  return requestJson<RegisterResult>('/auth/register', { method: 'POST', body: input });
}

// networkMode 'always': offline, the call fails at once with a message instead of waiting silently.
export function useRegister() {
  return useMutation({ mutationFn: register, networkMode: 'always' });
}
