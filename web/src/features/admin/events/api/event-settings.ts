import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';
import { api, readJson } from '../../../../lib/api-client';
import { eventAdminKeys } from './event-keys';

/** GET /api/event-settings (public): whether each event takes entries. */
export function getEventSettings() {
  return readJson(api['event-settings'].$get());
}

export const eventSettingsQueryOptions = () =>
  queryOptions({ queryKey: eventAdminKeys.settings(), queryFn: getEventSettings, staleTime: 30_000 });

export function useEventSettings() {
  return useQuery(eventSettingsQueryOptions());
}

type SettingChange = InferRequestType<(typeof api)['event-settings'][':eventType']['$put']>;

/** PUT /api/event-settings/:eventType { isEnabled } (admins only; staff get 403). */
export function updateEventSetting({ eventType, isEnabled }: SettingChange['param'] & SettingChange['json']) {
  return readJson(api['event-settings'][':eventType'].$put({ param: { eventType }, json: { isEnabled } }));
}

export function useUpdateEventSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEventSetting,
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventAdminKeys.settings() }),
  });
}
