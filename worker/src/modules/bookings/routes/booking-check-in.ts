import { Hono } from 'hono';
import { idParamSchema } from '@shared/date-schemas';
import { onlineCheckInSchema } from '@shared/online-check-in-schemas';
import { EVENT_RULES } from '@shared/constants';
import type { AppEnv } from '../../../platform/env';
import { findOwnedBooking } from '../booking-access';
import { readSession } from '../../../platform/session-cookies';
import { validate } from '../../../platform/validation';
import { ApiError } from '../../../platform/api-error';
import { translate } from '../../../platform/messages';
import { onlineCheckInView, saveOnlineCheckIn, storeIdDocument } from '../online-check-in';
import { readSiteSettings } from '../../catalog';

/**
 * A guest's online check-in of their own booking (modules/bookings/online-check-in.ts),
 * mounted beside modules/bookings/routes/booking-submissions.ts under /api/booking-submissions:
 *
 * - PUT /:id/id-document: the ID photo as the request body (an image, 5 MB at most);
 * - PUT /:id/online-check-in `{ arrivalTime, adults, children, specialRequests, acceptTerms }`.
 *
 * Both only for the booking's owner (its account, or a device it was granted to); anyone else
 * gets 404, as for an unknown booking. Nobody reads the photo back here: staff do, through
 * modules/bookings/routes/admin/booking-submissions.ts.
 */
export const bookingCheckInRoutes = new Hono<AppEnv>()
  .put('/:id/id-document', validate('param', idParamSchema), async (c) => {
    const declared = Number(c.req.header('content-length') ?? 0);
    const booking = await findOwnedBooking(c, c.req.valid('param').id);
    if (declared > EVENT_RULES.maxImageBytes) throw new ApiError(413, 'image_too_large');
    const db = c.get('db');
    const updated = await storeIdDocument(db, c.env.IMAGES, booking, c.req.raw.body, {
      settings: await readSiteSettings(db),
      actor: (await readSession(c))?.user ?? null,
    });
    c.header('Cache-Control', 'no-store');
    return c.json({
      message: translate('id_document_saved', c.get('language')),
      hasIdDocument: updated.idDocumentKey !== null,
      onlineCheckIn: onlineCheckInView(updated),
    });
  })
  .put(
    '/:id/online-check-in',
    validate('param', idParamSchema),
    validate('json', onlineCheckInSchema),
    async (c) => {
      const booking = await findOwnedBooking(c, c.req.valid('param').id);
      const db = c.get('db');
      const updated = await saveOnlineCheckIn(db, booking, c.req.valid('json'), {
        settings: await readSiteSettings(db),
        actor: (await readSession(c))?.user ?? null,
      });
      c.header('Cache-Control', 'no-store');
      return c.json({
        message: translate('online_check_in_saved', c.get('language')),
        onlineCheckIn: onlineCheckInView(updated)!,
      });
    },
  );
