import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminBookingKeys } from '@/entities/admin/bookings/booking-keys';
import { postFolioAction } from '@/entities/admin/folio/folio-actions';
import { folioKeys } from '@/entities/folio/get-folio';
import { api, ApiRequestError, errorCode, readJson } from '@/lib/api-client';

/**
 * POST /api/booking-submissions/:id/check-out: posts any night not yet on the folio, then checks
 * the guest out if the balance is zero, or moves it to a company account (`cityLedgerAccountId`);
 * otherwise 409 `balance_due` with the balance.
 */
export function checkOut({ id, cityLedgerAccountId }: { id: number; cityLedgerAccountId?: number }) {
  return readJson(
    api['booking-submissions'][':id']['check-out'].$post({
      param: { id: String(id) },
      json: cityLedgerAccountId === undefined ? {} : { cityLedgerAccountId },
    }),
  );
}
export type CheckOutResult = Awaited<ReturnType<typeof checkOut>>;

/** The balance a `balance_due` refusal names (null for any other error). */
export function balanceDueOf(error: unknown): number | null {
  if (!(error instanceof ApiRequestError) || errorCode(error) !== BALANCE_DUE) return null;
  const balance = (error.body?.error as { balanceBaisa?: unknown } | undefined)?.balanceBaisa;
  return typeof balance === 'number' ? balance : null;
}
const BALANCE_DUE = 'balance_due';

/** The invoice a check-out issued, if its answer names one (printed from /invoices/:id). */
export function invoiceIdOf(result: unknown): number | null {
  const answer = result as { invoiceId?: unknown; invoice?: { id?: unknown } | null } | null;
  const id = answer?.invoiceId ?? answer?.invoice?.id;
  return typeof id === 'number' ? id : null;
}

/**
 * The check-out, or the balance taken first: a desk payment of `payment` (with its idempotency
 * key: a retry after a lost answer takes the cash once), then the check-out.
 */
export function useCheckOut(bookingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      payment,
      cityLedgerAccountId,
    }: {
      payment?: { method: 'cash' | 'card' | 'bank_transfer'; amountBaisa: number; key: string };
      cityLedgerAccountId?: number;
    }) => {
      if (payment) {
        const { key, ...body } = payment;
        await postFolioAction(bookingId, { kind: 'payment', body }, key);
      }
      return checkOut({ id: bookingId, cityLedgerAccountId });
    },
    networkMode: 'always',
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminBookingKeys.all }),
        queryClient.invalidateQueries({ queryKey: folioKeys.detail(bookingId) }),
      ]),
  });
}

/**
 * GET /api/admin/city-ledger: the company accounts a balance may be moved to. Not every member of
 * staff may read them; the check-out then offers the payment only.
 */
export const companyAccountsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'city-ledger', 'accounts'] as const,
    queryFn: async () => (await readJson(api.admin['city-ledger'].$get())).accounts,
    staleTime: 60_000,
    meta: { persist: false },
  });

export function useCompanyAccounts(enabled: boolean) {
  return useQuery({ ...companyAccountsQueryOptions(), enabled });
}
