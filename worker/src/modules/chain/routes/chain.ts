import { Hono } from 'hono';
import { chainAvailabilityQuerySchema, handoffSchema, handoffTokenSchema } from '@shared/chain-schemas';
import type { AppEnv } from '../../../platform/env';
import { requireUser } from '../../../platform/auth-middleware';
import { validate } from '../../../platform/validation';
import { chainAvailability, myChainStays } from '../guests';
import { makeHandoff, myHotels, spendHandoff } from '../handoffs';

/**
 * /api/chain (docs/decisions/103): a guest's search across the chain's hotels, the account's stays
 * at every hotel, the hotels a member of staff may use, and the handoff that carries a signed-in
 * account to another hotel (made here, spent there).
 */
export const chainRoutes = new Hono<AppEnv>()
  .get('/availability', validate('query', chainAvailabilityQuerySchema), async (c) => {
    const answer = await chainAvailability(c.env, new URL(c.req.url), c.req.valid('query'));
    c.header('Cache-Control', 'no-cache');
    return c.json(answer);
  })
  .get('/my-stays', requireUser, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ stays: await myChainStays(c.env, new URL(c.req.url), c.get('user')) });
  })
  .get('/my-hotels', requireUser, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ hotels: await myHotels(c.env, new URL(c.req.url), c.get('user')) });
  })
  .post('/handoff', requireUser, validate('json', handoffSchema), async (c) => {
    return c.json(await makeHandoff(c.env, new URL(c.req.url), c.get('user'), c.req.valid('json')), 201);
  })
  .get('/handoff', validate('query', handoffTokenSchema), async (c) => {
    const next = await spendHandoff(c, c.req.valid('query').token);
    c.header('Cache-Control', 'no-store');
    return c.redirect(next, 302);
  });
