import { z } from './zod';
import { PAYMENT_PURPOSES } from './payments';

/**
 * POST /api/booking-submissions/:id/payments: what the guest pays now. Without a purpose, the
 * deposit still due, or the balance when no deposit is (decision 071).
 */
export const paymentCheckoutSchema = z.object({
  purpose: z.enum(PAYMENT_PURPOSES, { error: 'payment_purpose_invalid' }).optional(),
});
export type PaymentCheckoutInput = z.infer<typeof paymentCheckoutSchema>;

/**
 * POST /api/dev/payments/:sessionId/complete (development): the fake provider's page's buttons.
 * `paid`: the guest pays; `declined`: a card declined (the session stays open for another try);
 * `cancelled`: the session ends unpaid. `deliver: false` answers the webhooks signed instead of
 * sending them (a test delivers them itself, in any order or more than once).
 */
export const fakePaymentCompletionSchema = z.object({
  outcome: z.enum(['paid', 'declined', 'cancelled'], { error: 'validation_failed' }),
  deliver: z.boolean({ error: 'validation_failed' }).optional(),
});
