import { Hono } from 'hono';
import { EVENT_RULES } from '@shared/constants';
import { uploadParamSchema, uploadQuerySchema } from '@shared/event-schemas';
import type { AppEnv } from '../../../platform/env';
import { clientAddress } from '../../../platform/request';
import { validate } from '../../../platform/validation';
import { ApiError } from '../../../platform/api-error';
import { storeEventUpload } from '../event-uploads';

/**
 * PUT /api/event-uploads/:uploadId?eventType=: one image per call (modules/draws/event-uploads.ts);
 * 201 when stored, 200 for a retry of one that already arrived.
 */
export const eventUploadRoutes = new Hono<AppEnv>().put(
  '/:uploadId',
  validate('param', uploadParamSchema),
  validate('query', uploadQuerySchema),
  async (c) => {
    const declared = Number(c.req.header('content-length') ?? 0);
    if (declared > EVENT_RULES.maxImageBytes) throw new ApiError(413, 'image_too_large');
    const { upload, created } = await storeEventUpload(c.get('db'), c.env.IMAGES, {
      uploadId: c.req.valid('param').uploadId,
      eventType: c.req.valid('query').eventType,
      body: c.req.raw.body,
      address: clientAddress(c),
    });
    return c.json(upload, created ? 201 : 200);
  },
);
