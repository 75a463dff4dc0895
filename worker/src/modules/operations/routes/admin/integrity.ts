import { Hono } from 'hono';
import { z } from '@shared/zod';
import { idSchema } from '@shared/date-schemas';
import type { AppEnv } from '../../../../platform/env';
import { requireRole } from '../../../../platform/auth-middleware';
import { validate } from '../../../../platform/validation';
import { acknowledgeReport, openReport, runIntegrityCheck } from '../../integrity';

/**
 * Admin: the integrity check (modules/operations/integrity.ts). The open report (violations nobody
 * has acknowledged) is the /admin banner; an admin can run the check at once and
 * acknowledge a report. Runs and acknowledgements are audited in their batch.
 */
export const integrity = new Hono<AppEnv>()
  .use(requireRole('admin'))
  .get('/', async (c) => c.json({ report: (await openReport(c.get('db'))) ?? null }))
  .post('/run', async (c) => {
    const report = await runIntegrityCheck(c.env, c.get('db'), 'admin', c.get('user'));
    return c.json({ report });
  })
  .post('/:id/acknowledge', validate('param', z.object({ id: idSchema })), async (c) => {
    const report = await acknowledgeReport(c.get('db'), c.get('user'), c.req.valid('param').id);
    return c.json({ report });
  });
