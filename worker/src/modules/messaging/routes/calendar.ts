import { Hono } from 'hono';
import { bookingReferenceParamSchema } from '@shared/booking-lookup-schemas';
import type { AppEnv } from '../../../platform/env';
import { validate } from '../../../platform/validation';
import { bookingAskedFor } from '../../bookings';
import { findRoomType, readSiteSettings } from '../../catalog';
import { hotelInfo } from '../email-delivery';
import type { StayCalendarStatus } from '../calendar';

/**
 * GET /api/bookings/:reference/calendar: the stay as a calendar file (.ics), for the guest's "add
 * to calendar" after booking and on the booking's page. Asked like the booking itself (its
 * account, or a device it was granted to; 404 otherwise, counted by the lookup's throttle). A
 * request waiting for the hotel is tentative, a cancelled one says so (a calendar that imported it
 * before drops it), any other confirmed. In the request's language.
 */
export const bookingCalendarRoutes = new Hono<AppEnv>().get(
  '/:reference/calendar',
  validate('param', bookingReferenceParamSchema),
  async (c) => {
    const { booking } = await bookingAskedFor(c, c.req.valid('param').reference);
    const language = c.get('language');
    const [settings, roomNames, { stayCalendarFile }] = await Promise.all([
      readSiteSettings(c.get('db')),
      findRoomType(c.get('db'), booking.roomType),
      // ical-generator loads with the first calendar an isolate makes, not with every request.
      import('../calendar'),
    ]);
    const status: StayCalendarStatus =
      booking.status === 'pending' ? 'tentative' : booking.status === 'cancelled' ? 'cancelled' : 'confirmed';
    const file = stayCalendarFile(
      { ...booking, roomNames },
      hotelInfo(settings, c.env, language),
      language,
      status,
    );
    return c.body(file.text, 200, {
      'Content-Type': file.contentType,
      'Content-Disposition': `attachment; filename="${file.filename}"`,
      'Cache-Control': 'no-store',
    });
  },
);
