import { Hono } from 'hono';
import { reviewCreateSchema, reviewListQuerySchema } from '@shared/review-schemas';
import { REVIEW_DEVICE_HEADER } from '@shared/review-schemas';
import type { AppEnv } from '../../../platform/env';
import { createdHeaders } from '../../../platform/idempotency-key';
import { clientAddress } from '../../../platform/request';
import { readSession } from '../../../platform/session-cookies';
import { createReview, listApproved, listMine } from '../reviews';
import { validate } from '../../../platform/validation';

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
    const session = await readSession(c);
    const mine = await listMine(c.get('db'), {
      deviceHeader: c.req.header(REVIEW_DEVICE_HEADER),
      userId: session?.user.id ?? null,
    });
    c.header('Cache-Control', 'no-store');
    return c.json(mine);
  })
  .post('/', validate('json', reviewCreateSchema), async (c) => {
    const body = c.req.valid('json');
    // The key's hash covers what was meant, so a retry with the same key and body replays.
    const session = await readSession(c);
    const created = await createReview(
      c.get('db'),
      {
        deviceHeader: c.req.header(REVIEW_DEVICE_HEADER),
        userId: session?.user.id ?? null,
        address: clientAddress(c),
        idempotencyKey: c.req.header('idempotency-key'),
        lang: c.get('language'),
      },
      body,
      body,
    );
    createdHeaders(c, created.replayed);
    return c.json(created.body, 201);
  });
