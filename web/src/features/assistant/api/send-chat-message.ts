import { useMutation } from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';
import { api, readJson } from '@/lib/api-client';

export type ChatRequestBody = InferRequestType<typeof api.chat.$post>['json'];

/**
 * POST /api/chat (guest spec section 7): the message, the device's conversation id,
 * the language, the context 'hotel_assistant', the last bookingState and isBot false.
 * Answers `{ response, bookingState }` in the language asked.
 */
export function sendChatMessage(body: ChatRequestBody) {
  return readJson(api.chat.$post({ json: body }));
}

export type ChatAnswer = Awaited<ReturnType<typeof sendChatMessage>>;
export type BookingState = ChatAnswer['bookingState'];

export function useSendChatMessage() {
  // Never paused for the network: offline, the modal keeps the message and says why.
  return useMutation({ mutationFn: sendChatMessage, networkMode: 'always', retry: false });
}
