import { Hono } from 'hono';
import { z } from '@shared/zod';
import { idSchema } from '@shared/date-schemas';
import { folioRefundSchema } from '@shared/folio-schemas';
import { requireRole } from '../../../../platform/auth-middleware';
import type { AppEnv } from '../../../../platform/env';
import { createdAnswer } from '../../../../platform/idempotency';
import { createdHeaders, idempotencyFrom } from '../../../../platform/idempotency-key';
import { translate } from '../../../../platform/messages';
import { validate } from '../../../../platform/validation';
import { requestRefund } from '../../refunds';

/** The refund staff ask: the folio refund's amount (Arabic-Indic digits read) and reason, of one online payment. */
export const paymentRefundSchema = folioRefundSchema.pick({ amountBaisa: true, reason: true });

const sessionParamSchema = z.object({ sessionId: idSchema });

/**
 * POST /api/admin/payments/:sessionId/refunds `{ amountBaisa, reason }` (staff; decision 071):
 * refunds (part of) an online payment through the provider. 202 `{ message, refund: { id,
 * amountBaisa, status } }`: the refund is queued and sent after the answer; the folio's refund line
 * comes when the provider confirms it. 404 `payment_not_found`, 409 `payment_not_refundable` (the
 * session is not paid), 409 `refund_exceeds_payment` (more than the payment has left, whatever
 * was asked meanwhile). An `Idempotency-Key` makes a retried request one refund.
 */
export const paymentRefundsAdmin = new Hono<AppEnv>().post(
  '/:sessionId/refunds',
  requireRole('staff'),
  validate('param', sessionParamSchema),
  validate('json', paymentRefundSchema),
  async (c) => {
    const { sessionId } = c.req.valid('param');
    const input = c.req.valid('json');
    const idem = await idempotencyFrom(c, `payment_refund:${sessionId}`, input);
    const outcome = await requestRefund(c.get('db'), c.get('user'), sessionId, input, {
      idem,
      message: translate('refund_requested', c.get('language')),
    });
    const { body, replayed } = createdAnswer(outcome);
    createdHeaders(c, replayed);
    return c.json(body, 202);
  },
);
