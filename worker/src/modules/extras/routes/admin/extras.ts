import { Hono } from 'hono';
import { idParamSchema } from '@shared/date-schemas';
import { extraSchema } from '@shared/extras';
import { requireRole } from '../../../../platform/auth-middleware';
import type { AppEnv } from '../../../../platform/env';
import { translate } from '../../../../platform/messages';
import { validate } from '../../../../platform/validation';
import { createExtra, deleteExtra, listExtras, storeExtraPhoto, updateExtra } from '../../extras-admin';

/**
 * /api/admin/extras (managers and admins; docs/decisions/098-stay-extras.md):
 *
 * - GET -> `{ extras, roomTypes, ratePlans }` (the offers not deleted, and the codes they may name);
 * - POST `{ kind, nameAr, nameEn, descriptionAr?, descriptionEn?, priceBaisa, department,
 *   fromRoomType?, toRoomType?, instant, dailyCap?, tiers?, ratePlans?, roomTypes?, active }` ->
 *   201 `{ extra }`; PUT /:id likewise -> `{ extra }`; DELETE /:id -> `{ id }` (kept for its
 *   purchases, offered no more);
 * - PUT /:id/photo (the image as the body: JPEG, PNG, WebP or AVIF, 5 MB at most) -> `{ extra }`.
 *
 * @example api.route('/admin/extras', extrasAdmin); // the entry mounts it
 */
export const extrasAdmin = new Hono<AppEnv>()
  .use(requireRole('manager'))
  .get('/', async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await listExtras(c.get('db')));
  })
  .post('/', validate('json', extraSchema), async (c) => {
    const extra = await createExtra(c.get('db'), c.get('user'), c.req.valid('json'));
    return c.json({ message: translate('extra_saved', c.get('language')), extra }, 201);
  })
  .put('/:id', validate('param', idParamSchema), validate('json', extraSchema), async (c) => {
    const extra = await updateExtra(c.get('db'), c.get('user'), c.req.valid('param').id, c.req.valid('json'));
    return c.json({ message: translate('extra_saved', c.get('language')), extra });
  })
  .delete('/:id', validate('param', idParamSchema), async (c) => {
    const deleted = await deleteExtra(c.get('db'), c.get('user'), c.req.valid('param').id);
    return c.json({ message: translate('extra_deleted', c.get('language')), ...deleted });
  })
  .put('/:id/photo', validate('param', idParamSchema), async (c) => {
    const extra = await storeExtraPhoto(
      c.get('db'),
      c.env.IMAGES,
      c.get('user'),
      c.req.valid('param').id,
      c.req.raw.body,
      Number(c.req.header('content-length') ?? 0),
    );
    return c.json({ message: translate('photo_saved', c.get('language')), extra });
  });
