import { and, eq, isNull, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { idSchema } from '../../../../shared/src/date-schemas';
import { auditLog, integrityReports } from '../../db/schema/operations';
import type { AppEnv } from '../../env';
import { insertWhere, rowExists } from '../../lib/atomic';
import { auditEntry } from '../../lib/audit';
import { requireRole } from '../../http/auth';
import { ApiError } from '../../lib/errors';
import { openReport, runIntegrityCheck } from '../../lib/integrity';
import { validate } from '../../http/validation';

/**
 * Admin: the integrity check (lib/integrity.ts). The open report (violations nobody
 * has acknowledged) is the /admin banner; an admin can run the check at once and
 * acknowledge a report. Runs and acknowledgements are audited.
 */
export const integrity = new Hono<AppEnv>()
  .use(requireRole('admin'))
  .get('/', async (c) => c.json({ report: (await openReport(c.get('db'))) ?? null }))
  .post('/run', async (c) => {
    const db = c.get('db');
    const report = await runIntegrityCheck(c.env, db, 'admin');
    await db.insert(auditLog).values(
      auditEntry(c.get('user'), 'integrity.run', 'integrity_report', report.id, null, {
        violationCount: report.violationCount,
      }),
    );
    return c.json({ report });
  })
  .post('/:id/acknowledge', validate('param', z.object({ id: idSchema })), async (c) => {
    const { id } = c.req.valid('param');
    const db = c.get('db');
    const user = c.get('user');
    const now = new Date();
    // The acknowledgement and its audit line together; the line only if this request made it.
    const [acknowledged] = await db.batch([
      db
        .update(integrityReports)
        .set({ acknowledgedAt: now, acknowledgedByUserId: user.id })
        .where(and(eq(integrityReports.id, id), isNull(integrityReports.acknowledgedAt)))
        .returning({ id: integrityReports.id }),
      insertWhere(
        db,
        auditLog,
        auditEntry(user, 'integrity.acknowledge', 'integrity_report', id, null, null),
        rowExists(
          integrityReports,
          sql`${integrityReports.id} = ${id} and ${integrityReports.acknowledgedAt} = ${now.getTime()} and ${integrityReports.acknowledgedByUserId} = ${user.id}`,
        ),
      ),
    ]);
    if (acknowledged.length === 0) throw new ApiError(404, 'not_found');
    return c.json({ report: (await openReport(db)) ?? null });
  });
