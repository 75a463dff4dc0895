import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import {
  chainAccessSchema,
  chainFlashQuerySchema,
  chainGuestSearchSchema,
  chainMonthQuerySchema,
} from '@shared/chain-schemas';
import type { AppEnv } from '../../../../platform/env';
import { requireRole, type AuthedEnv } from '../../../../platform/auth-middleware';
import { ApiError } from '../../../../platform/api-error';
import { hasRole } from '../../../../platform/roles';
import { translate } from '../../../../platform/messages';
import { validate } from '../../../../platform/validation';
import { rootEnv } from '../../../../platform/hotels';
import { chainDb, chainRolesOf } from '../../chain-database';
import { giveHotelAccess } from '../../handoffs';
import { chainFlash, chainMonth } from '../../reports';
import { searchChainGuests } from '../../identity-index';

/**
 * The chain's reports and its guest index are the chain manager's (a role of the chain,
 * `chain_roles`) and the deployment's admin's (ADMIN_EMAIL, admin at every hotel): a hotel's
 * manager, front desk or own admin is refused the other hotels' figures and guests (403).
 */
const requireChainManager = createMiddleware<AuthedEnv>(async (c, next) => {
  const user = c.get('user');
  const chainAdmin = hasRole(user, 'admin') && user.email === rootEnv(c.env).ADMIN_EMAIL.trim().toLowerCase();
  if (!chainAdmin && !(await chainRolesOf(chainDb(c.env), user.email)).includes('chain_manager')) {
    throw new ApiError(403, 'forbidden');
  }
  await next();
});

/**
 * /api/admin/chain (docs/decisions/103): the chain's flash and month by hotel and in total (the
 * closed days the hotels pushed), the desk's search of the guest identity index across hotels, and
 * an admin's grant of a role at this hotel to an account of the chain.
 */
export const chainAdmin = new Hono<AppEnv>()
  .get(
    '/flash',
    requireRole('manager'),
    requireChainManager,
    validate('query', chainFlashQuerySchema),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await chainFlash(c.env, new URL(c.req.url), c.req.valid('query').date));
    },
  )
  .get(
    '/month',
    requireRole('manager'),
    requireChainManager,
    validate('query', chainMonthQuerySchema),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await chainMonth(c.env, new URL(c.req.url), c.req.valid('query').month));
    },
  )
  .get(
    '/guests',
    requireRole('staff'),
    requireChainManager,
    validate('query', chainGuestSearchSchema),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ results: await searchChainGuests(c.env, c.req.valid('query').q) });
    },
  )
  .post('/access', requireRole('admin'), validate('json', chainAccessSchema), async (c) => {
    const { email, role } = c.req.valid('json');
    await giveHotelAccess(c.env, c.get('db'), email, role);
    return c.json({ message: translate('hotel_access_given', c.get('language')) });
  });
