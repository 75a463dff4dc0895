import { Hono } from 'hono';
import { idParamSchema } from '../../../../shared/src/booking-schemas';
import { reviewDecisionSchema } from '../../../../shared/src/review-schemas';
import type { AppEnv } from '../../env';
import { requireRole } from '../../lib/auth';
import { decideReview, deleteReview, listForStaff } from '../../lib/reviews';
import { validate } from '../../lib/validation';
import { answerIfChanged } from '../../lib/versions';

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
    (c) => {
      const { isApproved, adminNotes } = c.req.valid('json');
      return decideReview(c, c.req.valid('param').id, isApproved, adminNotes);
    },
  )
  .delete('/:id', requireRole('admin'), validate('param', idParamSchema), (c) =>
    deleteReview(c, c.req.valid('param').id),
  );
