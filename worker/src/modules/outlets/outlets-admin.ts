import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { SessionUser } from '@shared/auth-schemas';
import { OUTLET_RULES, type OutletInput, type OutletItemInput } from '@shared/outlets';
import { ApiError } from '../../platform/api-error';
import { insertWhere } from '../../platform/atomic';
import { audit, auditEntry } from '../../platform/audit';
import { randomToken, sha256Hex } from '../../platform/crypto';
import type { Db } from '../../platform/env';
import { auditLog, users } from '../../platform/tables';
import { itemPhotoUrl } from './item-photos';
import { outletItems, outletKeys, outletStaff, outlets, type Outlet } from './tables';

/**
 * The outlets as managers set them up (/api/admin/outlets, docs/decisions/090-outlets.md): each
 * outlet with its hours and staff, its menu, and the keys of the outside systems that post to it.
 * A key is made random, kept only as its SHA-256 and shown once; revoking it ends it at once.
 */

const keyView = (k: typeof outletKeys.$inferSelect) => ({
  id: k.id,
  label: k.label,
  hint: k.keyHint,
  createdAt: k.createdAt.toISOString(),
  revokedAt: k.revokedAt?.toISOString() ?? null,
});

const outletView = (o: Outlet, staffIds: number[]) => ({
  id: o.id,
  nameAr: o.nameAr,
  nameEn: o.nameEn,
  kind: o.kind,
  opensAt: o.opensAt,
  closesAt: o.closesAt,
  active: o.active,
  appOrders: o.appOrders,
  slotCapacity: o.slotCapacity,
  staffIds,
});
export type OutletView = ReturnType<typeof outletView>;

/**
 * Every outlet with its staff, and the hotel's staff accounts a manager may give an outlet (one
 * round trip: the outlets and their staff are the hotel's few, the accounts its staff).
 *
 * @example const { outlets, staff } = await listOutlets(db);
 */
export async function listOutlets(db: Db) {
  const [rows, staffRows, accounts] = await db.batch([
    db.select().from(outlets).orderBy(asc(outlets.id)),
    db.select().from(outletStaff),
    db
      .select({ id: users.id, fullName: users.fullName, email: users.email, role: users.role })
      .from(users)
      .where(and(ne(users.role, 'guest'), eq(users.isDisabled, false)))
      .orderBy(asc(users.fullName))
      .limit(500),
  ]);
  return {
    outlets: rows.map((o) =>
      outletView(
        o,
        staffRows.filter((s) => s.outletId === o.id).map((s) => s.userId),
      ),
    ),
    staff: accounts,
  };
}

/** The staff statements of an outlet: its list replaced by `staffIds` (hotel accounts only). */
async function staffStatements(db: Db, outletId: number | null, staffIds: number[] | undefined) {
  if (staffIds === undefined) return [];
  const ids = [...new Set(staffIds)];
  if (ids.length > 0) {
    const found = await db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, ids), ne(users.role, 'guest')));
    if (found.length !== ids.length) throw new ApiError(400, 'outlet_staff_invalid');
  }
  const outletIdSql = outletId ?? sql`(select max(id) from outlets)`;
  return [
    db.delete(outletStaff).where(sql`${outletStaff.outletId} = ${outletIdSql}`),
    ...ids.map((userId) => db.insert(outletStaff).select(sql`select ${outletIdSql}, ${userId}`)),
  ];
}

/** A new outlet (its staff with it, in one batch). */
export async function createOutlet(db: Db, user: SessionUser, input: OutletInput) {
  const staff = await staffStatements(db, null, input.staffIds ?? []);
  const values = {
    nameAr: input.nameAr,
    nameEn: input.nameEn,
    kind: input.kind,
    opensAt: input.opensAt,
    closesAt: input.closesAt,
    active: input.active ?? true,
    appOrders: input.appOrders ?? false,
    slotCapacity: input.slotCapacity ?? 1,
  };
  const [inserted] = await db.batch([
    db.insert(outlets).values(values).returning(),
    ...(staff as BatchItem<'sqlite'>[]),
    audit(db, user, 'outlet.create', 'outlet', null, null, { ...values, staffIds: input.staffIds ?? [] }),
  ]);
  const outlet = inserted[0]!;
  return outletView(outlet, [...new Set(input.staffIds ?? [])]);
}

/** An outlet changed (its staff replaced when given), with its audit line, in one batch. */
export async function updateOutlet(db: Db, user: SessionUser, id: number, input: OutletInput) {
  const [before] = await db.select().from(outlets).where(eq(outlets.id, id));
  if (!before) throw new ApiError(404, 'outlet_not_found');
  const staff = await staffStatements(db, id, input.staffIds);
  const values = {
    nameAr: input.nameAr,
    nameEn: input.nameEn,
    kind: input.kind,
    opensAt: input.opensAt,
    closesAt: input.closesAt,
    active: input.active ?? before.active,
    appOrders: input.appOrders ?? before.appOrders,
    slotCapacity: input.slotCapacity ?? before.slotCapacity,
  };
  const [updated, ...rest] = await db.batch([
    db.update(outlets).set(values).where(eq(outlets.id, id)).returning(),
    ...(staff as BatchItem<'sqlite'>[]),
    audit(db, user, 'outlet.update', 'outlet', id, before, { ...values, staffIds: input.staffIds }),
    db.select().from(outletStaff).where(eq(outletStaff.outletId, id)),
  ]);
  const staffRows = rest[rest.length - 1] as (typeof outletStaff.$inferSelect)[];
  return outletView(
    updated[0]!,
    staffRows.map((s) => s.userId),
  );
}

const itemView = (i: typeof outletItems.$inferSelect) => ({
  id: i.id,
  nameAr: i.nameAr,
  nameEn: i.nameEn,
  priceBaisa: i.priceBaisa,
  department: i.department,
  active: i.active,
  appOrderable: i.appOrderable,
  durationMinutes: i.durationMinutes,
  photoUrl: itemPhotoUrl(i.photoKey),
});
export type OutletItemView = ReturnType<typeof itemView>;

/** An outlet's menu, along its own index (at most OUTLET_RULES.maxItems). */
export async function listItems(db: Db, outletId: number) {
  const [found, items] = await db.batch([
    db.select({ id: outlets.id }).from(outlets).where(eq(outlets.id, outletId)),
    db
      .select()
      .from(outletItems)
      .where(eq(outletItems.outletId, outletId))
      .orderBy(asc(outletItems.id))
      .limit(OUTLET_RULES.maxItems),
  ]);
  if (!found[0]) throw new ApiError(404, 'outlet_not_found');
  return items.map(itemView);
}

/** A new item on an outlet's menu (at most OUTLET_RULES.maxItems there). */
export async function createItem(db: Db, user: SessionUser, outletId: number, input: OutletItemInput) {
  const items = await listItems(db, outletId);
  if (items.length >= OUTLET_RULES.maxItems) throw new ApiError(409, 'outlet_items_required');
  const values = {
    outletId,
    ...input,
    active: input.active ?? true,
    appOrderable: input.appOrderable ?? true,
    durationMinutes: input.durationMinutes ?? null,
  };
  const [inserted] = await db.batch([
    db.insert(outletItems).values(values).returning(),
    audit(db, user, 'outlet.item_create', 'outlet', outletId, null, values),
  ]);
  return itemView(inserted[0]!);
}

/**
 * An item changed: its price and names from now on (checks already rung up keep theirs, copied
 * into them); taken off the menu with `active: false`, never deleted.
 */
export async function updateItem(
  db: Db,
  user: SessionUser,
  outletId: number,
  itemId: number,
  input: OutletItemInput,
) {
  const where = and(eq(outletItems.id, itemId), eq(outletItems.outletId, outletId));
  const [before] = await db.select().from(outletItems).where(where);
  if (!before) throw new ApiError(404, 'outlet_item_unknown');
  const values = {
    ...input,
    active: input.active ?? before.active,
    appOrderable: input.appOrderable ?? before.appOrderable,
    durationMinutes: input.durationMinutes === undefined ? before.durationMinutes : input.durationMinutes,
  };
  const [updated] = await db.batch([
    db.update(outletItems).set(values).where(where).returning(),
    audit(db, user, 'outlet.item_update', 'outlet', outletId, itemView(before), values),
  ]);
  return itemView(updated[0]!);
}

/** An outlet's keys, newest first (their hints, never the keys). */
export async function listKeys(db: Db, outletId: number) {
  const [found, keys] = await db.batch([
    db.select({ id: outlets.id }).from(outlets).where(eq(outlets.id, outletId)),
    db
      .select()
      .from(outletKeys)
      .where(eq(outletKeys.outletId, outletId))
      .orderBy(desc(outletKeys.id))
      .limit(50),
  ]);
  if (!found[0]) throw new ApiError(404, 'outlet_not_found');
  return keys.map(keyView);
}

/** A new key for an outside system: answered once, kept as its hash. */
export async function makeKey(db: Db, user: SessionUser, outletId: number, label: string) {
  const keys = await listKeys(db, outletId);
  const full = () => new ApiError(409, 'outlet_keys_full');
  if (keys.filter((k) => k.revokedAt === null).length >= OUTLET_RULES.maxKeys) throw full();
  const key = `${OUTLET_RULES.keyPrefix}${randomToken(32)}`;
  const keyHash = await sha256Hex(key);
  // The cap held by the insert itself: keys asked for at once never pass it.
  const room = sql`(select count(*) from outlet_keys where outlet_id = ${outletId} and revoked_at is null) < ${OUTLET_RULES.maxKeys}`;
  const made = sql`exists (select 1 from outlet_keys where key_hash = ${keyHash})`;
  const [inserted] = await db.batch([
    insertWhere(
      db,
      outletKeys,
      { outletId, label, keyHash, keyHint: key.slice(-4), createdBy: user.id, createdAt: new Date() },
      room,
    ).returning(),
    insertWhere(
      db,
      auditLog,
      auditEntry(user, 'outlet.key_create', 'outlet', outletId, null, { label }),
      made,
    ),
  ]);
  if (!inserted[0]) throw full();
  return { ...keyView(inserted[0]), key };
}

/** A key revoked: the system using it gets 401 from its next request. */
export async function revokeKey(db: Db, user: SessionUser, outletId: number, keyId: number) {
  const [updated] = await db.batch([
    db
      .update(outletKeys)
      .set({ revokedAt: new Date() })
      .where(and(eq(outletKeys.id, keyId), eq(outletKeys.outletId, outletId), isNull(outletKeys.revokedAt)))
      .returning(),
    audit(db, user, 'outlet.key_revoke', 'outlet', outletId, null, { keyId }),
  ]);
  if (!updated[0]) throw new ApiError(404, 'not_found');
  return keyView(updated[0]);
}

/**
 * The outlet and key of an outside system's `Authorization: Bearer` key (null: none, wrong or
 * revoked). One read along the keys' hash index.
 */
export async function outletOfKey(db: Db, authorization: string | undefined) {
  const match = /^Bearer\s+(\S{1,200})$/i.exec(authorization?.trim() ?? '');
  if (!match) return null;
  const hash = await sha256Hex(match[1]!);
  const [row] = await db
    .select({ keyId: outletKeys.id, outletId: outletKeys.outletId })
    .from(outletKeys)
    .where(and(eq(outletKeys.keyHash, hash), isNull(outletKeys.revokedAt)));
  return row ?? null;
}
