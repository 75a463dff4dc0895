import { PAYMENT_SESSION_STATUSES, type PaymentSessionStatus } from '@shared/payments';

/** The list's filters as the screen keeps them (empty: not filtered). */
export type PaymentFilters = { from: string; to: string; status: PaymentSessionStatus | ''; q: string };
export const NO_FILTERS: PaymentFilters = { from: '', to: '', status: '', q: '' };

/** The filters as the API's query: an empty one left out, the typed search trimmed. */
export function paymentQuery(filters: PaymentFilters): Record<string, string> {
  const query: Record<string, string> = {};
  if (filters.from) query.from = filters.from;
  if (filters.to) query.to = filters.to;
  if (filters.status && (PAYMENT_SESSION_STATUSES as readonly string[]).includes(filters.status)) {
    query.status = filters.status;
  }
  const q = filters.q.trim();
  if (q) query.q = q;
  return query;
}
