import { sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { ApiError } from '../../platform/api-error';
import type { Db } from '../../platform/env';
import { roomTypesQuery } from '../catalog';
import { ratePlansQuery } from '../rates';
import { channelMappings, channelOutbox } from './tables';

/**
 * The room types and rate plans as the channel manager names them: `{roomTypes: [{code,
 * channelId}], ratePlans: [{ratePlan, roomType, channelId}]}`. Kept in `channel_mappings`; with a
 * provider that knows the hotel's own codes (ChannelAdapter.knowsOwnCodes: the fake), every active type and every active plan of a type it sells is mapped to our own codes
 * (a type `<code>`, a plan `<plan>:<code>`) unless a row says otherwise. A type or plan without a
 * mapping is never sent.
 */
export type Mappings = {
  roomTypes: { code: string; channelId: string }[];
  ratePlans: { ratePlan: string; roomType: string; channelId: string }[];
};

/** The own-codes channel id of a plan sold for a type (a provider that knows our codes). */
export const ownPlanId = (ratePlan: string, roomType: string) => `${ratePlan}:${roomType}`;

/**
 * The mappings in force (one D1 batch). `ownCodes`: whether the provider knows the hotel's own
 * codes where no row maps them (ChannelAdapter.knowsOwnCodes). `retired`: for the sender, those
 * defaults include the
 * types retired and plans switched off too, so the channel hears they are no longer for sale
 * (0 rooms, stop-sell) rather than keeping their last values.
 */
export async function readMappings(
  db: Db,
  ownCodes: boolean,
  options: { retired?: boolean } = {},
): Promise<Mappings> {
  const [rows, types, plans] = await db.batch([
    db.select().from(channelMappings).orderBy(channelMappings.roomType, channelMappings.ratePlan),
    roomTypesQuery(db),
    ratePlansQuery(db),
  ]);
  const stored = new Map(rows.map((r) => [`${r.roomType}\u0000${r.ratePlan}`, r.channelId]));
  const mappings: Mappings = { roomTypes: [], ratePlans: [] };
  const sold = (active: boolean) => active || options.retired === true;
  for (const type of types) {
    const own =
      stored.get(`${type.roomType}\u0000`) ?? (ownCodes && sold(type.available) ? type.roomType : undefined);
    if (own) mappings.roomTypes.push({ code: type.roomType, channelId: own });
  }
  for (const plan of plans) {
    for (const type of types) {
      const id =
        stored.get(`${type.roomType}\u0000${plan.code}`) ??
        (ownCodes &&
        sold(plan.active && plan.public) &&
        sold(type.available) &&
        plan.roomTypes.includes(type.roomType)
          ? ownPlanId(plan.code, type.roomType)
          : undefined);
      if (id) mappings.ratePlans.push({ ratePlan: plan.code, roomType: type.roomType, channelId: id });
    }
  }
  return mappings;
}

/**
 * Replaces the stored mappings with `next` and queues every night of every type again (a mapping
 * changed is a channel room or plan that has not heard our values) with the audit line, in one batch. 400
 * `validation_failed` for a type or plan the hotel does not have, or a channel id used twice.
 */
export async function writeMappings(db: Db, next: Mappings, auditLine: BatchItem<'sqlite'>): Promise<void> {
  const [types, plans] = await db.batch([roomTypesQuery(db), ratePlansQuery(db)]);
  const typeCodes = new Set(types.map((t) => t.roomType));
  const planCodes = new Set(plans.map((p) => p.code));
  const fields: Record<string, string> = {};
  next.roomTypes.forEach((m, i) => {
    if (!typeCodes.has(m.code)) fields[`roomTypes.${i}.code`] = 'invalid_room_type';
  });
  next.ratePlans.forEach((m, i) => {
    if (!typeCodes.has(m.roomType)) fields[`ratePlans.${i}.roomType`] = 'invalid_room_type';
    if (!planCodes.has(m.ratePlan)) fields[`ratePlans.${i}.ratePlan`] = 'rate_plan_unknown';
  });
  const twice = (ids: string[]) => ids.findIndex((id, i) => ids.indexOf(id) !== i);
  const typeTwice = twice(next.roomTypes.map((m) => m.code));
  if (typeTwice >= 0) fields[`roomTypes.${typeTwice}.code`] = 'channel_id_duplicate';
  const typeIdTwice = twice(next.roomTypes.map((m) => m.channelId));
  if (typeIdTwice >= 0) fields[`roomTypes.${typeIdTwice}.channelId`] = 'channel_id_duplicate';
  const planTwice = twice(next.ratePlans.map((m) => `${m.ratePlan}\u0000${m.roomType}`));
  if (planTwice >= 0) fields[`ratePlans.${planTwice}.ratePlan`] = 'channel_id_duplicate';
  const planIdTwice = twice(next.ratePlans.map((m) => m.channelId));
  if (planIdTwice >= 0) fields[`ratePlans.${planIdTwice}.channelId`] = 'channel_id_duplicate';
  if (Object.keys(fields).length > 0) throw new ApiError(400, 'validation_failed', fields);

  const rows = [
    ...next.roomTypes.map((m) => ({ roomType: m.code, ratePlan: '', channelId: m.channelId })),
    ...next.ratePlans.map((m) => ({ roomType: m.roomType, ratePlan: m.ratePlan, channelId: m.channelId })),
  ];
  const statements: [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]] = [db.delete(channelMappings)];
  if (rows.length > 0) statements.push(db.insert(channelMappings).values(rows));
  statements.push(...queueEverythingStatements(db), auditLine);
  await db.batch(statements);
}

/**
 * Every night of every type, both kinds, queued again as a full sync (an admin's, or mappings
 * changed): sent whatever Channex accepted before (`full`).
 */
export function queueEverythingStatements(db: Db) {
  return (['availability', 'restrictions'] as const).map((kind) =>
    db
      .insert(channelOutbox)
      .values({ kind, roomType: '*', night: '*', full: true })
      .onConflictDoUpdate({
        target: [channelOutbox.kind, channelOutbox.roomType, channelOutbox.night],
        set: {
          version: sql`${channelOutbox.version} + 1`,
          changedAt: sql`excluded.changed_at`,
          full: true,
        },
      }),
  );
}
