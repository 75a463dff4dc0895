import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FolioLine } from '@/entities/folio/get-folio';
import { api, readJson } from '@/lib/api-client';
import { groupKeys } from './groups';

/** An invoice (or credit note) of the group's folio, to its company, printable at /invoices/:id. */
export type GroupInvoice = { id: number; number: string; kind?: 'invoice' | 'credit_note' };

/**
 * GET /api/admin/groups/:id/folio (a master-billed block): the group's own folio, the same lines
 * and balance as a stay's (its members' room nights and their taxes), and its invoices.
 */
export type GroupFolio = {
  balanceBaisa: number;
  companyName?: string | null;
  /** Each line names the member it is for. */
  lines: (FolioLine & { guestName?: string; bookingReference?: string })[];
  invoices: GroupInvoice[];
};

const groups = api.admin.groups;

export const groupFolioQueryOptions = (id: number) =>
  queryOptions({
    queryKey: groupKeys.folio(id),
    queryFn: async (): Promise<GroupFolio> =>
      (await readJson(() => groups[':id'].folio.$get({ param: { id: String(id) } }))) as GroupFolio,
    staleTime: 0,
    meta: { persist: false },
  });

export function useGroupFolio(id: number, enabled: boolean) {
  return useQuery({ ...groupFolioQueryOptions(id), enabled });
}

/**
 * POST /api/admin/groups/:id/folio/invoices (one tax invoice to the company) or .../transfer
 * (the balance to the company's city-ledger account).
 */
export function useGroupFolioAction(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: 'invoice' | 'transfer'): Promise<{ message?: string }> =>
      action === 'invoice'
        ? readJson(groups[':id'].folio.invoices.$post({ param: { id: String(id) } }))
        : readJson(groups[':id'].folio.transfer.$post({ param: { id: String(id) } })),
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: groupKeys.folio(id) }),
  });
}
