import { Hono, type Context } from 'hono';
import { roleAtLeast } from '@shared/roles';
import { idParamSchema } from '@shared/date-schemas';
import { paymentCheckoutSchema } from '@shared/payment-schemas';
import type { AppEnv } from '../../../platform/env';
import { readSession } from '../../../platform/session-cookies';
import { validate } from '../../../platform/validation';
import { findOwnedBooking, findVisibleBooking } from '../../bookings';
import { openCheckout, paymentSummary } from '../sessions';

/**
 * A booking's online payments (decision 071), under /api/booking-submissions/:id/payments:
 *
 * - GET -> `{ depositDueBaisa, paidBaisa, dueNowBaisa, outstandingBaisa, purpose,
 *   onlineAvailable, sessions, refunds }`: staff, or the booking's own guest (its account, or a
 *   device it was granted to); anyone else 404, as the folio.
 * - POST `{ purpose? }` (the same people) -> 201 `{ sessionId, checkoutUrl, amountBaisa }`: a
 *   checkout at the provider for the deposit still due or the balance; an open one of the same
 *   amount is answered again (200). 409 `booking_not_open`, 409 `payment_nothing_due`, 409
 *   `payment_below_minimum` (less than the provider's least order: paid at the hotel), 429,
 *   503 `payments_unavailable`, 502 `payment_provider_failed`.
 */
async function accessibleBooking(c: Context<AppEnv>, id: number) {
  const session = await readSession(c);
  if (session && roleAtLeast(session.user.role, 'staff')) {
    return { booking: await findVisibleBooking(c.get('db'), session.user, id), actor: session.user };
  }
  return { booking: await findOwnedBooking(c, id), actor: session?.user ?? null };
}

export const bookingPaymentRoutes = new Hono<AppEnv>()
  .get('/:id/payments', validate('param', idParamSchema), async (c) => {
    const { booking } = await accessibleBooking(c, c.req.valid('param').id);
    c.header('Cache-Control', 'private, no-store');
    return c.json(await paymentSummary(c.env, c.get('db'), booking));
  })
  .post(
    '/:id/payments',
    validate('param', idParamSchema),
    validate('json', paymentCheckoutSchema),
    async (c) => {
      const { booking, actor } = await accessibleBooking(c, c.req.valid('param').id);
      const opened = await openCheckout(c.env, c.get('db'), {
        origin: new URL(c.req.url).origin,
        booking,
        purpose: c.req.valid('json').purpose,
        actor,
        language: c.get('language'),
        ctx: c.executionCtx,
      });
      c.header('Cache-Control', 'no-store');
      const { reused, ...body } = opened;
      return c.json(body, reused ? 200 : 201);
    },
  );
