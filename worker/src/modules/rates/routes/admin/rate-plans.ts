import { Hono } from 'hono';
import { ratePlanCreateSchema, ratePlanParamSchema, ratePlanPatchSchema } from '@shared/rate-schemas';
import { requireRole } from '../../../../platform/auth-middleware';
import type { AppEnv } from '../../../../platform/env';
import { translate } from '../../../../platform/messages';
import { validate } from '../../../../platform/validation';
import { createRatePlan, listRatePlans, updateRatePlan } from '../../plans-admin';

/**
 * /api/admin/rate-plans (the rules in modules/rates/plans-admin.ts): every plan, retired ones
 * included, standard first (staff and up); a new plan and a change of one (admins), each with its
 * audit line in one D1 batch.
 */
export const ratePlansAdmin = new Hono<AppEnv>()
  .get('/', requireRole('staff'), async (c) => c.json({ ratePlans: await listRatePlans(c.get('db')) }))
  .post('/', requireRole('admin'), validate('json', ratePlanCreateSchema), async (c) => {
    const ratePlan = await createRatePlan(c.get('db'), c.get('user'), c.req.valid('json'));
    return c.json({ message: translate('rate_plan_saved', c.get('language')), ratePlan }, 201);
  })
  .patch(
    '/:code',
    requireRole('admin'),
    validate('param', ratePlanParamSchema),
    validate('json', ratePlanPatchSchema),
    async (c) => {
      const { code } = c.req.valid('param');
      const ratePlan = await updateRatePlan(c.get('db'), c.get('user'), code, c.req.valid('json'));
      return c.json({ message: translate('rate_plan_saved', c.get('language')), ratePlan });
    },
  );
