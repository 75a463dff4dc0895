import { useMutation } from '@tanstack/react-query';
import { api, readJson } from '@/lib/api-client';

/**
 * POST /api/auth/forgot-password: a reset code by e-mail. The answer is the same
 * whether or not the address has an account; 429 when asked again too soon.
 */
export function forgotPassword(input: { email: string }) {
  return readJson(api.auth['forgot-password'].$post({ json: input }));
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword, networkMode: 'always' });
}
