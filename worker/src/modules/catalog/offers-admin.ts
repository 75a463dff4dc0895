import { eq, sql } from 'drizzle-orm';
import type { SessionUser } from '@shared/auth-schemas';
import type { OfferInput } from '@shared/content-schemas';
import { hotelToday } from '@shared/dates';
import { offerPriceBaisa } from '@shared/money';
import { offers, rooms } from './tables';
import { auditLog } from '../../platform/tables';
import type { Db } from '../../platform/env';
import { insertWhere } from '../../platform/atomic';
import { auditEntry } from '../../platform/audit';
import { ApiError } from '../../platform/api-error';
import { nextSortOrder, offersWithPrices, type PricedOffer } from './offers';

/**
 * Staff: the offers (modules/catalog/routes/admin/offers.ts). List every offer (switched off, scheduled and
 * expired ones too), create, edit, switch on/off, reorder. Each write and its
 * audit line are one D1 batch. The price is not an input: it follows from the
 * room's original price and the discount (modules/catalog/offers.ts). An offer with its own prices (the
 * spec's demo offers, migration 0023) keeps them while its room and discount are left as they
 * are; a new discount or room prices it by the rule like any offer staff create.
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
    fixedPrices: o.fixedPrices,
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

/** Every offer (switched off, scheduled and expired ones too), with today's date. */
export async function listAdminOffers(db: Db) {
  const rows = await offersWithPrices(db);
  return { today: hotelToday(), offers: rows.map(adminOffer) };
}

/** A new offer, last in the order; the offer and its audit line are one batch. */
export async function createOffer(db: Db, actor: SessionUser, input: OfferInput) {
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
  return oneOffer(db, inserted[0]!.id);
}

/**
 * The offers in a new order: the whole list, each offer once, else 409 (a stale screen, an
 * offer added meanwhile, is told to reload). Returns every offer in its new order.
 */
export async function reorderOffers(db: Db, actor: SessionUser, ids: number[]) {
  const existing = await db.select({ id: offers.id }).from(offers);
  const known = new Set(existing.map((o) => o.id));
  if (ids.length !== known.size || ids.some((id) => !known.has(id))) {
    throw new ApiError(409, 'offer_order_stale');
  }
  await db.batch([
    db
      .insert(auditLog)
      .values(auditEntry(actor, 'offer.reorder', 'offer', null, { ids: existing.map((o) => o.id) }, { ids })),
    // One statement: each id gets its position in the list.
    db.update(offers).set({
      sortOrder: sql`(select key + 1 from json_each(${JSON.stringify(ids)}) where value = ${offers.id})`,
      updatedAt: new Date(),
    }),
  ]);
  const rows = await offersWithPrices(db);
  return rows.map(adminOffer);
}

/** An offer edited (404 if there is none); the audit line keeps the row as it was. */
export async function updateOffer(db: Db, actor: SessionUser, id: number, input: OfferInput) {
  const prices = await storedPrices(db, input.roomType, input.discount);
  const keepsOwn = sql`(${offers.roomType} = ${input.roomType} and ${offers.discount} = ${input.discount})`;
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
      .set({
        ...input,
        // SET reads the row as it was: its own prices stay while the room and discount do.
        fixedPrices: sql`(${keepsOwn} and ${offers.fixedPrices})`,
        originalPrice: sql`case when ${keepsOwn} and ${offers.fixedPrices} then ${offers.originalPrice} else ${prices.originalPrice} end`,
        discountedPrice: sql`case when ${keepsOwn} and ${offers.fixedPrices} then ${offers.discountedPrice} else ${prices.discountedPrice} end`,
        updatedByUserId: actor.id,
        updatedAt: new Date(),
      })
      .where(eq(offers.id, id))
      .returning({ id: offers.id }),
  ]);
  if (updated.length === 0) throw new ApiError(404, 'offer_not_found');
  return oneOffer(db, id);
}

/** An offer switched on or off (404 if there is none). */
export async function setOfferActive(db: Db, actor: SessionUser, id: number, isActive: boolean) {
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
  return oneOffer(db, id);
}
