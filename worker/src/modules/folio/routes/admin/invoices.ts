import { Hono } from 'hono';
import { idParamSchema } from '@shared/date-schemas';
import { hotelToday } from '@shared/dates';
import { creditNoteSchema, invoiceListQuerySchema } from '@shared/invoice-schemas';
import { requireRole } from '../../../../platform/auth-middleware';
import { csvResponse } from '../../../../platform/csv-response';
import type { AppEnv } from '../../../../platform/env';
import { translate } from '../../../../platform/messages';
import { validate } from '../../../../platform/validation';
import { invoicesCsv, listInvoices } from '../../invoice-list';
import { createOnce, storedAnswerQuery } from '../../../../platform/idempotency';
import { createdHeaders, idempotencyFrom } from '../../../../platform/idempotency-key';
import { issueCreditNote } from '../../credit-notes';
import { readInvoice } from '../../invoices';

/**
 * /api/admin/invoices: the staff's list of every tax invoice and credit note the hotel issued, the
 * desk's and the outlets' (filters: issue dates, number, guest or outlet, series; a page at a
 * time), and a manager's credit note of an invoice, with its reason:
 * all that is left of it, or of the lines named (`lineIds`), or an amount of them (`amountBaisa`).
 *
 * @example
 * api.route('/admin/invoices', invoicesAdmin); // the entry mounts it
 */
export const invoicesAdmin = new Hono<AppEnv>()
  .get('/', requireRole('staff'), validate('query', invoiceListQuerySchema), async (c) =>
    c.json(await listInvoices(c.get('db'), c.req.valid('query'))),
  )
  .post(
    '/:id/credit-notes',
    requireRole('manager'),
    validate('param', idParamSchema),
    validate('json', creditNoteSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      const db = c.get('db');
      // A retried request with the same Idempotency-Key is answered the credit note it made.
      const idem = await idempotencyFrom(c, `credit_note:${id}`, input);
      const stored = idem ? (await storedAnswerQuery(db, idem))[0] : undefined;
      const outcome = await createOnce(db, idem, stored, () =>
        issueCreditNote(db, c.get('user'), id, input, new Date(), idem),
      );
      createdHeaders(c, outcome.replayed);
      const creditNote = outcome.replayed
        ? (await readInvoice(db, (outcome.stored.body as { creditNoteId: number }).creditNoteId))!
        : outcome.body;
      return c.json(
        {
          message: translate('credit_note_issued', c.get('language'), { number: creditNote.number }),
          creditNote,
        },
        201,
      );
    },
  );

/**
 * GET /api/admin/invoices.csv?from&to&number&guest&series (staff): the documents found, as CSV.
 *
 * @example
 * api.route('/admin/invoices.csv', invoicesCsvRoutes); // the entry mounts it
 */
export const invoicesCsvRoutes = new Hono<AppEnv>().get(
  '/',
  requireRole('staff'),
  validate('query', invoiceListQuerySchema),
  async (c) => {
    const query = c.req.valid('query');
    const body = await invoicesCsv(c.get('db'), query);
    return csvResponse(body, `invoices-${query.from ?? 'all'}-${query.to ?? hotelToday()}.csv`);
  },
);
