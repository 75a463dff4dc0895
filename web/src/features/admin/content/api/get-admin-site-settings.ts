import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, readJson } from '@/lib/api-client';

/**
 * GET /api/admin/site-settings (admins): the settings with what only admins see, the staff's
 * address for new booking requests (never in the public settings).
 */
export function getAdminSiteSettings() {
  return readJson(() => api.admin['site-settings'].$get());
}

export type AdminSiteSettings = Awaited<ReturnType<typeof getAdminSiteSettings>>;

export const adminSiteSettingsKeys = { all: ['admin', 'site-settings'] as const };

export function useAdminSiteSettings() {
  return useQuery(
    queryOptions({ queryKey: adminSiteSettingsKeys.all, queryFn: getAdminSiteSettings, staleTime: 0 }),
  );
}
