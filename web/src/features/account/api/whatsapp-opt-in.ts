import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, readJson } from '@/lib/api-client';

export const whatsappOptInKeys = { all: ['account', 'whatsapp-opt-in'] as const };

/** GET /api/whatsapp/opt-in/phones: the account's verified phones with their "updates on WhatsApp". */
export function getWhatsAppPhones() {
  return readJson(() => api.whatsapp['opt-in'].phones.$get());
}

export const whatsappPhonesQueryOptions = () =>
  queryOptions({ queryKey: whatsappOptInKeys.all, queryFn: getWhatsAppPhones, meta: { persist: false } });

export function useWhatsAppPhones() {
  return useQuery(whatsappPhonesQueryOptions());
}

/** PUT /api/whatsapp/opt-in: turn a verified phone's updates on or off. */
export function useSetWhatsAppOptIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (json: { phone: string; optIn: boolean }) => readJson(api.whatsapp['opt-in'].$put({ json })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: whatsappOptInKeys.all }),
  });
}
