import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, readJson } from '@/lib/api-client';

/**
 * GET /api/chat/conversations/:id (staff): the assistant conversation that made a
 * booking, so staff know what the guest was told.
 */
export function getAssistantConversation(bookingId: number) {
  return readJson(api.chat.conversations[':id'].$get({ param: { id: String(bookingId) } }));
}

export const assistantConversationQueryOptions = (bookingId: number) =>
  queryOptions({
    queryKey: ['admin', 'bookings', 'conversation', bookingId] as const,
    queryFn: () => getAssistantConversation(bookingId),
  });

export function useAssistantConversation(bookingId: number) {
  return useQuery(assistantConversationQueryOptions(bookingId));
}
