import { useMutation } from '@tanstack/react-query';
import { api, readJson } from '@/lib/api-client';

/**
 * POST /api/admin/statistics/access {password} (admins): the server checks the statistics
 * password and grants this session 30 minutes of access; 401 wrong password, 429 too many
 * tries (admin spec section 7; time-out 15 s through the client).
 */
export function openStatisticsGate(password: string) {
  return readJson(api.admin.statistics.access.$post({ json: { password } }));
}

export function useOpenStatisticsGate() {
  return useMutation({ mutationFn: openStatisticsGate, networkMode: 'always' });
}
