import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, readJson } from '@/lib/api-client';

/** Query keys of a booking's folio (staff and the booking's own guest read the same answer). */
export const folioKeys = {
  all: ['folio'] as const,
  detail: (bookingId: number) => [...folioKeys.all, bookingId] as const,
};

/**
 * GET /api/booking-submissions/:id/folio (staff, and the booking's own guest): the balance and
 * every line, oldest first. Nothing is edited or deleted: a correction and a refund are lines of
 * their own pointing at the line they undo.
 */
export function getFolio(bookingId: number) {
  return readJson(api['booking-submissions'][':id'].folio.$get({ param: { id: String(bookingId) } }));
}
export type Folio = Awaited<ReturnType<typeof getFolio>>;
export type FolioLine = Folio['lines'][number];

export const folioQueryOptions = (bookingId: number) =>
  queryOptions({ queryKey: folioKeys.detail(bookingId), queryFn: () => getFolio(bookingId), staleTime: 0 });

export function useFolio(bookingId: number, enabled = true) {
  return useQuery({ ...folioQueryOptions(bookingId), enabled });
}

/**
 * The charges reversed in full already. A charge may be corrected in parts (partial credit notes
 * of its invoice): one with something left may still be corrected (what is left).
 */
export function correctedLineIds(lines: readonly FolioLine[]): Set<number> {
  const left = new Map<number, number>();
  for (const line of lines) {
    if (line.kind === 'charge') left.set(line.id, (left.get(line.id) ?? 0) + line.amountBaisa);
    else if (line.correctsLineId != null)
      left.set(line.correctsLineId, (left.get(line.correctsLineId) ?? 0) + line.amountBaisa);
  }
  return new Set([...left].filter(([, amount]) => amount <= 0).map(([id]) => id));
}

/** What of a payment may still be refunded: its amount less the refunds already made of it. */
export function refundableBaisa(lines: readonly FolioLine[], payment: FolioLine): number {
  const refunded = lines
    .filter((line) => line.kind === 'refund' && line.refundsLineId === payment.id)
    .reduce((sum, line) => sum + line.amountBaisa, 0);
  return Math.max(0, payment.amountBaisa - refunded);
}

/** A line's tax, all its taxes together (0 for payments, refunds and transfers). */
export const lineTaxBaisa = (line: FolioLine) =>
  (line.taxes ?? []).reduce((sum, tax) => sum + tax.amountBaisa, 0);
