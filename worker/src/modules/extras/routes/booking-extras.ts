import { Hono, type Context } from 'hono';
import { z } from '@shared/zod';
import { idParamSchema, idSchema } from '@shared/date-schemas';
import { extraPurchaseSchema, stayExtrasQuerySchema } from '@shared/extras';
import { roleAtLeast } from '@shared/roles';
import { ApiError } from '../../../platform/api-error';
import type { AppEnv } from '../../../platform/env';
import { createdHeaders, idempotencyFrom } from '../../../platform/idempotency-key';
import { readSession } from '../../../platform/session-cookies';
import { validate } from '../../../platform/validation';
import { findOwnedBooking, findVisibleBooking } from '../../bookings';
import { stayOffers } from '../offers';
import { buyExtra, payPurchase, stayPurchases } from '../purchases';

/**
 * A stay's extras (docs/decisions/098-stay-extras.md), under /api/booking-submissions/:id:
 *
 * - GET /extras[?via=whatsapp] -> `{ extras: [{ id, kind, nameAr, nameEn, priceBaisa, totalBaisa,
 *   available, reason?, ... }] }`: the offers the stay may buy and whether each can be had now
 *   (recorded as shown: on the app, the WhatsApp message's link, or the desk for staff);
 * - POST /extras `{ extraId, quantity?, details?, channel? }` with an `Idempotency-Key` (400 without)
 *   -> 201 `{ purchase: { id, status: 'confirmed' | 'requested', totalBaisa, ... } }`, 409 with a code
 *   when it cannot be had (purchases.ts `buyExtra`); a retry answers the first purchase again;
 * - GET /purchases -> `{ purchases }`;
 * - POST /purchases/:purchaseId/payment -> 201 `{ sessionId, checkoutUrl, amountBaisa }` (an extra paid
 *   online: its plan takes a deposit).
 *
 * Who: the booking's own guest (its account, or a device granted it by reference and phone or a
 * signed link), or staff (the desk sells: its channel); anyone else 404, as for an unknown booking.
 */
async function accessibleBooking(c: Context<AppEnv>, id: number) {
  const session = await readSession(c);
  if (session && roleAtLeast(session.user.role, 'staff')) {
    return {
      booking: await findVisibleBooking(c.get('db'), session.user, id),
      actor: session.user,
      staff: true,
    };
  }
  return { booking: await findOwnedBooking(c, id), actor: session?.user ?? null, staff: false };
}

const purchaseParams = z.object({ id: idSchema, purchaseId: idSchema });

export const bookingExtrasRoutes = new Hono<AppEnv>()
  .get(
    '/:id/extras',
    validate('param', idParamSchema),
    validate('query', stayExtrasQuerySchema),
    async (c) => {
      const { booking, staff } = await accessibleBooking(c, c.req.valid('param').id);
      const channel = staff ? 'desk' : (c.req.valid('query').via ?? 'app');
      c.header('Cache-Control', 'private, no-store');
      return c.json(
        await stayOffers(c.get('db'), booking, { channel, record: true, language: c.get('language') }),
      );
    },
  )
  .post('/:id/extras', validate('param', idParamSchema), validate('json', extraPurchaseSchema), async (c) => {
    if (!c.req.header('idempotency-key')?.trim()) throw new ApiError(400, 'idempotency_key_required');
    const { booking, actor, staff } = await accessibleBooking(c, c.req.valid('param').id);
    const input = c.req.valid('json');
    const idem = await idempotencyFrom(c, `extra:${booking.id}`, input);
    const { body, replayed } = await buyExtra(c.get('db'), {
      env: c.env,
      booking,
      actor,
      staff,
      input,
      idem,
      language: c.get('language'),
    });
    createdHeaders(c, replayed);
    return c.json(body, 201);
  })
  .get('/:id/purchases', validate('param', idParamSchema), async (c) => {
    const { booking } = await accessibleBooking(c, c.req.valid('param').id);
    c.header('Cache-Control', 'private, no-store');
    return c.json(await stayPurchases(c.get('db'), booking));
  })
  .post('/:id/purchases/:purchaseId/payment', validate('param', purchaseParams), async (c) => {
    const { id, purchaseId } = c.req.valid('param');
    const { booking, actor } = await accessibleBooking(c, id);
    const opened = await payPurchase(c.env, c.get('db'), {
      origin: new URL(c.req.url).origin,
      booking,
      purchaseId,
      actor,
      language: c.get('language'),
      ctx: c.executionCtx,
    });
    c.header('Cache-Control', 'no-store');
    const { reused, ...body } = opened;
    return c.json(body, reused ? 200 : 201);
  });
