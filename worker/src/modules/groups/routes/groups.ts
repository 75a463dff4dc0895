import { Hono } from 'hono';
import { z } from '@shared/zod';
import { idParamSchema } from '@shared/date-schemas';
import {
  createGroupSchema,
  groupListQuerySchema,
  roomingListSchema,
  updateGroupSchema,
} from '@shared/group-schemas';
import { requireRole } from '../../../platform/auth-middleware';
import type { AppEnv } from '../../../platform/env';
import { translate } from '../../../platform/messages';
import { validate } from '../../../platform/validation';
import { cancelGroup, createGroup, groupDetail, listGroups, releaseGroup, updateGroup } from '../groups';
import { bookRoomingList } from '../rooming-list';

/** The cancellation's reason, optional (a call without a body cancels without one). */
const cancelSchema = z.object({ reason: z.multilineString().trim().max(500, 'text_too_long').optional() });

/**
 * /api/admin/groups: group blocks for the front office and managers (staff and above, as the
 * desk's bookings): the list, a block with its nights and members, its creation and changes, the
 * rooming list, an early release and a cancellation. Every write answers the block as GET does.
 *
 * @example
 * api.route('/admin/groups', groupsAdmin); // the entry mounts it
 */
export const groupsAdmin = new Hono<AppEnv>()
  .use('/*', requireRole('staff'))
  .get('/', validate('query', groupListQuerySchema), async (c) =>
    c.json(await listGroups(c.get('db'), c.req.valid('query'))),
  )
  .post('/', validate('json', createGroupSchema), async (c) => {
    const detail = await createGroup(c.get('db'), c.get('user'), c.req.valid('json'));
    return c.json({ message: translate('group_saved', c.get('language')), ...detail }, 201);
  })
  .get('/:id', validate('param', idParamSchema), async (c) =>
    c.json(await groupDetail(c.get('db'), c.req.valid('param').id)),
  )
  .patch('/:id', validate('param', idParamSchema), validate('json', updateGroupSchema), async (c) => {
    const detail = await updateGroup(
      c.get('db'),
      c.get('user'),
      c.req.valid('param').id,
      c.req.valid('json'),
    );
    return c.json({ message: translate('group_saved', c.get('language')), ...detail });
  })
  .post('/:id/release', validate('param', idParamSchema), async (c) => {
    const detail = await releaseGroup(c.get('db'), c.get('user'), c.req.valid('param').id);
    return c.json({ message: translate('group_released', c.get('language')), ...detail });
  })
  .post('/:id/cancel', validate('param', idParamSchema), validate('json', cancelSchema), async (c) => {
    const { reason } = c.req.valid('json');
    const detail = await cancelGroup(
      c.get('db'),
      c.get('user'),
      c.req.valid('param').id,
      reason || undefined,
    );
    return c.json({ message: translate('group_cancelled', c.get('language')), ...detail });
  })
  .post(
    '/:id/rooming-list',
    validate('param', idParamSchema),
    validate('json', roomingListSchema),
    async (c) => {
      const detail = await bookRoomingList(
        c.get('db'),
        c.get('user'),
        c.req.valid('param').id,
        c.req.valid('json').guests,
      );
      return c.json({ message: translate('rooming_list_booked', c.get('language')), ...detail }, 201);
    },
  );
