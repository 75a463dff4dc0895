import { Hono } from 'hono';
import { idParamSchema } from '@shared/date-schemas';
import { roomCreateSchema, roomUpdateSchema } from '@shared/front-desk-schemas';
import type { AppEnv } from '../../../../platform/env';
import { requireRole } from '../../../../platform/auth-middleware';
import { validate } from '../../../../platform/validation';
import { answerIfChanged } from '../../../../platform/etag-answers';
import { createRoom, listRooms, updateRoom } from '../../../inventory';
import { translate } from '../../../../platform/messages';

/**
 * /api/admin/rooms: the hotel's numbered rooms (modules/inventory/hotel-rooms.ts). Staff read the list and set
 * a room's status or out-of-order periods; admins also add, renumber, move and retire rooms. A
 * housekeeper only sets a room clean, dirty or inspected from the housekeeping board (updateRoom
 * refuses them anything else).
 */
export const roomsAdmin = new Hono<AppEnv>()
  .use(requireRole('housekeeper'))
  .get('/', requireRole('staff'), async (c) => {
    await answerIfChanged(c, ['rooms', 'inventory'], 'admin-rooms');
    return c.json(await listRooms(c.get('db')));
  })
  .post('/', requireRole('admin'), validate('json', roomCreateSchema), async (c) => {
    const room = await createRoom(c.get('db'), c.get('user'), c.req.valid('json'));
    return c.json({ message: translate('room_added', c.get('language')), room }, 201);
  })
  .put('/:id', validate('param', idParamSchema), validate('json', roomUpdateSchema), async (c) => {
    const input = c.req.valid('json');
    const room = await updateRoom(c.get('db'), c.get('user'), c.req.valid('param').id, input);
    return c.json({
      message: translate(input.retired ? 'room_retired' : 'room_saved', c.get('language')),
      room,
    });
  });
