import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, readJson } from '@/lib/api-client';

/** Query keys of the hotel's WhatsApp templates (front desk, managers, admins). */
export const whatsappTemplateKeys = { all: ['admin', 'whatsapp', 'templates'] as const };

/** GET /api/admin/whatsapp/templates: the templates with their approval as last read from WhatsApp. */
export function getWhatsAppTemplates() {
  return readJson(() => api.admin.whatsapp.templates.$get());
}
export type WhatsAppTemplates = Awaited<ReturnType<typeof getWhatsAppTemplates>>;

export const whatsappTemplatesQueryOptions = () =>
  queryOptions({
    queryKey: whatsappTemplateKeys.all,
    queryFn: getWhatsAppTemplates,
    // Fresh for a few seconds: the answer the route's prefetch took is shown as the screen mounts.
    staleTime: 5_000,
    meta: { persist: false },
  });

export function useWhatsAppTemplates() {
  return useQuery(whatsappTemplatesQueryOptions());
}

/** What the screen shows first: started with its code (app/more-routes.tsx). */
export const whatsappTemplatesFirstQueries = () => [whatsappTemplatesQueryOptions()];

/** POST /api/admin/whatsapp/templates/refresh: read the approvals from WhatsApp again. */
export function useRefreshWhatsAppTemplates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => readJson(api.admin.whatsapp.templates.refresh.$post()),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: whatsappTemplateKeys.all }),
  });
}
