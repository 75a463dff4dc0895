import { Hono } from 'hono';
import { idParamSchema } from '@shared/date-schemas';
import {
  lostFoundListQuerySchema,
  lostFoundSettingsSchema,
  lostItemCreateSchema,
  lostItemDisposeSchema,
  lostItemMatchSchema,
  lostItemReturnSchema,
} from '@shared/lost-found-schemas';
import type { AppEnv } from '../../../../platform/env';
import { requireRole } from '../../../../platform/auth-middleware';
import { translate } from '../../../../platform/messages';
import { validate } from '../../../../platform/validation';
import {
  disposeItem,
  itemDetail,
  listItems,
  logItem,
  matchItem,
  notifyGuest,
  readSettings,
  returnItem,
  roomsToLogIn,
  saveSettings,
} from '../../lost-found';
import { itemPhoto, storeItemPhoto } from '../../lost-found-photos';

/**
 * /api/admin/lost-found (modules/lost-found/lost-found.ts; docs/decisions/092):
 *
 * - POST / `{ place, roomId?, description, foundOn? }` -> 201 `{ message, item }`, PUT /:id/photo and
 *   GET /rooms (the rooms to choose from): anyone on the staff logs a found item (housekeepers and
 *   technicians too, whose answer names no stay: they may not read guests);
 * - GET / `?status=held|due|returned|disposed&q&roomId&before` -> `{ items, rooms, keepDays, nextBefore }`,
 *   GET /:id -> `{ item, log, candidates }`, GET /:id/photo: the front desk and above;
 * - POST /:id/match `{ bookingId | null }`, /:id/notify, /:id/return `{ contactName, note? }`,
 *   /:id/dispose `{ note? }`: the front desk and above;
 * - GET, PUT /settings `{ keepDays }`: the keeping period (managers change it).
 */
export const lostFoundAdmin = new Hono<AppEnv>()
  .post('/', requireRole('housekeeper'), validate('json', lostItemCreateSchema), async (c) => {
    const item = await logItem(c.get('db'), c.get('user'), c.req.valid('json'));
    return c.json({ message: translate('lost_item_saved', c.get('language')), item }, 201);
  })
  .get('/', requireRole('staff'), validate('query', lostFoundListQuerySchema), async (c) =>
    c.json(await listItems(c.get('db'), c.req.valid('query'))),
  )
  .get('/rooms', requireRole('housekeeper'), async (c) => c.json(await roomsToLogIn(c.get('db'))))
  .get('/settings', requireRole('staff'), async (c) => c.json(await readSettings(c.get('db'))))
  .put('/settings', requireRole('manager'), validate('json', lostFoundSettingsSchema), async (c) => {
    const settings = await saveSettings(c.get('db'), c.req.valid('json').keepDays);
    return c.json({ message: translate('lost_found_settings_saved', c.get('language')), ...settings });
  })
  .get('/:id', requireRole('staff'), validate('param', idParamSchema), async (c) =>
    c.json(await itemDetail(c.get('db'), c.req.valid('param').id)),
  )
  .put('/:id/photo', requireRole('housekeeper'), validate('param', idParamSchema), async (c) => {
    const photo = await storeItemPhoto(
      c.get('db'),
      c.env.IMAGES,
      c.req.valid('param').id,
      c.req.raw.body,
      Number(c.req.header('content-length') ?? 0),
    );
    return c.json({ message: translate('photo_saved', c.get('language')), photo });
  })
  .get('/:id/photo', requireRole('staff'), validate('param', idParamSchema), async (c) =>
    itemPhoto(c.get('db'), c.env.IMAGES, c.req.valid('param').id),
  )
  .post(
    '/:id/match',
    requireRole('staff'),
    validate('param', idParamSchema),
    validate('json', lostItemMatchSchema),
    async (c) => {
      const item = await matchItem(
        c.get('db'),
        c.get('user'),
        c.req.valid('param').id,
        c.req.valid('json').bookingId,
      );
      return c.json({ message: translate('lost_item_matched', c.get('language')), item });
    },
  )
  .post('/:id/notify', requireRole('staff'), validate('param', idParamSchema), async (c) => {
    const item = await notifyGuest(c.get('db'), c.get('user'), c.req.valid('param').id);
    return c.json({ message: translate('lost_item_guest_notified', c.get('language')), item });
  })
  .post(
    '/:id/return',
    requireRole('staff'),
    validate('param', idParamSchema),
    validate('json', lostItemReturnSchema),
    async (c) => {
      const item = await returnItem(c.get('db'), c.get('user'), c.req.valid('param').id, c.req.valid('json'));
      return c.json({ message: translate('lost_item_returned', c.get('language')), item });
    },
  )
  .post(
    '/:id/dispose',
    requireRole('staff'),
    validate('param', idParamSchema),
    validate('json', lostItemDisposeSchema),
    async (c) => {
      const item = await disposeItem(
        c.get('db'),
        c.get('user'),
        c.req.valid('param').id,
        c.req.valid('json').note,
      );
      return c.json({ message: translate('lost_item_disposed', c.get('language')), item });
    },
  );
