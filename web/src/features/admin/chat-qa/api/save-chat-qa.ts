import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';
import { api, readJson } from '@/lib/api-client';
import { chatQaKeys } from './chat-qa-keys';

export type ChatQaInput = InferRequestType<(typeof api.admin)['custom-chat-qa']['$post']>['json'];

/**
 * POST /api/admin/custom-chat-qa (a new entry) or PUT /api/admin/custom-chat-qa/:id
 * (the spec's admin variant: every field resent, the active switch included).
 */
export function saveChatQa({ id, ...json }: ChatQaInput & { id?: number }) {
  const route = api.admin['custom-chat-qa'];
  return id === undefined
    ? readJson(route.$post({ json }))
    : readJson(route[':id'].$put({ param: { id: String(id) }, json }));
}

export function useSaveChatQa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveChatQa,
    onSettled: () => queryClient.invalidateQueries({ queryKey: chatQaKeys.all }),
  });
}
