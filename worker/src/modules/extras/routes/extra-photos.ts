import { Hono } from 'hono';
import type { AppEnv } from '../../../platform/env';
import { extraPhotoResponse } from '../extras-admin';

/** GET /api/extras/photos/:name: an offer's photo (public, kept a year: its name never changes). */
export const extraPhotoRoutes = new Hono<AppEnv>().get('/:name', async (c) =>
  extraPhotoResponse(c.env.IMAGES, c.req.param('name'), c.req.raw.headers),
);
