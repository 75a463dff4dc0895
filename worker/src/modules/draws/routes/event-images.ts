import { Hono } from 'hono';
import { z } from '@shared/zod';
import type { AppEnv } from '../../../platform/env';
import { requireRole } from '../../../platform/auth-middleware';
import { validate } from '../../../platform/validation';
import { eventImageFile } from '../event-images';

/** GET /api/event-images/:imageId[?download=1]: an entry's image, to staff only, under its own strict CSP. */
export const eventImageRoutes = new Hono<AppEnv>().get(
  '/:imageId',
  requireRole('staff'),
  validate('param', z.object({ imageId: z.string().uuid({ error: 'not_found' }) })),
  validate('query', z.object({ download: z.enum(['1', 'true']).optional() })),
  async (c) => {
    const file = await eventImageFile(c.get('db'), c.env.IMAGES, c.req.valid('param').imageId);
    const headers = new Headers({
      'Content-Type': file.contentType,
      'Content-Length': String(file.byteSize),
      'Cache-Control': 'private, max-age=3600',
      'Content-Security-Policy': "default-src 'none'",
    });
    if (c.req.valid('query').download) {
      headers.set('Content-Disposition', `attachment; filename="${file.filename}"`);
    }
    return new Response(file.body, { headers });
  },
);
