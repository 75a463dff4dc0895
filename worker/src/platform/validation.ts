import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { ZodType } from 'zod';
import { ApiError } from './api-error';
import type { MessageCode } from './messages';
import { noteSchema } from './openapi';

/**
 * zValidator with the API's error shape: each failing field gets its message
 * code (the zod message), which the error handler translates. The schema is noted for the
 * API's OpenAPI document (platform/openapi.ts).
 */
export function validate<Target extends keyof ValidationTargets, Schema extends ZodType>(
  target: Target,
  schema: Schema,
) {
  const middleware = zValidator(target, schema, (result) => {
    if (!result.success) {
      const fields: Record<string, string> = {};
      for (const issue of result.error.issues) {
        const key = issue.path.length > 0 ? issue.path.join('.') : '_';
        fields[key] ??= issue.message;
      }
      throw new ApiError(400, 'validation_failed', fields as Record<string, MessageCode>);
    }
  });
  return noteSchema(middleware, target, schema);
}
