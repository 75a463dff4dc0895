import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, readJson } from '@/lib/api-client';
import { chatQaKeys } from './chat-qa-keys';

/** DELETE /api/admin/custom-chat-qa/:id (admins only; audited). */
export function deleteChatQa(id: number) {
  return readJson(api.admin['custom-chat-qa'][':id'].$delete({ param: { id: String(id) } }));
}

export function useDeleteChatQa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteChatQa,
    onSettled: () => queryClient.invalidateQueries({ queryKey: chatQaKeys.all }),
  });
}
