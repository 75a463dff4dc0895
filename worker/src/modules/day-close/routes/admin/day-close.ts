import { Hono } from 'hono';
import { dayCloseParamSchema, dayCloseSchema } from '@shared/day-close';
import { requireRole } from '../../../../platform/auth-middleware';
import { csvResponse } from '../../../../platform/csv-response';
import type { AppEnv } from '../../../../platform/env';
import { translate } from '../../../../platform/messages';
import { validate } from '../../../../platform/validation';
import { closeDay, dayCloseReport } from '../../day-close';
import { dayCloseCsv } from '../../day-close-csv';

/**
 * /api/admin/day-close (managers): POST {date} closes a business date (a closed one answers its
 * stored report, unchanged); GET /:date answers its report (an open day: the figures so far).
 */
export const dayCloseAdmin = new Hono<AppEnv>()
  .use(requireRole('manager'))
  .post('/', validate('json', dayCloseSchema), async (c) => {
    const { report, alreadyClosed } = await closeDay(c.get('db'), c.get('user'), c.req.valid('json').date);
    const message = translate(alreadyClosed ? 'day_already_closed' : 'day_close_done', c.get('language'));
    return c.json({ message, alreadyClosed, report });
  })
  .get('/:date', validate('param', dayCloseParamSchema), async (c) =>
    c.json(await dayCloseReport(c.get('db'), c.req.valid('param').date)),
  );

/** GET /api/admin/day-close.csv?date= (managers): the day's report as CSV. */
export const dayCloseCsvRoutes = new Hono<AppEnv>().get(
  '/',
  requireRole('manager'),
  validate('query', dayCloseSchema),
  async (c) => {
    const { body, filename } = dayCloseCsv(await dayCloseReport(c.get('db'), c.req.valid('query').date));
    return csvResponse(body, filename);
  },
);
