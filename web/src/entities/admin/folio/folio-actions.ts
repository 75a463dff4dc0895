import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  FolioChargeInput,
  FolioCorrectionInput,
  FolioPaymentInput,
  FolioRefundInput,
} from '@shared/folio-schemas';
import { adminBookingKeys } from '@/entities/admin/bookings/booking-keys';
import { folioKeys } from '@/entities/folio/get-folio';
import { api, readJson } from '@/lib/api-client';

/**
 * Staff's moves on a folio (POST /api/booking-submissions/:id/folio/charges | payments |
 * corrections | refunds), each sent with an `Idempotency-Key` made for that one action: a tablet
 * that sends again after a lost answer posts the cash once.
 */
export type FolioAction =
  | { kind: 'charge'; body: FolioChargeInput }
  | { kind: 'payment'; body: FolioPaymentInput }
  | { kind: 'correction'; body: FolioCorrectionInput }
  | { kind: 'refund'; body: FolioRefundInput };

/**
 * What a posting answers (201): the staff's sentence and the balance after it. (The route answers
 * through the idempotency helper, so its body's type is not carried by the client.)
 */
export type FolioPosted = { message: string; balanceBaisa: number };

export function postFolioAction(bookingId: number, action: FolioAction, key: string): Promise<FolioPosted> {
  return post(bookingId, action, key) as Promise<FolioPosted>;
}

function post(bookingId: number, action: FolioAction, key: string) {
  const folio = api['booking-submissions'][':id'].folio;
  const param = { id: String(bookingId) };
  const init = { headers: { 'Idempotency-Key': key } };
  switch (action.kind) {
    case 'charge':
      return readJson(folio.charges.$post({ param, json: action.body }, init));
    case 'payment':
      return readJson(folio.payments.$post({ param, json: action.body }, init));
    case 'correction':
      return readJson(folio.corrections.$post({ param, json: action.body }, init));
    case 'refund':
      return readJson(folio.refunds.$post({ param, json: action.body }, init));
  }
}

/** A move as a mutation: the folio and the desk's balances are asked again once it is settled. */
export function useFolioAction(bookingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, key }: { action: FolioAction; key: string }) =>
      postFolioAction(bookingId, action, key),
    networkMode: 'always',
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: folioKeys.detail(bookingId) }),
        queryClient.invalidateQueries({ queryKey: adminBookingKeys.all }),
      ]),
  });
}
