import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { eventImages } from '../db/schema/events';
import type { AppEnv } from '../env';
import { requireRole } from '../http/auth';
import { ApiError } from '../lib/errors';
import { EXTENSIONS } from '../lib/images';
import { validate } from '../http/validation';

/** GET /api/event-images/:imageId[?download=1]: an entry's image, to staff only, under its own strict CSP. */
export const eventImageRoutes = new Hono<AppEnv>().get(
  '/:imageId',
  requireRole('staff'),
  validate('param', z.object({ imageId: z.string().uuid({ error: 'not_found' }) })),
  validate('query', z.object({ download: z.enum(['1', 'true']).optional() })),
  async (c) => {
    const [image] = await c
      .get('db')
      .select()
      .from(eventImages)
      .where(eq(eventImages.id, c.req.valid('param').imageId));
    if (!image || image.submissionId === null) throw new ApiError(404, 'not_found');
    const object = await c.env.IMAGES.get(image.r2Key);
    if (!object) throw new ApiError(404, 'not_found');
    const headers = new Headers({
      'Content-Type': image.contentType,
      'Content-Length': String(image.byteSize),
      'Cache-Control': 'private, max-age=3600',
      'Content-Security-Policy': "default-src 'none'",
    });
    if (c.req.valid('query').download) {
      const ext = EXTENSIONS[image.contentType as keyof typeof EXTENSIONS] ?? 'bin';
      headers.set(
        'Content-Disposition',
        `attachment; filename="${image.eventType}-${image.submissionId}-${image.position + 1}.${ext}"`,
      );
    }
    return new Response(object.body, { headers });
  },
);
