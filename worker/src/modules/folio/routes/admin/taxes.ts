import { Hono } from 'hono';
import { taxSettingsSchema } from '@shared/tax-schemas';
import { requireRole } from '../../../../platform/auth-middleware';
import type { AppEnv } from '../../../../platform/env';
import { translate } from '../../../../platform/messages';
import { validate } from '../../../../platform/validation';
import { readTaxSettings, saveTaxSettings } from '../../tax-settings';

/**
 * /api/admin/taxes: whether prices include taxes, the supplier's details for tax invoices, and the
 * taxes with the dates their rates start. Managers read them; admins change them.
 *
 * @example
 * api.route('/admin/taxes', taxesAdmin); // the entry mounts it
 */
export const taxesAdmin = new Hono<AppEnv>()
  .get('/', requireRole('manager'), async (c) => c.json(await readTaxSettings(c.get('db'))))
  .put('/', requireRole('admin'), validate('json', taxSettingsSchema), async (c) => {
    const saved = await saveTaxSettings(c.get('db'), c.get('user'), c.req.valid('json'));
    return c.json({ message: translate('taxes_saved', c.get('language')), ...saved });
  });
