import { Hono } from 'hono';
import { registrationQuerySchema } from '@shared/guest-profile-schemas';
import type { AppEnv } from '../../../../platform/env';
import { requireRole } from '../../../../platform/auth-middleware';
import { validate } from '../../../../platform/validation';
import { csvResponse } from '../../../../platform/csv-response';
import { registrationRetentionDays, registrations, registrationsCsv } from '../../registrations';

/**
 * GET /api/admin/registrations?date=YYYY-MM-DD[&format=csv] (staff and above): the guests
 * checked in that day (hotel time) for the authorities, as JSON `{ date, registrations }` or a CSV
 * download. A day in the future or past the registration retention answers 422
 * `registration_date_out_of_range`.
 */
export const registrationsAdmin = new Hono<AppEnv>().get(
  '/',
  requireRole('staff'),
  validate('query', registrationQuerySchema),
  // The CSV first, so the typed client sees the JSON answer only.
  async (c, next) => {
    const { date, format } = c.req.valid('query');
    if (format !== 'csv') return next();
    const rows = await registrations(c.get('db'), date, registrationRetentionDays(c.env));
    const { body, filename } = registrationsCsv(date, rows);
    c.res = csvResponse(body, filename);
  },
  async (c) => {
    const { date } = c.req.valid('query');
    const rows = await registrations(c.get('db'), date, registrationRetentionDays(c.env));
    return c.json({ date, registrations: rows });
  },
);
