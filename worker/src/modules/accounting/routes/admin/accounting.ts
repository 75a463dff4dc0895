import { Hono } from 'hono';
import { accountsPutSchema, journalMonthQuerySchema, journalQuerySchema } from '@shared/accounting';
import { requireRole } from '../../../../platform/auth-middleware';
import { csvResponse } from '../../../../platform/csv-response';
import type { AppEnv } from '../../../../platform/env';
import { translate } from '../../../../platform/messages';
import { validate } from '../../../../platform/validation';
import { listAccounts, saveAccounts } from '../../accounts';
import { journalCode, journalMonth, readJournal } from '../../journal';
import { odooJournalCsv } from '../../odoo-csv';

/**
 * /api/admin/accounting (managers and admins: the books; docs/decisions/100):
 *
 * - GET /accounts -> `{ journal, accounts: [{ category, account, name, isDefault, subject? }] }`;
 *   PUT /accounts `{ journal, accounts: [{ category, account, name }] }` (audited) -> the same,
 *   with the sentence;
 * - GET /journal?date= (or ?from&to, a month at most)[&detail=1][&format=csv] -> the closed days'
 *   entries (409 `accounting_day_open` with `dates`, 409 `accounting_unmapped` with `missing`), or
 *   Odoo's import file;
 * - GET /days?month=YYYY-MM -> each day of the month: open, closed or unmapped, with its total.
 *
 * @example
 * api.route('/admin/accounting', accountingAdmin); // the entry mounts it
 */
export const accountingAdmin = new Hono<AppEnv>()
  .use(requireRole('manager'))
  .get('/accounts', async (c) => c.json(await listAccounts(c.get('db'))))
  .put('/accounts', validate('json', accountsPutSchema), async (c) => {
    const saved = await saveAccounts(c.get('db'), c.get('user'), c.req.valid('json'));
    return c.json({ message: translate('accounting_accounts_saved', c.get('language')), ...saved });
  })
  .get('/journal', validate('query', journalQuerySchema), async (c) => {
    const query = c.req.valid('query');
    const db = c.get('db');
    const journal = await readJournal(db, query, c.get('language'));
    if (query.format === 'csv') {
      const { body, filename } = odooJournalCsv(journal, await journalCode(db));
      return csvResponse(body, filename);
    }
    c.header('Cache-Control', 'private, no-store');
    return c.json(journal);
  })
  .get('/days', validate('query', journalMonthQuerySchema), async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await journalMonth(c.get('db'), c.req.valid('query').month));
  });
