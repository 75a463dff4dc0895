import { queryOptions } from '@tanstack/react-query';
import { api, readJson } from '@/lib/api-client';

/**
 * GET /api/invoices/:id (staff, or the booking's own guest): an issued tax invoice or credit note.
 * The bill names each of its documents by number and total; an issued document never changes.
 */
export function getInvoice(id: number) {
  return readJson(api.invoices[':id'].$get({ param: { id: String(id) } }));
}

export const invoiceQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['invoices', id] as const, queryFn: () => getInvoice(id), staleTime: Infinity });
