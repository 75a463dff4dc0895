import { createMiddleware } from 'hono/factory';
import type { ZodType } from 'zod';
import { roomTypeCodeSchema } from '@shared/room-type-schemas';
import type { AppEnv } from '../../platform/env';
import { ApiError } from '../../platform/api-error';
import type { MessageCode } from '../../platform/messages';
import { roomTypeQuery } from './catalog-queries';

/**
 * A JSON body's room type must be one of the hotel's (a row of `rooms`), not only a well-formed
 * code: put before `validate('json', schema)`. A code the hotel has no type of is refused like a
 * malformed one, 400 `validation_failed` with `invalid_room_type` on the field, together with
 * whatever else the schema finds wrong in the body (one answer names every bad field).
 */
export function knownRoomType(schema: ZodType, field = 'roomType') {
  return createMiddleware<AppEnv>(async (c, next) => {
    const body: unknown = await c.req.json().catch(() => null);
    const given = body && typeof body === 'object' ? (body as Record<string, unknown>)[field] : undefined;
    const code = roomTypeCodeSchema.safeParse(given);
    if (code.success && (await roomTypeQuery(c.get('db'), code.data)).length === 0) {
      const fields: Record<string, string> = {};
      const parsed = schema.safeParse(body);
      if (!parsed.success)
        for (const issue of parsed.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
      fields[field] = 'invalid_room_type';
      throw new ApiError(400, 'validation_failed', fields as Record<string, MessageCode>);
    }
    await next();
  });
}
