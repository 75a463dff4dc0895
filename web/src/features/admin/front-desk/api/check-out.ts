import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { departureOnCheckOut } from '@shared/early-departure';
import { adminBookingKeys } from '@/entities/admin/bookings/booking-keys';
import { postFolioAction } from '@/entities/admin/folio/folio-actions';
import { folioKeys } from '@/entities/folio/get-folio';
import { api, ApiRequestError, errorCode, readJson } from '@/lib/api-client';
import type { DeskBooking } from './front-desk';

/**
 * POST /api/booking-submissions/:id/check-out: posts any night not yet on the folio, then checks
 * the guest out if the balance is zero, or moves it to a company account (`cityLedgerAccountId`);
 * otherwise 409 `balance_due` (or `balance_in_credit`, the hotel owing the guest) with the balance.
 * A non-refundable stay leaving early keeps its unused prepaid nights unless a manager refunds
 * them, with a reason (`refundUnusedNights`).
 */
export function checkOut({
  id,
  cityLedgerAccountId,
  refundUnusedNights,
}: {
  id: number;
  cityLedgerAccountId?: number;
  refundUnusedNights?: { reason: string };
}) {
  return readJson(
    api['booking-submissions'][':id']['check-out'].$post({
      param: { id: String(id) },
      json: {
        ...(cityLedgerAccountId !== undefined && { cityLedgerAccountId }),
        ...(refundUnusedNights && { refundUnusedNights }),
      },
    }),
  );
}
export type CheckOutResult = Awaited<ReturnType<typeof checkOut>>;

/** The balance a `balance_due` or `balance_in_credit` refusal names (null for any other error). */
export function balanceDueOf(error: unknown): number | null {
  if (!(error instanceof ApiRequestError) || !BALANCE_REFUSALS.includes(errorCode(error) ?? '')) return null;
  const balance = (error.body?.error as { balanceBaisa?: unknown } | undefined)?.balanceBaisa;
  return typeof balance === 'number' ? balance : null;
}
const BALANCE_REFUSALS = ['balance_due', 'balance_in_credit'];

/**
 * What the check-out will ask on `today`, as the server works it out: the folio's balance with the
 * nights stayed not yet posted; for a non-refundable stay leaving early, what was paid for the
 * nights given up kept (up to the credit), unless a manager refunds them (`refundUnused`).
 */
export function dueAtCheckOut(
  booking: Pick<
    DeskBooking,
    | 'balanceBaisa'
    | 'nightsToCome'
    | 'nonRefundable'
    | 'checkInDate'
    | 'checkOutDate'
    | 'totalPrice'
    | 'nightPrices'
    | 'priceOverrideBaisa'
  >,
  today: string,
  refundUnused = false,
) {
  const leaving = departureOnCheckOut(booking, today);
  const stayed = booking.nightsToCome
    .filter((n) => n.night < leaving.checkOutDate)
    .reduce((sum, n) => sum + n.amountBaisa, 0);
  const due = booking.balanceBaisa + stayed;
  const unusedBaisa =
    leaving.early && booking.nonRefundable ? (booking.totalPrice ?? 0) - (leaving.totalPrice ?? 0) : 0;
  const keptBaisa = refundUnused ? 0 : Math.min(unusedBaisa, Math.max(0, -due));
  return { dueBaisa: due + keptBaisa, keptBaisa, unusedBaisa };
}

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
      refundUnusedNights,
    }: {
      payment?: {
        method: 'cash' | 'card' | 'bank_transfer';
        amountBaisa: number;
        key: string;
        /** A card's terminal approval code. */
        approvalCode?: string;
      };
      cityLedgerAccountId?: number;
      refundUnusedNights?: { reason: string };
    }) => {
      if (payment) {
        const { key, ...body } = payment;
        await postFolioAction(bookingId, { kind: 'payment', body }, key);
      }
      return checkOut({ id: bookingId, cityLedgerAccountId, refundUnusedNights });
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
