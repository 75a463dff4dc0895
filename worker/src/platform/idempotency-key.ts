import type { Context } from 'hono';
import type { AppEnv } from './env';
import { idempotencyOf, type Idempotency } from './idempotency';

/** The request's `Idempotency-Key` for a create in `scope` (platform/idempotency.ts). */
export function idempotencyFrom<E extends AppEnv>(
  c: Context<E>,
  scope: string,
  body: unknown,
): Promise<Idempotency | null> {
  return idempotencyOf(c.req.header('idempotency-key'), scope, body);
}

/** The headers of a create's answer: never cached, and marked when it is a stored one replayed. */
export function createdHeaders<E extends AppEnv>(c: Context<E>, replayed: boolean): void {
  if (replayed) c.header('Idempotent-Replayed', 'true');
  c.header('Cache-Control', 'no-store');
}
