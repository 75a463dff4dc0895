import { Hono } from 'hono';
import { idParamSchema } from '../../../../../../shared/src/date-schemas';
import { hotelToday } from '../../../../../../shared/src/dates';
import { creditNoteSchema, invoiceListQuerySchema } from '../../../../../../shared/src/invoice-schemas';
import { requireRole } from '../../../../platform/auth-middleware';
import { csvResponse } from '../../../../platform/csv-response';
import type { AppEnv } from '../../../../platform/env';
import { translate } from '../../../../platform/messages';
import { validate } from '../../../../platform/validation';
import { invoicesCsv, listInvoices } from '../../invoice-list';
import { issueCreditNote } from '../../invoices';

/**
 * /api/admin/invoices: the staff's list of tax invoices and credit notes (filters: issue dates,
 * number, guest; a page at a time), and a manager's credit note of an invoice, with its reason:
 * all that is left of it, or of the lines named (`lineIds`), or an amount of them (`amountBaisa`).
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
      const creditNote = await issueCreditNote(
        c.get('db'),
        c.get('user'),
        c.req.valid('param').id,
        c.req.valid('json'),
      );
      return c.json(
        {
          message: translate('credit_note_issued', c.get('language'), { number: creditNote.number }),
          creditNote,
        },
        201,
      );
    },
  );

/** GET /api/admin/invoices.csv?from&to&number&guest (staff): the documents found, as CSV. */
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
