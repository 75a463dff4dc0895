import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';
import { api, readJson } from '@/lib/api-client';

/** Query keys of the tax settings (managers read them, admins change them). */
export const taxKeys = { all: ['admin', 'taxes'] as const };

/** GET /api/admin/taxes (managers): prices with or without taxes, the supplier, and the taxes. */
export function getTaxSettings() {
  return readJson(() => api.admin.taxes.$get());
}
export type TaxSettings = Awaited<ReturnType<typeof getTaxSettings>>;
export type TaxSettingsBody = InferRequestType<(typeof api.admin.taxes)['$put']>['json'];

export const taxSettingsQueryOptions = () =>
  queryOptions({
    queryKey: taxKeys.all,
    queryFn: getTaxSettings,
    // Fresh for a few seconds: the answer the route's prefetch took is shown as the screen mounts,
    // not asked again (docs/decisions/070-first-requests-in-the-html.md).
    staleTime: 5_000,
    // The settings are edited here only: not kept on the device.
    meta: { persist: false },
  });

export function useTaxSettings() {
  return useQuery(taxSettingsQueryOptions());
}

/** What the screen shows first: started with its code (app/more-routes.tsx). */
export const taxSettingsFirstQueries = () => [taxSettingsQueryOptions()];

/** PUT /api/admin/taxes (admins): the whole settings, the list of taxes replaced, audited. */
export function saveTaxSettings(body: TaxSettingsBody) {
  return readJson(api.admin.taxes.$put({ json: body }));
}

export function useSaveTaxSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTaxSettings,
    networkMode: 'always',
    onSuccess: (saved) => {
      const { message: _message, ...settings } = saved;
      queryClient.setQueryData(taxKeys.all, settings);
    },
  });
}
