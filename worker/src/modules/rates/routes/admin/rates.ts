import { Hono } from 'hono';
import { rateCalendarQuerySchema, rateEditSchema } from '@shared/rate-schemas';
import { requireRole } from '../../../../platform/auth-middleware';
import type { AppEnv } from '../../../../platform/env';
import { translate } from '../../../../platform/messages';
import { validate } from '../../../../platform/validation';
import { readRateCalendar, saveRates } from '../../rates-admin';

/**
 * /api/admin/rates (the rules in modules/rates/rates-admin.ts): the rate calendar's nights of a
 * plan (staff and up, at most RATE_RULES.maxReadNights), and the bulk edit of a range of nights
 * (managers and up), written with its audit line in one D1 batch.
 */
export const ratesAdmin = new Hono<AppEnv>()
  .get('/', requireRole('staff'), validate('query', rateCalendarQuerySchema), async (c) =>
    c.json(await readRateCalendar(c.get('db'), c.req.valid('query'))),
  )
  .put('/', requireRole('manager'), validate('json', rateEditSchema), async (c) => {
    const { nights, rows } = await saveRates(c.get('db'), c.get('user'), c.req.valid('json'));
    return c.json({ nights, rows, message: translate('rates_saved', c.get('language'), { nights }) });
  });
