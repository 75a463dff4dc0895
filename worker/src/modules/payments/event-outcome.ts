import type { PaymentEventRefusal } from '@shared/payments';

/**
 * What applying one webhook event came to: applied (or a repeat of one applied before, which
 * changes nothing), or refused with the reason kept for staff and the HTTP status the provider gets.
 */
export type EventOutcome =
  | { applied: true; repeat?: boolean }
  | { applied: false; reason: PaymentEventRefusal; status: 400 | 401 | 404 | 409 };
