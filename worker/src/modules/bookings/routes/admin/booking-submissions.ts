import { Hono } from 'hono';
import { idParamSchema } from '../../../../../../shared/src/date-schemas';
import type { AppEnv } from '../../../../platform/env';
import { requireRole } from '../../../../platform/auth-middleware';
import { validate } from '../../../../platform/validation';
import { audit } from '../../../../platform/audit';
import { readIdDocument } from '../../online-check-in';

/**
 * GET /api/admin/booking-submissions/:id/id-document (staff): the ID photo a guest uploaded with
 * their online check-in (modules/bookings/online-check-in.ts), never cached by the browser or a proxy, under
 * a CSP that lets nothing in it run (index.ts imageHeaders). Each viewing is an audit line:
 * the photo is personal data. Guests never read it back, not even their own.
 */
export const bookingSubmissionsAdmin = new Hono<AppEnv>().get(
  '/:id/id-document',
  requireRole('staff'),
  validate('param', idParamSchema),
  async (c) => {
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
  },
);
