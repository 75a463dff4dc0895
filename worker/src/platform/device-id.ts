import type { Context } from 'hono';
import { REVIEW_DEVICE_HEADER, reviewDeviceIdSchema } from '@shared/review-schemas';
import { ApiError } from './api-error';
import type { AppEnv } from './env';

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

/** The device's id from its header (REVIEW_DEVICE_HEADER), if sent; a malformed one is refused (400). */
export function deviceIdOf(header: string | undefined): string | null {
  if (header === undefined || header.trim() === '') return null;
  const parsed = reviewDeviceIdSchema.safeParse(header.trim());
  if (!parsed.success) throw new ApiError(400, 'device_id_invalid');
  return parsed.data;
}
