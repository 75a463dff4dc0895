import { Hono } from 'hono';
import { idParamSchema } from '@shared/date-schemas';
import { mediaAltSchema, mediaOrderSchema, mediaOwnerSchema } from '@shared/media-schemas';
import type { AppEnv } from '../../../../platform/env';
import { requireRole } from '../../../../platform/auth-middleware';
import { validate } from '../../../../platform/validation';
import { ApiError } from '../../../../platform/api-error';
import { addPhoto, captionPhoto, deletePhoto, listPhotos, reorderPhotos } from '../../media-admin';
import { translate } from '../../../../platform/messages';

/** /api/admin/media: staff photos of room tiers, offers and services (modules/catalog/media-admin.ts); staff only. */
export const mediaAdmin = new Hono<AppEnv>()
  .use(requireRole('staff'))
  .get('/', validate('query', mediaOwnerSchema), async (c) => {
    return c.json({ photos: await listPhotos(c.get('db'), c.req.valid('query')) });
  })
  /** POST /api/admin/media?ownerKind=&ownerId= (multipart; modules/catalog/media-admin.ts addPhoto). */
  .post('/', validate('query', mediaOwnerSchema), async (c) => {
    let form: FormData;
    try {
      form = await c.req.formData();
    } catch {
      throw new ApiError(400, 'media_files_missing');
    }
    const photo = await addPhoto(c.get('db'), c.env.IMAGES, c.get('user'), c.req.valid('query'), form);
    return c.json({ message: translate('media_uploaded', c.get('language')), photo }, 201);
  })
  /** PUT /api/admin/media/order?ownerKind=&ownerId=: every photo of the owner, in the new order. */
  .put('/order', validate('query', mediaOwnerSchema), validate('json', mediaOrderSchema), async (c) => {
    const owner = c.req.valid('query');
    const photos = await reorderPhotos(c.get('db'), c.get('user'), owner, c.req.valid('json').ids);
    return c.json({ message: translate('media_saved', c.get('language')), photos });
  })
  /** PATCH /api/admin/media/:id: the alt text in both languages. */
  .patch('/:id', validate('param', idParamSchema), validate('json', mediaAltSchema), async (c) => {
    const photo = await captionPhoto(
      c.get('db'),
      c.get('user'),
      c.req.valid('param').id,
      c.req.valid('json'),
    );
    return c.json({ message: translate('media_saved', c.get('language')), photo });
  })
  /** DELETE /api/admin/media/:id: the photo, its audit line, then its files. */
  .delete('/:id', validate('param', idParamSchema), async (c) => {
    const { id } = c.req.valid('param');
    await deletePhoto(c.get('db'), c.env.IMAGES, c.get('user'), id);
    return c.json({ message: translate('media_deleted', c.get('language')), id });
  });
