import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';
import { api, readJson } from '@/lib/api-client';
import { siteSettingsKeys } from '@/entities/site-settings/get-site-settings';

export type SiteSettingsBody = InferRequestType<(typeof api.admin)['site-settings']['$put']>['json'];

/** PUT /api/admin/site-settings (admins): the whole settings row, audited. */
export function updateSiteSettings(input: SiteSettingsBody) {
  return readJson(api.admin['site-settings'].$put({ json: input }));
}

export function useUpdateSiteSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSiteSettings,
    networkMode: 'always',
    // Everyone on this device sees the new settings at once (footer, header, maintenance).
    onSuccess: (result) => queryClient.setQueryData(siteSettingsKeys.all, result.settings),
  });
}
