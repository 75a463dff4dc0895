import { Hono } from 'hono';
import { z } from '@shared/zod';
import { idParamSchema, idSchema } from '@shared/date-schemas';
import { outletItemSchema, outletKeySchema, outletSchema } from '@shared/outlets';
import { requireRole } from '../../../../platform/auth-middleware';
import type { AppEnv } from '../../../../platform/env';
import { translate } from '../../../../platform/messages';
import { validate } from '../../../../platform/validation';
import {
  createItem,
  createOutlet,
  listItems,
  listKeys,
  listOutlets,
  makeKey,
  revokeKey,
  updateItem,
  updateOutlet,
} from '../../outlets-admin';
import { removeItemPhoto, storeItemPhoto } from '../../item-photos';

const itemParams = z.object({ id: idSchema, itemId: idSchema });
const keyParams = z.object({ id: idSchema, keyId: idSchema });

/**
 * /api/admin/outlets (managers and admins; docs/decisions/090-outlets.md):
 *
 * - GET -> `{ outlets: [{ id, nameAr, nameEn, kind, opensAt, closesAt, active, staffIds }], staff }`;
 *   POST `{ nameAr, nameEn, kind, opensAt, closesAt, active?, staffIds? }` -> 201; PUT /:id likewise;
 * - GET /:id/items -> `{ items }`; POST /:id/items `{ nameAr, nameEn, priceBaisa, department, active?,
 *   appOrderable?, durationMinutes? }` -> 201; PUT /:id/items/:itemId (a price or name from now on;
 *   `active: false` takes it off the menu); PUT /:id/items/:itemId/photo (the image as the body) and
 *   DELETE it: the item's photo on the guests' menu (decision 102);
 * - GET /:id/keys -> `{ keys }` (hints only); POST /:id/keys `{ label }` -> 201 `{ key, ... }` (the
 *   key itself, this once); DELETE /:id/keys/:keyId revokes it.
 *
 * @example
 * api.route('/admin/outlets', outletsAdmin); // the entry mounts it
 */
export const outletsAdmin = new Hono<AppEnv>()
  .use(requireRole('manager'))
  .get('/', async (c) => c.json(await listOutlets(c.get('db'))))
  .post('/', validate('json', outletSchema), async (c) => {
    const outlet = await createOutlet(c.get('db'), c.get('user'), c.req.valid('json'));
    return c.json({ message: translate('outlet_saved', c.get('language')), outlet }, 201);
  })
  .put('/:id', validate('param', idParamSchema), validate('json', outletSchema), async (c) => {
    const outlet = await updateOutlet(
      c.get('db'),
      c.get('user'),
      c.req.valid('param').id,
      c.req.valid('json'),
    );
    return c.json({ message: translate('outlet_saved', c.get('language')), outlet });
  })
  .get('/:id/items', validate('param', idParamSchema), async (c) =>
    c.json({ items: await listItems(c.get('db'), c.req.valid('param').id) }),
  )
  .post('/:id/items', validate('param', idParamSchema), validate('json', outletItemSchema), async (c) => {
    const item = await createItem(c.get('db'), c.get('user'), c.req.valid('param').id, c.req.valid('json'));
    return c.json({ message: translate('outlet_item_saved', c.get('language')), item }, 201);
  })
  .put('/:id/items/:itemId', validate('param', itemParams), validate('json', outletItemSchema), async (c) => {
    const { id, itemId } = c.req.valid('param');
    const item = await updateItem(c.get('db'), c.get('user'), id, itemId, c.req.valid('json'));
    return c.json({ message: translate('outlet_item_saved', c.get('language')), item });
  })
  .put('/:id/items/:itemId/photo', validate('param', itemParams), async (c) => {
    const { id, itemId } = c.req.valid('param');
    const photo = await storeItemPhoto(
      c.get('db'),
      c.env.IMAGES,
      c.get('user'),
      id,
      itemId,
      c.req.raw.body,
      Number(c.req.header('content-length') ?? 0),
    );
    return c.json({ message: translate('outlet_photo_saved', c.get('language')), ...photo });
  })
  .delete('/:id/items/:itemId/photo', validate('param', itemParams), async (c) => {
    const { id, itemId } = c.req.valid('param');
    const photo = await removeItemPhoto(c.get('db'), c.env.IMAGES, c.get('user'), id, itemId);
    return c.json({ message: translate('outlet_photo_removed', c.get('language')), ...photo });
  })
  .get('/:id/keys', validate('param', idParamSchema), async (c) =>
    c.json({ keys: await listKeys(c.get('db'), c.req.valid('param').id) }),
  )
  .post('/:id/keys', validate('param', idParamSchema), validate('json', outletKeySchema), async (c) => {
    const key = await makeKey(c.get('db'), c.get('user'), c.req.valid('param').id, c.req.valid('json').label);
    c.header('Cache-Control', 'no-store');
    return c.json({ message: translate('outlet_key_made', c.get('language')), key }, 201);
  })
  .delete('/:id/keys/:keyId', validate('param', keyParams), async (c) => {
    const { id, keyId } = c.req.valid('param');
    const key = await revokeKey(c.get('db'), c.get('user'), id, keyId);
    return c.json({ message: translate('outlet_key_revoked', c.get('language')), key });
  });
