import { Hono } from 'hono';
import { hotelToday } from '../../../../shared/src/dates';
import { frontDeskQuerySchema } from '../../../../shared/src/front-desk-schemas';
import type { AppEnv } from '../../env';
import { requireRole } from '../../http/auth';
import { validate } from '../../http/validation';
import { answerIfChanged } from '../../http/versions';
import { housekeepingBoard } from '../../lib/housekeeping';

/**
 * GET /api/admin/housekeeping?date=YYYY-MM-DD (staff; today in Asia/Muscat by default): the
 * housekeeping board (lib/housekeeping.ts). Polled by the phones on the floors: answered 304
 * while no room, room night or booking changed (a check-out marks a room dirty, an assignment
 * moves a stay). Statuses are set through PUT /api/admin/rooms/:id.
 */
export const housekeepingRoutes = new Hono<AppEnv>().get(
  '/',
  requireRole('staff'),
  validate('query', frontDeskQuerySchema),
  async (c) => {
    const date = c.req.valid('query').date ?? hotelToday();
    // The day is in the scope: a board left open past midnight gets the new day's flags.
    await answerIfChanged(c, ['rooms', 'bookings'], `housekeeping:${date}`);
    c.header('Cache-Control', 'no-store');
    return c.json(await housekeepingBoard(c.get('db'), date));
  },
);
