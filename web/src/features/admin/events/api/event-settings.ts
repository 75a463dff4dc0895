import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EventType } from '../../../../../../shared/src/constants';
import { requestJson } from '../../../../lib/api-client';
import { eventAdminKeys } from './event-keys';

export type EventSetting = { eventType: EventType; isEnabled: boolean };

/** GET /api/event-settings (public): whether each event takes entries. */
export function getEventSettings() {
  return requestJson<EventSetting[]>('/event-settings');
}

export const eventSettingsQueryOptions = () =>
  queryOptions({ queryKey: eventAdminKeys.settings(), queryFn: getEventSettings, staleTime: 30_000 });

export function useEventSettings() {
  return useQuery(eventSettingsQueryOptions());
}

/** PUT /api/event-settings/:eventType { isEnabled } (admins only; staff get 403). */
export function updateEventSetting({ eventType, isEnabled }: EventSetting) {
  return requestJson<EventSetting>(`/event-settings/${eventType}`, { method: 'PUT', body: { isEnabled } });
}

export function useUpdateEventSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEventSetting,
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventAdminKeys.settings() }),
  });
}
