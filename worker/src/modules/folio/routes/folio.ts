import { Hono, type Context } from 'hono';
import { roleAtLeast } from '@shared/roles';
import { idParamSchema } from '@shared/date-schemas';
import {
  folioChargeSchema,
  folioCorrectionSchema,
  folioPaymentSchema,
  folioRefundSchema,
} from '@shared/folio-schemas';
import { requireRole } from '../../../platform/auth-middleware';
import type { AppEnv } from '../../../platform/env';
import { createdAnswer, type Created } from '../../../platform/idempotency';
import { createdHeaders, idempotencyFrom } from '../../../platform/idempotency-key';
import { translate, type MessageCode } from '../../../platform/messages';
import { readSession } from '../../../platform/session-cookies';
import { validate } from '../../../platform/validation';
import { findOwnedBooking, findVisibleBooking } from '../../bookings';
import { postCharge, postCorrection, postPayment, postRefund, readFolio, type FolioPosted } from '../folio';

/**
 * A booking's folio (modules/folio/folio.ts), under /api/booking-submissions/:id/folio:
 *
 * - GET -> `{ bookingId, balanceBaisa, lines }`: staff, or the booking's own guest (its account,
 *   or a device it was granted to by reference and phone or a signed link); anyone else 404.
 * - POST /charges `{ department, description, quantity?, amountBaisa }`, /payments `{ method,
 *   amountBaisa }`, /corrections `{ lineId, reason }` (an invoiced charge: on a credit note, named
 *   in the answer's `creditNote`), /refunds `{ paymentLineId, amountBaisa, reason }` (a transfer's
 *   id: the credit moved back to that company account) (staff) -> 201 `{ message, line, balanceBaisa }`. An `Idempotency-Key` makes a
 *   retried posting (a tablet's cash payment sent again) one line.
 */
function answer<E extends AppEnv>(c: Context<E>, outcome: Created<FolioPosted>): Response {
  const { body, replayed } = createdAnswer(outcome);
  createdHeaders(c, replayed);
  return c.json(body, 201);
}

const posting = async <E extends AppEnv>(
  c: Context<E>,
  kind: string,
  input: unknown,
  message: MessageCode,
) => ({
  idem: await idempotencyFrom(c, `folio_${kind}:${c.req.param('id')}`, input),
  message: translate(message, c.get('language') as 'ar' | 'en'),
});

/**
 * The folio's routes (above), under /api/booking-submissions/:id/folio.
 *
 * @example
 * api.route('/booking-submissions', folioRoutes); // the entry mounts it
 */
export const folioRoutes = new Hono<AppEnv>()
  .get('/:id/folio', validate('param', idParamSchema), async (c) => {
    const { id } = c.req.valid('param');
    const session = await readSession(c);
    if (session && roleAtLeast(session.user.role, 'staff')) {
      await findVisibleBooking(c.get('db'), session.user, id);
    } else {
      await findOwnedBooking(c, id);
    }
    c.header('Cache-Control', 'private, no-store');
    return c.json(await readFolio(c.get('db'), id));
  })
  .post(
    '/:id/folio/charges',
    requireRole('staff'),
    validate('param', idParamSchema),
    validate('json', folioChargeSchema),
    async (c) => {
      const input = c.req.valid('json');
      const options = await posting(c, 'charge', input, 'charge_posted');
      const outcome = await postCharge(c.get('db'), c.get('user'), c.req.valid('param').id, input, options);
      return answer(c, outcome);
    },
  )
  .post(
    '/:id/folio/payments',
    requireRole('staff'),
    validate('param', idParamSchema),
    validate('json', folioPaymentSchema),
    async (c) => {
      const input = c.req.valid('json');
      const options = await posting(c, 'payment', input, 'payment_taken');
      const outcome = await postPayment(c.get('db'), c.get('user'), c.req.valid('param').id, input, options);
      return answer(c, outcome);
    },
  )
  .post(
    '/:id/folio/corrections',
    requireRole('staff'),
    validate('param', idParamSchema),
    validate('json', folioCorrectionSchema),
    async (c) => {
      const input = c.req.valid('json');
      const options = await posting(c, 'correction', input, 'correction_posted');
      const outcome = await postCorrection(
        c.get('db'),
        c.get('user'),
        c.req.valid('param').id,
        input,
        options,
      );
      // An invoiced charge's correction is on a credit note: the sentence names it.
      if (!outcome.replayed && outcome.body.creditNote) {
        outcome.body.message = translate('correction_credit_noted', c.get('language'), {
          number: outcome.body.creditNote.number,
        });
      }
      return answer(c, outcome);
    },
  )
  .post(
    '/:id/folio/refunds',
    requireRole('staff'),
    validate('param', idParamSchema),
    validate('json', folioRefundSchema),
    async (c) => {
      const input = c.req.valid('json');
      const options = await posting(c, 'refund', input, 'refund_posted');
      const outcome = await postRefund(c.get('db'), c.get('user'), c.req.valid('param').id, input, options);
      return answer(c, outcome);
    },
  );
