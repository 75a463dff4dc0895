import { Hono } from 'hono';
import { hotelToday } from '@shared/dates';
import { frontDeskQuerySchema } from '@shared/front-desk-schemas';
import type { AppEnv } from '../../../../platform/env';
import { requireRole } from '../../../../platform/auth-middleware';
import { validate } from '../../../../platform/validation';
import { answerIfChanged } from '../../../../platform/etag-answers';
import { housekeepingBoard } from '../../housekeeping';

/**
 * GET /api/admin/housekeeping?date=YYYY-MM-DD (housekeepers and up; today in Asia/Muscat by default): the
 * housekeeping board (modules/front-desk/housekeeping.ts). Polled by the phones on the floors: answered 304
 * while no room, room night or booking changed (a check-out marks a room dirty, an assignment
 * moves a stay). Statuses are set through PUT /api/admin/rooms/:id.
 */
export const housekeepingRoutes = new Hono<AppEnv>().get(
  '/',
  requireRole('housekeeper'),
  validate('query', frontDeskQuerySchema),
  async (c) => {
    const date = c.req.valid('query').date ?? hotelToday();
    // The day is in the scope: a board left open past midnight gets the new day's flags.
    await answerIfChanged(c, ['rooms', 'bookings'], `housekeeping:${date}`);
    c.header('Cache-Control', 'no-store');
    return c.json(await housekeepingBoard(c.get('db'), date));
  },
);
