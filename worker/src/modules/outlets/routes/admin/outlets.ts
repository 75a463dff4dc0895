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

const itemParams = z.object({ id: idSchema, itemId: idSchema });
const keyParams = z.object({ id: idSchema, keyId: idSchema });

/**
 * /api/admin/outlets (managers and admins; docs/decisions/090-outlets.md):
 *
 * - GET -> `{ outlets: [{ id, nameAr, nameEn, kind, opensAt, closesAt, active, staffIds }], staff }`;
 *   POST `{ nameAr, nameEn, kind, opensAt, closesAt, active?, staffIds? }` -> 201; PUT /:id likewise;
 * - GET /:id/items -> `{ items }`; POST /:id/items `{ nameAr, nameEn, priceBaisa, department, active? }`
 *   -> 201; PUT /:id/items/:itemId (a price or name from now on; `active: false` takes it off the menu);
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
