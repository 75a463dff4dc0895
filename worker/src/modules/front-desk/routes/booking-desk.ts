import { Hono } from 'hono';
import { idParamSchema } from '@shared/date-schemas';
import { hotelToday } from '@shared/dates';
import { checkInSchema, frontDeskQuerySchema } from '@shared/front-desk-schemas';
import { checkOutSchema } from '@shared/folio-schemas';
import type { AppEnv } from '../../../platform/env';
import { requireRole } from '../../../platform/auth-middleware';
import { validate } from '../../../platform/validation';
import { answerIfChanged } from '../../../platform/etag-answers';
import { listedBooking, pendingHoldMs } from '../../bookings';
import { countText } from '../../../platform/counts';
import { checkIn, checkOut, noShow } from '../front-desk-day';
import { frontDeskDay } from '../desk-day';
import { checkInOptions } from '../check-in-options';
import { placeFlaggedStay } from '../channel-flags';
import { translate } from '../../../platform/messages';
import { readSiteSettings } from '../../catalog';

/**
 * Today at the desk (modules/front-desk/front-desk-day.ts), staff only:
 *
 * - GET /api/front-desk?date=YYYY-MM-DD (default: today, hotel time) -> `{ date, arrivals,
 *   departures, inHouse, flagged }`, polled (ETag on the bookings and rooms versions);
 * - GET /api/booking-submissions/:id/check-in: the room proposed, the free clean rooms of the
 *   type and the registration details, for the desk to confirm before it checks the guest in;
 * - POST /api/booking-submissions/:id/check-in `{ confirmNotClean?, roomId?, idChecked? }`, /check-out
 *   `{ cityLedgerAccountId? }` (409 `balance_due` with `balanceBaisa` unless the folio is settled), /no-show;
 * - POST /api/booking-submissions/:id/place: an OTA booking flagged by the channel manager marked
 *   placed (its nights held now if they are not yet; 409 `channel_still_no_room` when still sold out).
 */
export const frontDeskRoutes = new Hono<AppEnv>().get(
  '/',
  requireRole('staff'),
  validate('query', frontDeskQuerySchema),
  async (c) => {
    const date = c.req.valid('query').date ?? hotelToday();
    // The departure time falls back on the site's check-out time (settings: the `content` version),
    // read beside the change counters rather than after them: one D1 round trip less.
    const [, settings] = await Promise.all([
      answerIfChanged(c, ['bookings', 'rooms', 'content'], `desk:${date}`),
      readSiteSettings(c.get('db')),
    ]);
    c.header('Cache-Control', 'no-store');
    return c.json(await frontDeskDay(c.get('db'), date, settings.checkOutTime));
  },
);

export const bookingDeskRoutes = new Hono<AppEnv>()
  // What the desk confirms before a check-in: the room proposed, the free clean rooms of the type,
  // the registration details to check against the guest's ID (modules/front-desk/check-in-options.ts).
  .get('/:id/check-in', requireRole('staff'), validate('param', idParamSchema), async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await checkInOptions(c.get('db'), c.get('user'), c.req.valid('param').id));
  })
  .post(
    '/:id/check-in',
    requireRole('staff'),
    validate('param', idParamSchema),
    validate('json', checkInSchema),
    async (c) => {
      const { booking, room } = await checkIn(
        c.get('db'),
        c.get('user'),
        c.req.valid('param').id,
        c.req.valid('json'),
      );
      return c.json({
        message: translate('checked_in_done', c.get('language')),
        booking: listedBooking(booking, pendingHoldMs(c.env)),
        checkedInAt: booking.checkedInAt!,
        room,
      });
    },
  )
  .post(
    '/:id/check-out',
    requireRole('staff'),
    validate('param', idParamSchema),
    validate('json', checkOutSchema),
    async (c) => {
      const language = c.get('language');
      const { booking, pointsEarned, invoiceId } = await checkOut(
        c.get('db'),
        c.get('user'),
        c.req.valid('param').id,
        c.req.valid('json'),
      );
      return c.json({
        message:
          pointsEarned > 0
            ? translate('completed_with_points', language, {
                points: countText(pointsEarned, language, 'points'),
              })
            : translate('checked_out_done', language),
        booking: listedBooking(booking, pendingHoldMs(c.env)),
        checkedOutAt: booking.checkedOutAt!,
        pointsEarned,
        // The stay's tax invoice issued with the check-out (its page: /invoices/:id), or null.
        invoiceId,
      });
    },
  )
  // An OTA booking the hotel could not place, placed by the desk (modules/front-desk/channel-flags.ts).
  .post('/:id/place', requireRole('staff'), validate('param', idParamSchema), async (c) => {
    const booking = await placeFlaggedStay(c.get('db'), c.get('user'), c.req.valid('param').id);
    return c.json({
      message: translate('channel_booking_placed', c.get('language')),
      booking: listedBooking(booking, pendingHoldMs(c.env)),
    });
  })
  .post('/:id/no-show', requireRole('staff'), validate('param', idParamSchema), async (c) => {
    const booking = await noShow(c.get('db'), c.get('user'), c.req.valid('param').id);
    return c.json({
      message: translate('no_show_done', c.get('language')),
      booking: listedBooking(booking, pendingHoldMs(c.env)),
    });
  });
