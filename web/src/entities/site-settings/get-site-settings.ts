import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, readJson } from '../../lib/api-client';

/**
 * GET /api/site-settings: the hotel's name, contacts, address, links, check-in/out
 * times and maintenance mode (issue 14). Kept in the persisted query cache, so an
 * installed app opened offline still shows the contacts (and the maintenance page);
 * checked again every few minutes and when the page comes back into view, so a
 * guest learns of maintenance without reloading.
 */
export function getSiteSettings() {
  return readJson(() => api['site-settings'].$get());
}

export type SiteSettings = Awaited<ReturnType<typeof getSiteSettings>>;

export const siteSettingsKeys = { all: ['site-settings'] as const };

export const siteSettingsQueryOptions = () =>
  queryOptions({
    queryKey: siteSettingsKeys.all,
    queryFn: getSiteSettings,
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
    refetchOnWindowFocus: true,
  });

export function useSiteSettings() {
  return useQuery(siteSettingsQueryOptions());
}
