import { Hono } from 'hono';
import { z } from '@shared/zod';
import { createRoomTypeSchema, roomTypeCodeSchema, updateRoomTypeSchema } from '@shared/room-type-schemas';
import type { AppEnv } from '../../../../platform/env';
import { requireRole } from '../../../../platform/auth-middleware';
import { validate } from '../../../../platform/validation';
import { translate } from '../../../../platform/messages';
import { adminRoomTypes, createRoomType, updateRoomType, upcomingBookingsOf } from '../../room-types-admin';

/**
 * /api/admin/room-types (admins): the hotel's room types, retired ones too, each with its
 * bookings still to come (GET /:code/bookings: which ones); add one (sold at once on the standard plan), edit or retire one
 * (modules/bookings/room-types-admin.ts). A type is never deleted; its code never changes.
 */
export const roomTypesAdmin = new Hono<AppEnv>()
  .use(requireRole('admin'))
  .get('/', async (c) => c.json({ roomTypes: await adminRoomTypes(c.get('db')) }))
  // The type's bookings still to come: the next ones by arrival and how many in all.
  .get('/:code/bookings', validate('param', z.object({ code: roomTypeCodeSchema })), async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await upcomingBookingsOf(c.get('db'), c.req.valid('param').code));
  })
  .post('/', validate('json', createRoomTypeSchema), async (c) => {
    const roomType = await createRoomType(c.get('db'), c.get('user'), c.req.valid('json'));
    return c.json({ message: translate('room_type_saved', c.get('language')), roomType }, 201);
  })
  .patch(
    '/:code',
    validate('param', z.object({ code: roomTypeCodeSchema })),
    validate('json', updateRoomTypeSchema),
    async (c) => {
      const roomType = await updateRoomType(
        c.get('db'),
        c.get('user'),
        c.req.valid('param').code,
        c.req.valid('json'),
      );
      return c.json({ message: translate('room_type_saved', c.get('language')), roomType });
    },
  );
