import { Hono } from 'hono';
import { idParamSchema } from '@shared/date-schemas';
import {
  cityLedgerAccountPatchSchema,
  cityLedgerAccountSchema,
  cityLedgerPaymentSchema,
  cityLedgerStatementQuerySchema,
} from '@shared/day-close';
import { requireRole } from '../../../../platform/auth-middleware';
import type { AppEnv } from '../../../../platform/env';
import { translate } from '../../../../platform/messages';
import { validate } from '../../../../platform/validation';
import { createCityLedgerAccount, listCityLedgerAccounts, updateCityLedgerAccount } from '../../../companies';
import { cityLedgerStatement, recordCityLedgerPayment } from '../../city-ledger';

/**
 * /api/admin/city-ledger: company accounts (the list also for staff, who move a departing guest's
 * balance to one at check-out), and for managers: an account's creation and changes, its
 * statement (paged, newest first, with the running balance) and a company's payment. The
 * transfer itself is made by the check-out.
 *
 * @example
 * api.route('/admin/city-ledger', cityLedgerAdmin); // the entry mounts it
 */
export const cityLedgerAdmin = new Hono<AppEnv>()
  .get('/', requireRole('staff'), async (c) =>
    c.json({ accounts: await listCityLedgerAccounts(c.get('db')) }),
  )
  .use('/*', requireRole('manager'))
  .post('/', validate('json', cityLedgerAccountSchema), async (c) => {
    const created = await createCityLedgerAccount(c.get('db'), c.get('user'), c.req.valid('json'));
    return c.json({ message: translate('city_ledger_saved', c.get('language')), account: created }, 201);
  })
  .patch(
    '/:id',
    validate('param', idParamSchema),
    validate('json', cityLedgerAccountPatchSchema),
    async (c) => {
      const saved = await updateCityLedgerAccount(
        c.get('db'),
        c.get('user'),
        c.req.valid('param').id,
        c.req.valid('json'),
      );
      return c.json({ message: translate('city_ledger_saved', c.get('language')), account: saved });
    },
  )
  .get(
    '/:id',
    validate('param', idParamSchema),
    validate('query', cityLedgerStatementQuerySchema),
    async (c) =>
      c.json(await cityLedgerStatement(c.get('db'), c.req.valid('param').id, c.req.valid('query').before)),
  )
  .post(
    '/:id/payments',
    validate('param', idParamSchema),
    validate('json', cityLedgerPaymentSchema),
    async (c) => {
      const result = await recordCityLedgerPayment(
        c.get('db'),
        c.get('user'),
        c.req.valid('param').id,
        c.req.valid('json'),
      );
      return c.json({ message: translate('city_ledger_payment_saved', c.get('language')), ...result }, 201);
    },
  );
