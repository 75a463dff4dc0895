import { Hono } from 'hono';
import { reviewCreateSchema, reviewListQuerySchema } from '../../../shared/src/review-schemas';
import type { AppEnv } from '../env';
import { createReview, listApproved, listMine } from '../lib/reviews';
import { validate } from '../lib/validation';

/**
 * Guest reviews (public): write one (throttled, with an optional Idempotency-Key for the
 * offline outbox), read the approved ones, and the author's own awaiting approval.
 */
export const reviewRoutes = new Hono<AppEnv>()
  .get('/', validate('query', reviewListQuerySchema), async (c) => {
    const { limit = 10, offset = 0 } = c.req.valid('query');
    // Short: a review staff just approved shows up within half a minute.
    c.header('Cache-Control', 'public, max-age=30');
    return c.json(await listApproved(c.get('db'), limit, offset));
  })
  .get('/mine', async (c) => {
    const mine = await listMine(c);
    c.header('Cache-Control', 'no-store');
    return c.json(mine);
  })
  .post('/', validate('json', reviewCreateSchema), async (c) => {
    const body = c.req.valid('json');
    // The key's hash covers what was meant, so a retry with the same key and body replays.
    return createReview(c, body, body);
  });
