import { useLingui } from '@lingui/react/macro';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLanguage } from '@/hooks/use-language';
import { api, readJson } from '@/lib/api-client';

/**
 * GET /api/site-settings: the hotel's name, contacts, address, links, check-in/out
 * times and maintenance mode. Kept in the persisted query cache, so an
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

/**
 * The hotel's name in the active language, as the admin set it (site settings); "Al Maabila
 * Hotel" (translated) until the settings have loaded. One rule for the header, the footer, the
 * login screen and the location-sharing message.
 */
export function useHotelName(): string {
  const { t } = useLingui();
  const language = useLanguage();
  const settings = useSiteSettings().data;
  if (!settings) return t`Al Maabila Hotel`;
  return language === 'ar' ? settings.siteNameAr : settings.siteName;
}
