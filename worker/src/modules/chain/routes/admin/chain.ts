import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import {
  chainAccessSchema,
  chainFlashQuerySchema,
  chainManagerSchema,
  chainGuestSearchSchema,
  chainMonthQuerySchema,
} from '@shared/chain-schemas';
import type { AppEnv } from '../../../../platform/env';
import { requireRole, type AuthedEnv } from '../../../../platform/auth-middleware';
import { ApiError } from '../../../../platform/api-error';
import { translate } from '../../../../platform/messages';
import { validate } from '../../../../platform/validation';
import { giveHotelAccess } from '../../handoffs';
import { chainFlash, chainMonth } from '../../reports';
import { searchChainGuests } from '../../identity-index';
import {
  grantChainManagerRole,
  isDeploymentAdmin,
  listChainManagers,
  readsTheChain,
  revokeChainManagerRole,
} from '../../managers';

/**
 * The chain's reports and its guest index are the chain manager's (a role of the chain,
 * `chain_roles`) and the deployment's admin's (ADMIN_EMAIL, admin at every hotel): a hotel's
 * manager, front desk or own admin is refused the other hotels' figures and guests (403).
 */
const requireChainManager = createMiddleware<AuthedEnv>(async (c, next) => {
  if (!(await readsTheChain(c.env, c.get('user')))) throw new ApiError(403, 'forbidden');
  await next();
});

/** The chain manager's role is given and taken by the deployment's admin alone (403 to anyone else). */
const requireDeploymentAdmin = createMiddleware<AuthedEnv>(async (c, next) => {
  if (!isDeploymentAdmin(c.env, c.get('user'))) throw new ApiError(403, 'forbidden');
  await next();
});

/**
 * /api/admin/chain (docs/decisions/103): the chain's flash and month by hotel and in total (the
 * closed days the hotels pushed), the desk's search of the guest identity index across hotels, the
 * chain's managers (read as the reports are; given and taken by the deployment's admin), and an
 * admin's grant of a role at this hotel to an account of the chain.
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
  .get('/managers', requireRole('manager'), requireChainManager, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await listChainManagers(c.env, c.get('user')));
  })
  .post(
    '/managers',
    requireRole('admin'),
    requireDeploymentAdmin,
    validate('json', chainManagerSchema),
    async (c) => {
      const { email } = c.req.valid('json');
      const changed = await grantChainManagerRole(c.env, c.get('db'), c.get('user'), email);
      const code = changed ? 'chain_manager_granted' : 'chain_manager_already';
      return c.json({ email, changed, message: translate(code, c.get('language')) });
    },
  )
  .delete(
    '/managers/:email',
    requireRole('admin'),
    requireDeploymentAdmin,
    validate('param', chainManagerSchema),
    async (c) => {
      const { email } = c.req.valid('param');
      const changed = await revokeChainManagerRole(c.env, c.get('db'), c.get('user'), email);
      const code = changed ? 'chain_manager_revoked' : 'chain_manager_absent';
      return c.json({ email, changed, message: translate(code, c.get('language')) });
    },
  )
  .post('/access', requireRole('admin'), validate('json', chainAccessSchema), async (c) => {
    const { email, role } = c.req.valid('json');
    await giveHotelAccess(c.env, c.get('db'), email, role);
    return c.json({ message: translate('hotel_access_given', c.get('language')) });
  });
