import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  offerActiveSchema,
  offerInputSchema,
  offerOrderSchema,
} from '../../../../shared/src/content-schemas';
import { idParamSchema } from '../../../../shared/src/date-schemas';
import { hotelToday } from '../../../../shared/src/dates';
import { offerPriceBaisa } from '../../../../shared/src/money';
import { offers, rooms } from '../../db/schema/catalog';
import { auditLog } from '../../db/schema/operations';
import type { AppEnv, Db } from '../../env';
import { insertWhere } from '../../lib/atomic';
import { auditEntry } from '../../lib/audit';
import { requireRole } from '../../http/auth';
import { ApiError } from '../../lib/errors';
import { translate } from '../../lib/messages';
import { nextSortOrder, offersWithPrices, type PricedOffer } from '../../lib/offers';
import { validate } from '../../http/validation';

/**
 * Staff: the offers (issue 14). List every offer (switched off, scheduled and
 * expired ones too), create, edit, switch on/off, reorder. Each write and its
 * audit line are one D1 batch. The price is not an input: it follows from the
 * room's original price and the discount (lib/offers.ts).
 */

/** An offer as the back office edits it, with today's date in Asia/Muscat for its state. */
function adminOffer(o: PricedOffer) {
  return {
    id: o.id,
    roomType: o.roomType,
    title: o.title,
    titleAr: o.titleAr,
    description: o.description,
    descriptionAr: o.descriptionAr,
    discount: o.discount,
    features: o.features,
    galleryImages: o.galleryImages,
    isBestSeller: o.isBestSeller,
    theme: o.theme,
    validFrom: o.validFrom,
    validTo: o.validTo,
    isActive: o.isActive,
    sortOrder: o.sortOrder,
    originalPriceBaisa: o.originalPriceBaisa,
    discountedPriceBaisa: o.discountedPriceBaisa,
    updatedAt: o.updatedAt.toISOString(),
  };
}

/** The row as the audit log keeps it, read by SQL in the batch before the change. */
const offerJson = (id: number) => sql`(select json_object(
  'roomType', room_type, 'title', title, 'titleAr', title_ar, 'description', description,
  'descriptionAr', description_ar, 'discount', discount, 'features', json(features),
  'isBestSeller', json(case when is_best_seller then 'true' else 'false' end), 'theme', theme,
  'validFrom', valid_from, 'validTo', valid_to,
  'isActive', json(case when is_active then 'true' else 'false' end), 'sortOrder', sort_order
) from ${offers} where id = ${id})`;

/** The stored figures of the last write (the shown price is always recomputed on read). */
async function storedPrices(db: Db, roomType: PricedOffer['roomType'], discount: number) {
  const room = await db
    .select({ original: rooms.originalPrice })
    .from(rooms)
    .where(eq(rooms.roomType, roomType))
    .get();
  if (!room) throw new ApiError(400, 'validation_failed', { roomType: 'invalid_room_type' });
  return { originalPrice: room.original, discountedPrice: offerPriceBaisa(room.original, discount) };
}

async function oneOffer(db: Db, id: number) {
  const [offer] = await offersWithPrices(db, eq(offers.id, id));
  if (!offer) throw new ApiError(404, 'offer_not_found');
  return adminOffer(offer);
}

export const offersAdmin = new Hono<AppEnv>()
  .use(requireRole('staff'))
  .get('/', async (c) => {
    const rows = await offersWithPrices(c.get('db'));
    return c.json({ today: hotelToday(), offers: rows.map(adminOffer) });
  })
  .post('/', validate('json', offerInputSchema), async (c) => {
    const input = c.req.valid('json');
    const db = c.get('db');
    const actor = c.get('user');
    const prices = await storedPrices(db, input.roomType, input.discount);
    // A slug only this request can have made: the audit line reads the new row back by it.
    const slug = `offer-${crypto.randomUUID()}`;
    const [inserted] = await db.batch([
      db
        .insert(offers)
        .values({ ...input, ...prices, slug, sortOrder: nextSortOrder, updatedByUserId: actor.id })
        .returning({ id: offers.id }),
      insertWhere(
        db,
        auditLog,
        {
          ...auditEntry(actor, 'offer.create', 'offer', null, null, input),
          entityId: sql`cast(made.id as text)`,
        },
        sql`made.slug = ${slug}`,
        sql`${offers} as made`,
      ),
    ]);
    const id = inserted[0]!.id;
    return c.json(
      { message: translate('offer_saved', c.get('language')), offer: await oneOffer(db, id) },
      201,
    );
  })
  .put('/order', validate('json', offerOrderSchema), async (c) => {
    const { ids } = c.req.valid('json');
    const db = c.get('db');
    const actor = c.get('user');
    const existing = await db.select({ id: offers.id }).from(offers);
    const known = new Set(existing.map((o) => o.id));
    // The whole list, each offer once: a stale screen (an offer added meanwhile) is told to reload.
    if (ids.length !== known.size || ids.some((id) => !known.has(id))) {
      throw new ApiError(409, 'offer_order_stale');
    }
    await db.batch([
      db
        .insert(auditLog)
        .values(
          auditEntry(actor, 'offer.reorder', 'offer', null, { ids: existing.map((o) => o.id) }, { ids }),
        ),
      // One statement: each id gets its position in the list.
      db.update(offers).set({
        sortOrder: sql`(select key + 1 from json_each(${JSON.stringify(ids)}) where value = ${offers.id})`,
        updatedAt: new Date(),
      }),
    ]);
    const rows = await offersWithPrices(db);
    return c.json({ message: translate('offer_saved', c.get('language')), offers: rows.map(adminOffer) });
  })
  .put('/:id', validate('param', idParamSchema), validate('json', offerInputSchema), async (c) => {
    const { id } = c.req.valid('param');
    const input = c.req.valid('json');
    const db = c.get('db');
    const actor = c.get('user');
    const prices = await storedPrices(db, input.roomType, input.discount);
    const [, updated] = await db.batch([
      // The audit line first, while the row is still the old one; only if the offer exists.
      insertWhere(
        db,
        auditLog,
        { ...auditEntry(actor, 'offer.update', 'offer', id, null, input), before: offerJson(id) },
        sql`exists (select 1 from ${offers} where id = ${id})`,
      ),
      db
        .update(offers)
        .set({ ...input, ...prices, updatedByUserId: actor.id, updatedAt: new Date() })
        .where(eq(offers.id, id))
        .returning({ id: offers.id }),
    ]);
    if (updated.length === 0) throw new ApiError(404, 'offer_not_found');
    return c.json({ message: translate('offer_saved', c.get('language')), offer: await oneOffer(db, id) });
  })
  .patch('/:id/active', validate('param', idParamSchema), validate('json', offerActiveSchema), async (c) => {
    const { id } = c.req.valid('param');
    const { isActive } = c.req.valid('json');
    const db = c.get('db');
    const actor = c.get('user');
    const [, updated] = await db.batch([
      insertWhere(
        db,
        auditLog,
        {
          ...auditEntry(actor, isActive ? 'offer.activate' : 'offer.deactivate', 'offer', id, null, {
            isActive,
          }),
          before: sql`(select json_object('isActive', json(case when is_active then 'true' else 'false' end)) from ${offers} where id = ${id})`,
        },
        sql`exists (select 1 from ${offers} where id = ${id})`,
      ),
      db
        .update(offers)
        .set({ isActive, updatedByUserId: actor.id, updatedAt: new Date() })
        .where(eq(offers.id, id))
        .returning({ id: offers.id }),
    ]);
    if (updated.length === 0) throw new ApiError(404, 'offer_not_found');
    return c.json({ message: translate('offer_saved', c.get('language')), offer: await oneOffer(db, id) });
  });
