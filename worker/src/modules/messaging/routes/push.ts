import { Hono, type Context } from 'hono';
import { pushSubscriptionSchema, pushUnsubscribeSchema } from '@shared/push-schemas';
import type { AppEnv } from '../../../platform/env';
import { requestDeviceId } from '../../../platform/device-id';
import { readSession } from '../../../platform/session-cookies';
import { validate } from '../../../platform/validation';
import { ApiError } from '../../../platform/api-error';
import { translate } from '../../../platform/messages';
import { subscribe, unsubscribe, vapidPublicKey, type Subscriber } from '../push-subscriptions';

/**
 * Web Push (docs/decisions/038-web-push.md): the application server's
 * public key, and a browser's subscription kept or forgotten, for the signed-in account and
 * this device (`X-Device-Id`), in the request's language.
 */
async function subscriber(c: Context<AppEnv>): Promise<Subscriber> {
  const session = await readSession(c);
  return { user: session?.user ?? null, deviceId: requestDeviceId(c), lang: c.get('language') };
}

export const pushRoutes = new Hono<AppEnv>()
  .get('/public-key', (c) => {
    const publicKey = vapidPublicKey(c.env);
    if (!publicKey) throw new ApiError(503, 'push_unavailable');
    c.header('Cache-Control', 'public, max-age=3600');
    return c.json({ publicKey });
  })
  .post('/subscriptions', validate('json', pushSubscriptionSchema), async (c) => {
    await subscribe(c.get('db'), c.env, await subscriber(c), c.req.valid('json'));
    return c.json({ message: translate('push_subscribed', c.get('language')) }, 201);
  })
  .delete('/subscriptions', validate('json', pushUnsubscribeSchema), async (c) => {
    await unsubscribe(c.get('db'), await subscriber(c), c.req.valid('json').endpoint);
    return c.json({ message: translate('push_unsubscribed', c.get('language')) });
  });
