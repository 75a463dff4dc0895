import { Hono } from 'hono';
import { idParamSchema } from '@shared/date-schemas';
import { folioPaymentSchema } from '@shared/folio-schemas';
import { requireRole } from '../../../../platform/auth-middleware';
import type { AppEnv } from '../../../../platform/env';
import { createdAnswer } from '../../../../platform/idempotency';
import { createdHeaders, idempotencyFrom } from '../../../../platform/idempotency-key';
import { translate } from '../../../../platform/messages';
import { validate } from '../../../../platform/validation';
import { issueGroupInvoice, postGroupPayment, readGroupFolio, transferGroupFolio } from '../../group-folio';

/**
 * A master-billed group's folio (docs/decisions/076-group-master-billing.md), under
 * /api/admin/groups/:id/folio, for staff as a stay's folio is:
 *
 * - GET -> `{ groupId, name, billing, companyId, companyName, balanceBaisa, lines, invoices }`;
 * - POST /payments `{ method, amountBaisa, approvalCode? }` -> 201 `{ message, line, balanceBaisa }`
 *   (an `Idempotency-Key` makes a payment sent twice one line);
 * - POST /invoices -> 201 `{ message, invoice }`: the charges not yet invoiced, to the company;
 * - POST /transfer -> 201 `{ message, line, balanceBaisa }`: the balance to the company's account.
 *
 * @example
 * api.route('/admin/groups', groupFolioAdmin); // the entry mounts it
 */
export const groupFolioAdmin = new Hono<AppEnv>()
  .get('/:id/folio', requireRole('staff'), validate('param', idParamSchema), async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await readGroupFolio(c.get('db'), c.req.valid('param').id));
  })
  .post(
    '/:id/folio/payments',
    requireRole('staff'),
    validate('param', idParamSchema),
    validate('json', folioPaymentSchema),
    async (c) => {
      const input = c.req.valid('json');
      const id = c.req.valid('param').id;
      const outcome = await postGroupPayment(c.get('db'), c.get('user'), id, input, {
        idem: await idempotencyFrom(c, `group_folio_payment:${id}`, input),
        message: translate('payment_taken', c.get('language')),
      });
      const { body, replayed } = createdAnswer(outcome);
      createdHeaders(c, replayed);
      return c.json(body, 201);
    },
  )
  .post('/:id/folio/invoices', requireRole('staff'), validate('param', idParamSchema), async (c) => {
    const invoice = await issueGroupInvoice(c.get('db'), c.get('user'), c.req.valid('param').id);
    return c.json(
      { message: translate('invoice_issued', c.get('language'), { number: invoice.number }), invoice },
      201,
    );
  })
  .post('/:id/folio/transfer', requireRole('staff'), validate('param', idParamSchema), async (c) => {
    const message = translate('group_folio_transferred', c.get('language'));
    return c.json(
      await transferGroupFolio(c.get('db'), c.get('user'), c.req.valid('param').id, message),
      201,
    );
  });
