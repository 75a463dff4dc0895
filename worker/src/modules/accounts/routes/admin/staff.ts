import { Hono } from 'hono';
import { createStaffSchema, resetPasswordSchema, updateStaffSchema } from '@shared/auth-schemas';
import { idParamSchema } from '@shared/date-schemas';
import type { AppEnv } from '../../../../platform/env';
import { requireRole } from '../../../../platform/auth-middleware';
import { validate } from '../../../../platform/validation';
import { sessionsEnded } from '../../../../platform/session-hooks';
import { translate } from '../../../../platform/messages';
import {
  changeStaffRole,
  createStaff,
  disableStaff,
  enableStaff,
  listStaff,
  resetStaffPassword,
} from '../../staff';

/**
 * /api/admin/staff: the hotel's accounts and their roles (modules/accounts/staff.ts); admins only.
 * Every write is audited.
 */
export const staff = new Hono<AppEnv>()
  .use(requireRole('admin'))
  .get('/', async (c) => c.json({ staff: await listStaff(c.get('db')) }))
  .post('/', validate('json', createStaffSchema), async (c) => {
    const created = await createStaff(c.get('db'), c.env, c.get('user'), c.req.valid('json'));
    return c.json({ message: translate('staff_created', c.get('language')), staff: created }, 201);
  })
  .patch('/:id', validate('param', idParamSchema), validate('json', updateStaffSchema), async (c) => {
    const { id } = c.req.valid('param');
    const changed = await changeStaffRole(c.get('db'), c.env, c.get('user'), id, c.req.valid('json'));
    // A socket opened under the old role (the inbox's) hears nothing more: it is opened again.
    await sessionsEnded(c.env, { userId: id });
    return c.json({ message: translate('staff_role_changed', c.get('language')), staff: changed });
  })
  .post('/:id/disable', validate('param', idParamSchema), async (c) => {
    await disableStaff(c.get('db'), c.env, c.get('user'), c.req.valid('param').id);
    await sessionsEnded(c.env, { userId: c.req.valid('param').id });
    return c.json({ message: translate('staff_disabled', c.get('language')) });
  })
  .post('/:id/enable', validate('param', idParamSchema), async (c) => {
    await enableStaff(c.get('db'), c.get('user'), c.req.valid('param').id);
    return c.json({ message: translate('staff_enabled', c.get('language')) });
  })
  .post(
    '/:id/reset-password',
    validate('param', idParamSchema),
    validate('json', resetPasswordSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      await resetStaffPassword(c.get('db'), c.env, c.get('user'), id, c.req.valid('json').password);
      await sessionsEnded(c.env, { userId: id });
      return c.json({ message: translate('password_reset', c.get('language')) });
    },
  );
