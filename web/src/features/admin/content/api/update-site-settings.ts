import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';
import { api, readJson } from '@/lib/api-client';
import { siteSettingsKeys } from '@/entities/site-settings/get-site-settings';
import { adminSiteSettingsKeys } from './get-admin-site-settings';

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
    // Everyone on this device sees the new settings at once (footer, header, maintenance); the
    // staff's alert address stays out of the public settings' cache.
    onSuccess: (result) => {
      const { bookingAlertEmail: _adminOnly, ...settings } = result.settings;
      queryClient.setQueryData(siteSettingsKeys.all, settings);
      queryClient.setQueryData(adminSiteSettingsKeys.all, result.settings);
    },
  });
}
