import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { posChargeSchema } from '@shared/outlets';
import { ApiError } from '../../../platform/api-error';
import type { AppEnv } from '../../../platform/env';
import { createdHeaders, idempotencyFrom } from '../../../platform/idempotency-key';
import { validate } from '../../../platform/validation';
import { postPosCharge } from '../checks';
import { outletOfKey } from '../outlets-admin';

type PosEnv = AppEnv & { Variables: { posKey: { outletId: number; keyId: number } } };

/** 401 without a live outlet key (`Authorization: Bearer olk_…`), before anything else is read. */
const requireOutletKey = createMiddleware<PosEnv>(async (c, next) => {
  const key = await outletOfKey(c.get('db'), c.req.header('authorization'));
  if (!key)
    throw new ApiError(401, 'pos_key_invalid', undefined, undefined, { 'WWW-Authenticate': 'Bearer' });
  c.set('posKey', key);
  await next();
});

/** 400 without an Idempotency-Key: a till's retry must be recognised as one. */
const requireIdempotencyKey = createMiddleware<PosEnv>(async (c, next) => {
  if (!c.req.header('idempotency-key')?.trim()) throw new ApiError(400, 'idempotency_key_required');
  await next();
});

/**
 * /api/pos: an outside point-of-sale system (docs/decisions/090-outlets.md).
 *
 * - POST /charges with `Authorization: Bearer <outlet key>` and an `Idempotency-Key`, body
 *   `{ roomNumber | bookingId, guestSurname, items: [{ name, quantity, amountBaisa, department }],
 *   checkNumber }` -> 201 `{ message, check }` (a retry: the same answer, `Idempotent-Replayed`).
 *   401 without a live key; 400 without a key header or with a malformed body; 409 a room not in
 *   house (checked out), a surname not the guest's, a flagged guest, no credit left, a check
 *   number posted already.
 *
 * @example
 * api.route('/pos', posRoutes); // the entry mounts it
 */
export const posRoutes = new Hono<PosEnv>().post(
  '/charges',
  requireOutletKey,
  requireIdempotencyKey,
  validate('json', posChargeSchema),
  async (c) => {
    const input = c.req.valid('json');
    const key = c.get('posKey');
    const idem = (await idempotencyFrom(c, `pos_charge:${key.outletId}`, input))!;
    const { replayed, ...body } = await postPosCharge(c.get('db'), key, input, {
      idem,
      language: c.get('language') as 'ar' | 'en',
    });
    createdHeaders(c, replayed);
    return c.json(body, 201);
  },
);
