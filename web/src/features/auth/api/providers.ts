import { useQuery } from '@tanstack/react-query';
import { api, readJson } from '@/lib/api-client';

/** GET /api/auth/providers: the sign-in methods offered besides e-mail (`{ google }`). */
export function getProviders() {
  return readJson(api.auth.providers.$get());
}

/** Asked once per page load: the server's configuration does not change while the app is open. */
export function useProviders() {
  return useQuery({ queryKey: ['auth', 'providers'], queryFn: getProviders, staleTime: Infinity });
}
