import { and, asc, eq, sql } from 'drizzle-orm';
import type { SessionUser } from '@shared/auth-schemas';
import { VIP_CARDS, VIP_COFFEE_COOLDOWN_MS } from '@shared/constants';
import { hotelToday } from '@shared/dates';
import { vipExpiry, type BeneficiaryInput, type VipUse } from '@shared/vip-schemas';
import { auditLog } from '../../platform/tables';
import { vipBeneficiaries, vipUsages } from './tables';
import type { Db } from '../../platform/env';
import { insertWhere, newChangeToken, rowExists } from '../../platform/atomic';
import { auditEntry } from '../../platform/audit';
import { ApiError } from '../../platform/api-error';
import { findRoomType } from '../catalog';
import { storedPhone } from '../../platform/phone-numbers';

/**
 * VIP card holders, kept on the server; staff only (modules/loyalty/routes/vip-beneficiaries.ts). Using a
 * benefit is one conditional UPDATE: it happens only if the card is current,
 * the yearly allowance is not used up and, for coffee, 24 hours have passed
 * since the last one; so two taps at once cannot both count. Every write is
 * audited.
 */
type Row = typeof vipBeneficiaries.$inferSelect;

export function present(b: Row, today = hotelToday()) {
  const card = VIP_CARDS[b.cardType];
  return {
    id: b.id,
    fullName: b.fullName,
    phoneNumber: b.phoneNumber,
    civilId: b.civilId,
    cardType: b.cardType,
    startDate: b.startDate,
    expiryDate: b.expiryDate,
    coffeesUsed: b.coffeesUsed,
    freeNightsUsed: b.freeNightsUsed,
    lastCoffeeAt: b.lastCoffeeAt,
    createdAt: b.createdAt,
    allowance: { freeCoffees: card.freeCoffees, freeNights: card.freeNights },
    status: today < b.startDate ? 'not_started' : today >= b.expiryDate ? 'expired' : 'active',
  } as const;
}

/** Every holder, by name. */
export async function listBeneficiaries(db: Db) {
  const rows = await db.select().from(vipBeneficiaries).orderBy(asc(vipBeneficiaries.fullName));
  return rows.map((r) => present(r));
}

/** Adds a holder (not starting in the past) with its audit line, one batch. */
export async function addBeneficiary(db: Db, user: SessionUser, input: BeneficiaryInput) {
  if (input.startDate < hotelToday()) {
    throw new ApiError(400, 'validation_failed', { startDate: 'start_date_past' });
  }
  // The holder and its audit line in one batch; the audit reads the new row back.
  const token = newChangeToken();
  const [inserted] = await db.batch([
    db
      .insert(vipBeneficiaries)
      .values({
        ...input,
        phoneNumber: storedPhone(input.phoneNumber),
        expiryDate: vipExpiry(input.startDate),
        createdByUserId: user.id,
        changeToken: token,
      })
      .returning(),
    insertWhere(
      db,
      auditLog,
      {
        ...auditEntry(user, 'vip.add', 'vip_beneficiary', null, null, null),
        entityId: sql`cast(added.id as text)`,
        after: sql`json_object('id', added.id, 'fullName', added.full_name, 'phoneNumber', added.phone_number, 'civilId', added.civil_id, 'cardType', added.card_type, 'startDate', added.start_date, 'expiryDate', added.expiry_date)`,
      },
      sql`added.change_token = ${token}`,
      sql`${vipBeneficiaries} as added`,
    ),
  ]);
  return present(inserted[0]!);
}

/** Edits a holder (a changed start not in the past) with its audit line, one batch. */
export async function editBeneficiary(db: Db, user: SessionUser, id: number, input: BeneficiaryInput) {
  const before = await db.select().from(vipBeneficiaries).where(eq(vipBeneficiaries.id, id)).get();
  if (!before) throw new ApiError(404, 'beneficiary_not_found');
  if (input.startDate !== before.startDate && input.startDate < hotelToday()) {
    throw new ApiError(400, 'validation_failed', { startDate: 'start_date_past' });
  }
  const [updated] = await db.batch([
    db
      .update(vipBeneficiaries)
      .set({
        ...input,
        phoneNumber: storedPhone(input.phoneNumber),
        expiryDate: vipExpiry(input.startDate),
      })
      .where(eq(vipBeneficiaries.id, id))
      .returning(),
    db.insert(auditLog).values(auditEntry(user, 'vip.edit', 'vip_beneficiary', id, before, input)),
  ]);
  return present(updated[0]!);
}

/**
 * Records a benefit used (a coffee or a free night): one conditional increment, and the usage
 * and audit lines only if it won; a refusal says why (expired, not started, cooldown, used up).
 * A free night spent on a room type names it: one of the hotel's (400 invalid_room_type), active
 * and open to VIP cards (its `vipEligible`; 409 room_type_not_vip_eligible otherwise).
 */
export async function useBenefit(
  db: Db,
  user: SessionUser,
  id: number,
  kind: VipUse['kind'],
  roomType?: VipUse['roomType'],
) {
  const spentOn = kind === 'free_night' && roomType !== undefined ? roomType : undefined;
  if (spentOn !== undefined) {
    const type = await findRoomType(db, spentOn);
    if (!type) throw new ApiError(400, 'validation_failed', { roomType: 'invalid_room_type' });
    if (!type.active || !type.vipEligible) throw new ApiError(409, 'room_type_not_vip_eligible');
  }
  const now = Date.now();
  const today = hotelToday();
  const current = and(
    eq(vipBeneficiaries.id, id),
    sql`${vipBeneficiaries.startDate} <= ${today} and ${vipBeneficiaries.expiryDate} > ${today}`,
  );
  // The allowance comes from the card type; a CASE keeps it in the one statement.
  const coffeeAllowance = sql`case ${vipBeneficiaries.cardType} when 'silver' then ${VIP_CARDS.silver.freeCoffees} when 'gold' then ${VIP_CARDS.gold.freeCoffees} else ${VIP_CARDS.elite.freeCoffees} end`;
  const nightAllowance = sql`case ${vipBeneficiaries.cardType} when 'silver' then ${VIP_CARDS.silver.freeNights} when 'gold' then ${VIP_CARDS.gold.freeNights} else ${VIP_CARDS.elite.freeNights} end`;
  // One batch (platform/atomic.ts): the conditional increment stamps this request's token;
  // the usage row and the audit line are written only if it won.
  const token = newChangeToken();
  const won = rowExists(
    vipBeneficiaries,
    sql`${vipBeneficiaries.id} = ${id} and ${vipBeneficiaries.changeToken} = ${token}`,
  );
  const increment =
    kind === 'coffee'
      ? db
          .update(vipBeneficiaries)
          .set({
            coffeesUsed: sql`${vipBeneficiaries.coffeesUsed} + 1`,
            lastCoffeeAt: new Date(now),
            changeToken: token,
          })
          .where(
            and(
              current,
              sql`${vipBeneficiaries.coffeesUsed} < ${coffeeAllowance}`,
              sql`(${vipBeneficiaries.lastCoffeeAt} is null or ${vipBeneficiaries.lastCoffeeAt} <= ${now - VIP_COFFEE_COOLDOWN_MS})`,
            ),
          )
          .returning()
      : db
          .update(vipBeneficiaries)
          .set({ freeNightsUsed: sql`${vipBeneficiaries.freeNightsUsed} + 1`, changeToken: token })
          .where(and(current, sql`${vipBeneficiaries.freeNightsUsed} < ${nightAllowance}`))
          .returning();
  const [rows] = await db.batch([
    increment,
    insertWhere(db, vipUsages, { beneficiaryId: id, kind, staffUserId: user.id }, won),
    insertWhere(
      db,
      auditLog,
      auditEntry(
        user,
        `vip.use_${kind}`,
        'vip_beneficiary',
        id,
        null,
        spentOn ? { kind, roomType: spentOn } : { kind },
      ),
      won,
    ),
  ]);
  const updated = rows[0];
  if (!updated) {
    const row = await db.select().from(vipBeneficiaries).where(eq(vipBeneficiaries.id, id)).get();
    if (!row) throw new ApiError(404, 'beneficiary_not_found');
    const state = present(row, today);
    if (state.status === 'expired') throw new ApiError(409, 'card_expired');
    if (state.status === 'not_started') throw new ApiError(409, 'card_not_started');
    if (
      kind === 'coffee' &&
      row.coffeesUsed < state.allowance.freeCoffees &&
      row.lastCoffeeAt &&
      row.lastCoffeeAt.getTime() > now - VIP_COFFEE_COOLDOWN_MS
    ) {
      throw new ApiError(409, 'coffee_cooldown');
    }
    throw new ApiError(409, 'allowance_reached');
  }
  return present(updated);
}
