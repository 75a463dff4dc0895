import type { Context } from 'hono';
import { REVIEW_DEVICE_HEADER } from '../../../shared/src/review-schemas';
import type { AppEnv } from './env';
import { deviceIdOf } from '../modules/reviews/reviews';

/**
 * The device that sent the request: its own random id (a UUID kept on the device,
 * web/src/lib/device-id.ts), in the `X-Device-Id` header, or null when none was sent; a
 * malformed one is refused (400). Reviews, bookings and entries keep it, and so does a push
 * subscription, so a guest without an account hears about what their device sent
 * (docs/decisions/038-web-push.md). It proves nothing about a person.
 */
export function requestDeviceId(c: Context<AppEnv>): string | null {
  return deviceIdOf(c.req.header(REVIEW_DEVICE_HEADER));
}
