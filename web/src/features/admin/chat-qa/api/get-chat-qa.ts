import { queryOptions, useQuery } from '@tanstack/react-query';
import { CHAT_RULES } from '@shared/chat-rules';
import { api, readJson } from '@/lib/api-client';
import { chatQaKeys } from './chat-qa-keys';

/** GET /api/admin/custom-chat-qa (admins only): every entry, newest first. */
export function getChatQa() {
  return readJson(api.admin['custom-chat-qa'].$get());
}

export type ChatQaEntry = Awaited<ReturnType<typeof getChatQa>>[number];

export const chatQaQueryOptions = () =>
  queryOptions({
    queryKey: chatQaKeys.list(),
    queryFn: getChatQa,
    // Admin spec section 9: the Q&A list is polled every 30 s.
    refetchInterval: CHAT_RULES.qaPollMs,
  });

export function useChatQa() {
  return useQuery(chatQaQueryOptions());
}
