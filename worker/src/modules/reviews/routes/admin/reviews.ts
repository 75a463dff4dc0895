import { Hono } from 'hono';
import { idParamSchema } from '@shared/date-schemas';
import { reviewDecisionSchema } from '@shared/review-schemas';
import type { AppEnv } from '../../../../platform/env';
import { requireRole } from '../../../../platform/auth-middleware';
import { decideReview, deleteReview, listForStaff } from '../../reviews';
import { validate } from '../../../../platform/validation';
import { answerIfChanged } from '../../../../platform/etag-answers';

/** Review moderation: staff list and decide (audited); admins delete. Polled with an ETag. */
export const adminReviewRoutes = new Hono<AppEnv>()
  .get('/', requireRole('staff'), async (c) => {
    await answerIfChanged(c, ['reviews'], 'admin-reviews');
    c.header('Cache-Control', 'no-store');
    return c.json(await listForStaff(c.get('db')));
  })
  .patch(
    '/:id',
    requireRole('staff'),
    validate('param', idParamSchema),
    validate('json', reviewDecisionSchema),
    async (c) => {
      const { isApproved, adminNotes } = c.req.valid('json');
      const decided = await decideReview(
        c.get('db'),
        c.get('user'),
        c.req.valid('param').id,
        isApproved,
        adminNotes,
      );
      c.header('Cache-Control', 'no-store');
      return c.json(decided, 200);
    },
  )
  .delete('/:id', requireRole('admin'), validate('param', idParamSchema), async (c) => {
    const deleted = await deleteReview(c.get('db'), c.get('user'), c.req.valid('param').id);
    c.header('Cache-Control', 'no-store');
    return c.json(deleted, 200);
  });
