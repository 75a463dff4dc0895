import { Hono } from 'hono';
import { idParamSchema } from '@shared/date-schemas';
import {
  companionsPutSchema,
  registrationCorrectionSchema,
  registrationExportQuerySchema,
  registrationFailedSchema,
  registrationListQuerySchema,
  registrationSentSchema,
} from '@shared/registration-schemas';
import type { AppEnv } from '../../../../platform/env';
import { requireRole } from '../../../../platform/auth-middleware';
import { translate } from '../../../../platform/messages';
import { validate } from '../../../../platform/validation';
import { csvResponse } from '../../../../platform/csv-response';
import { policeFile } from '../../police-file';
import { putCompanions } from '../../companions';
import {
  correctRegistration,
  markRegistrationsFailed,
  markRegistrationsSent,
  registrationRetentionDays,
  registrations,
  registrationsCsv,
  toSend,
} from '../../registrations';

/**
 * The police registrations (docs/decisions/093), front desk and above:
 * - GET /api/admin/registrations?date=YYYY-MM-DD[&state=][&format=csv]: the registrations due that
 *   hotel day and those still not sent from before, each with its `state` and `missing` fields,
 *   as JSON `{ date, registrations }` or CSV. A day in the future or past the registration
 *   retention answers 422 `registration_date_out_of_range`.
 * - GET /api/admin/registrations/export?date=: the day's file for the police (complete, not sent:
 *   the arrivals and the corrections), in the police file's format (police-file.ts).
 * - POST /api/admin/registrations/sent `{ ids }`: marks them sent (who and when); `{ sent, skipped }`.
 * - POST /api/admin/registrations/failed `{ ids, reason }`: the police refused them.
 * - PUT /api/admin/registrations/:id/companions `{ companions }` (a booking's id): the stay's other
 *   adults as they should be; `{ companions, message }`. A stay left or cancelled 409.
 * - POST /api/admin/registrations/:id/correction `{ guest?, companions? }` (a booking's id): what the
 *   police refused, corrected, and the registration `corrected` in the same batch, audited;
 *   `{ registration, message }`. Not refused 409 `registration_not_failed`; nothing changed 422.
 */
export const registrationsAdmin = new Hono<AppEnv>()
  .get('/export', requireRole('staff'), validate('query', registrationExportQuerySchema), async (c) => {
    const { date } = c.req.valid('query');
    const rows = await registrations(c.get('db'), date, registrationRetentionDays(c.env));
    const file = policeFile.render(date, rows.filter(toSend));
    const res = csvResponse(file.body, file.filename);
    res.headers.set('content-type', file.contentType);
    return res;
  })
  .post('/sent', requireRole('staff'), validate('json', registrationSentSchema), async (c) => {
    const result = await markRegistrationsSent(c.get('db'), c.get('user'), c.req.valid('json').ids);
    return c.json({ ...result, message: translate('registrations_sent', c.get('language')) });
  })
  .post('/failed', requireRole('staff'), validate('json', registrationFailedSchema), async (c) => {
    const { ids, reason } = c.req.valid('json');
    const result = await markRegistrationsFailed(c.get('db'), c.get('user'), ids, reason);
    return c.json({ ...result, message: translate('registrations_failed_saved', c.get('language')) });
  })
  .post(
    '/:id/correction',
    requireRole('staff'),
    validate('param', idParamSchema),
    validate('json', registrationCorrectionSchema),
    async (c) => {
      const registration = await correctRegistration(
        c.get('db'),
        c.get('user'),
        c.req.valid('param').id,
        c.req.valid('json'),
      );
      return c.json({ registration, message: translate('registration_corrected', c.get('language')) });
    },
  )
  .put(
    '/:id/companions',
    requireRole('staff'),
    validate('param', idParamSchema),
    validate('json', companionsPutSchema),
    async (c) => {
      const { companions } = await putCompanions(
        c.get('db'),
        c.get('user'),
        c.req.valid('param').id,
        c.req.valid('json').companions,
      );
      return c.json({ companions, message: translate('companions_saved', c.get('language')) });
    },
  )
  .get(
    '/',
    requireRole('staff'),
    validate('query', registrationListQuerySchema),
    // The CSV first, so the typed client sees the JSON answer only.
    async (c, next) => {
      const { date, state, format } = c.req.valid('query');
      if (format !== 'csv') return next();
      const rows = await registrations(c.get('db'), date, registrationRetentionDays(c.env), { state });
      const { body, filename } = registrationsCsv(date, rows);
      c.res = csvResponse(body, filename);
    },
    async (c) => {
      const { date, state } = c.req.valid('query');
      const rows = await registrations(c.get('db'), date, registrationRetentionDays(c.env), { state });
      return c.json({ date, registrations: rows });
    },
  );
