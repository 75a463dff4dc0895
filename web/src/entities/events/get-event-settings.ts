import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EventType } from '@shared/constants';
import { api, readJson } from '@/lib/api-client';
import { eventKeys } from './event-keys';

/** GET /api/event-settings (public): which prize draws take entries (an admin may switch one off). */
export function getEventSettings() {
  return readJson(api['event-settings'].$get());
}

export const eventSettingsQueryOptions = () =>
  queryOptions({ queryKey: eventKeys.settings(), queryFn: getEventSettings, staleTime: 60_000 });

/**
 * Whether each event is open. Until the answer arrives (or offline with
 * nothing cached) every event counts as open: the server refuses a closed
 * one anyway, and the outbox then shows why.
 */
export function useEventOpen(): (eventType: EventType) => boolean {
  const settings = useQuery(eventSettingsQueryOptions()).data;
  return (eventType) => settings?.find((s) => s.eventType === eventType)?.isEnabled ?? true;
}
