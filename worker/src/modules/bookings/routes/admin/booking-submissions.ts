import { Hono } from 'hono';
import { idParamSchema } from '@shared/date-schemas';
import type { AppEnv } from '../../../../platform/env';
import { requireRole } from '../../../../platform/auth-middleware';
import { validate } from '../../../../platform/validation';
import { audit } from '../../../../platform/audit';
import { readIdDocument } from '../../online-check-in';
import { staffBookingEditSchema, staffStayQuoteSchema } from '@shared/booking-schemas';
import { editBooking, quoteEditedStay } from '../../staff-booking-edit';
import { listedBooking } from '../../listed-booking';
import { pendingHoldMs } from '../../booking-status';
import { translate } from '../../../../platform/messages';

/**
 * GET /api/admin/booking-submissions/:id/id-document (staff): the ID photo a guest uploaded with
 * their online check-in (modules/bookings/online-check-in.ts), never cached by the browser or a proxy, under
 * a CSP that lets nothing in it run (platform/security-headers.ts imageHeaders). Each viewing is an audit line:
 * the photo is personal data. Guests never read it back, not even their own.
 */
export const bookingSubmissionsAdmin = new Hono<AppEnv>()
  /**
   * PATCH /api/admin/booking-submissions/:id (staff; a price by hand: a manager): edits an open
   * booking, re-priced and re-held in one batch (modules/bookings/staff-booking-edit.ts). 409
   * `room_taken` lists the free `rooms` to send back as `roomId`; 409 `no_rooms_available` (or
   * beds, smoking) the `alternatives` a guest's change gets.
   */
  .patch(
    '/:id',
    requireRole('staff'),
    validate('param', idParamSchema),
    validate('json', staffBookingEditSchema),
    async (c) => {
      const outcome = await editBooking(
        c.get('db'),
        c.get('user'),
        c.req.valid('param').id,
        c.req.valid('json'),
        {
          language: c.get('language'),
          requestId: c.get('requestId'),
        },
      );
      if (outcome.status === 409) return c.json(outcome.body, 409);
      return c.json({
        // What happened: the guest is told only of a change they can see (a travel agent or a
        // note is not news to them).
        message: translate(
          outcome.guestTold ? 'booking_edit_saved' : 'booking_edit_saved_quiet',
          c.get('language'),
        ),
        booking: listedBooking(outcome.booking, pendingHoldMs(c.env)),
      });
    },
  )
  /**
   * GET /api/admin/booking-submissions/:id/quote?checkInDate&checkOutDate&roomType&adults&children
   * (staff; what it leaves out of adults and children is the booking's, `numberOfGuests` alone
   * that many adults): the stay priced as the PATCH would price it, before a manager's price by
   * hand: `{ratePlan, nights: [{date, priceBaisa}], totalPriceBaisa}`, or 422 `over_occupancy`
   * above the type's limits (modules/bookings/staff-booking-edit.ts).
   */
  .get(
    '/:id/quote',
    requireRole('staff'),
    validate('param', idParamSchema),
    validate('query', staffStayQuoteSchema),
    async (c) => c.json(await quoteEditedStay(c.get('db'), c.req.valid('param').id, c.req.valid('query'))),
  )
  .get('/:id/id-document', requireRole('staff'), validate('param', idParamSchema), async (c) => {
    const id = c.req.valid('param').id;
    const file = await readIdDocument(c.get('db'), c.env.IMAGES, id);
    await audit(c.get('db'), c.get('user'), 'booking.id_document_viewed', 'booking', id, null, null);
    return new Response(file.body, {
      headers: {
        'Content-Type': file.contentType,
        'Content-Length': String(file.size),
        'Cache-Control': 'private, no-store',
        'Content-Security-Policy': "default-src 'none'",
        'X-Content-Type-Options': 'nosniff',
      },
    });
  });
