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

/** POST /api/dev/payments/:sessionId/complete (development): the fake provider's buttons. */
export const fakePaymentCompletionSchema = z.object({
  outcome: z.enum(['paid', 'declined'], { error: 'validation_failed' }),
});
