import type { Context } from 'hono';
import type { AppEnv } from './env';
import { idempotencyOf, type Idempotency } from './idempotency';

/** The request's `Idempotency-Key` for a create in `scope` (platform/idempotency.ts). */
export function idempotencyFrom(
  c: Context<AppEnv>,
  scope: string,
  body: unknown,
): Promise<Idempotency | null> {
  return idempotencyOf(c.req.header('idempotency-key'), scope, body);
}

/** The headers of a create's answer: never cached, and marked when it is a stored one replayed. */
export function createdHeaders(c: Context<AppEnv>, replayed: boolean): void {
  if (replayed) c.header('Idempotent-Replayed', 'true');
  c.header('Cache-Control', 'no-store');
}
