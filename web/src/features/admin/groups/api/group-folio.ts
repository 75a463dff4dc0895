import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FolioLine } from '@/entities/folio/get-folio';
import { ApiRequestError } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';
import { TIMING } from '@shared/constants';
import { groupKeys } from './groups';

/** An invoice of the group's folio (to its company), printable at /invoices/:id. */
export type GroupInvoice = { id: number; number: string };

/**
 * GET /api/admin/groups/:id/folio (a master-billed block): the group's own folio, the same lines
 * and balance as a stay's (its members' room nights and their taxes), and its invoices.
 */
export type GroupFolio = {
  balanceBaisa: number;
  lines: FolioLine[];
  invoice?: GroupInvoice | null;
  invoices?: GroupInvoice[];
};

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const res = await fetch(`/api/admin/groups${path}`, {
    method,
    credentials: 'include',
    headers: {
      'Accept-Language': currentLanguage(),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(TIMING.fetchTimeout),
  });
  const json: unknown = await res.json().catch(() => null);
  if (!res.ok) throw ApiRequestError.of(res.status, json);
  return json as T;
}

export const groupFolioQueryOptions = (id: number) =>
  queryOptions({
    queryKey: groupKeys.folio(id),
    queryFn: () => call<GroupFolio>('GET', `/${id}/folio`),
    staleTime: 0,
    meta: { persist: false },
  });

export function useGroupFolio(id: number, enabled: boolean) {
  return useQuery({ ...groupFolioQueryOptions(id), enabled });
}

/** The invoices a folio answer names (one, or a list), newest last. */
export const folioInvoices = (folio: GroupFolio): GroupInvoice[] =>
  folio.invoices ?? (folio.invoice ? [folio.invoice] : []);

/**
 * POST /api/admin/groups/:id/folio/invoice (one tax invoice to the company) or .../transfer
 * (the balance to the company's city-ledger account).
 */
export function useGroupFolioAction(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: 'invoice' | 'transfer') =>
      call<{ message?: string; invoice?: GroupInvoice }>('POST', `/${id}/folio/${action}`, {}),
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: groupKeys.folio(id) }),
  });
}
