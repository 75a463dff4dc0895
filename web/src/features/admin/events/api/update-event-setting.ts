import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';
import { eventKeys } from '@/entities/events/event-keys';
import { api, readJson } from '@/lib/api-client';

type SettingChange = InferRequestType<(typeof api)['event-settings'][':eventType']['$put']>;

/**
 * PUT /api/event-settings/:eventType { isEnabled?, requirePhoneVerification? } (admins only;
 * staff get 403).
 */
export function updateEventSetting({ eventType, ...change }: SettingChange['param'] & SettingChange['json']) {
  return readJson(api['event-settings'][':eventType'].$put({ param: { eventType }, json: change }));
}

export function useUpdateEventSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEventSetting,
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventKeys.settings() }),
  });
}
