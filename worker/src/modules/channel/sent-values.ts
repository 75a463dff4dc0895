import { addDays } from '@shared/dates';
import { sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../../platform/env';
import type { Outgoing, Series } from './ari-values';
import type { PushReceipt, PushWarning } from './providers/channel-adapter';
import { channelPushes, channelRejected, channelSent, type OutboxKind } from './tables';

/**
 * What the sender keeps of each push (migration 0080): the values Channex accepted, per night
 * (`channel_sent`: a night is sent again only when its value differs, but in a full sync), the
 * values it ignored (`channel_rejected`: a warning in its 200 answer; shown to staff until a later
 * push of the night is accepted), and the push itself (`channel_pushes`: values, bytes, outcome,
 * Channex's `x-request-id` and task ids). All of one send's records go in one D1 batch with the
 * outbox rows it clears.
 */

/** Pushes kept in the send record. */
const PUSHES_KEPT = 200;
/** JSON parameters stay well under D1's 100 kB a statement. */
const JSON_CHUNK_CHARS = 80_000;

const key = (roomTypeId: string, ratePlanId: string, night: string) =>
  `${roomTypeId}\u0000${ratePlanId}\u0000${night}`;

/**
 * The canonical values Channex last accepted for the series' nights, keyed by (room type id,
 * rate plan id, night): one statement, each type's window of nights along the primary key.
 */
export async function readAccepted(db: Db, kind: OutboxKind, series: Series[]): Promise<Map<string, string>> {
  const windows = new Map<string, { t: string; from: string; to: string }>();
  for (const s of series) {
    if (s.nights.length === 0) continue;
    const from = s.nights[0]!.date;
    const to = s.nights[s.nights.length - 1]!.date;
    const w = windows.get(s.roomTypeId);
    if (!w) windows.set(s.roomTypeId, { t: s.roomTypeId, from, to });
    else {
      if (from < w.from) w.from = from;
      if (to > w.to) w.to = to;
    }
  }
  if (windows.size === 0) return new Map();
  // CROSS JOIN keeps the windows outside: each one a seek along the primary key (a plain join let
  // the planner scan channel_sent whole).
  const rows = await db.all<{ room_type_id: string; night: string; rate_plan_id: string; value: string }>(
    sql`select s.room_type_id, s.night, s.rate_plan_id, s.value
      from json_each(${JSON.stringify([...windows.values()])}) w
      cross join channel_sent s on s.kind = ${kind} and s.room_type_id = json_extract(w.value, '$.t')
        and s.night between json_extract(w.value, '$.from') and json_extract(w.value, '$.to')`,
  );
  return new Map(rows.map((r) => [key(r.room_type_id, r.rate_plan_id, r.night), r.value]));
}

/** Whether a night's value differs from what Channex last accepted. */
export const changedSince = (accepted: Map<string, string>) => (s: Series, date: string, canon: string) =>
  accepted.get(key(s.roomTypeId, s.ratePlanId, date)) !== canon;

/** A run of nights of one value: accepted (with its canonical text) or rejected (with the reasons). */
type Span = { t: string; p: string; from: string; to: string };
type AcceptedSpan = Span & { v: string };
type RejectedSpan = Span & { type: string; plan: string; reasons: Record<string, string[]> };

/** One push as the send record keeps it. */
export type PushLog = {
  at: number;
  kind: OutboxKind;
  full: boolean;
  values: number;
  bytes: number;
  outcome: 'accepted' | 'warned' | 'failed';
  warnings: number;
  status: number | null;
  requestId: string | null;
  taskIds: string[];
};

/** What one send learnt, written in one batch (`recordStatements`). */
export type SendRecord = {
  accepted: AcceptedSpan[];
  rejected: RejectedSpan[];
  pushes: PushLog[];
  /** Channex's warnings that name no value the push sent (nothing of that push is taken as accepted). */
  unmatched: PushWarning[];
};

export const emptyRecord = (): SendRecord => ({ accepted: [], rejected: [], pushes: [], unmatched: [] });

const overlap = (a: { from: string; to: string }, b: { from: string; to: string }) =>
  a.from <= b.to && b.from <= a.to;

const span = (o: Outgoing) => ({ from: o.value.dateFrom, to: o.value.dateTo });

const idsOf = (o: Outgoing) => ({
  t: o.value.roomTypeId,
  p: 'ratePlanId' in o.value ? o.value.ratePlanId : '',
});

/**
 * Reads Channex's receipt of one push of `part` into the record: each warning matched to the
 * values it names (its id and nights), those nights rejected with its reasons, every other night
 * of the part accepted. A warning naming no value of the part (or unreadable) leaves the whole
 * part unaccepted, so nothing is taken as sent that Channex may have dropped.
 */
export function takeReceipt(
  record: SendRecord,
  kind: OutboxKind,
  part: Outgoing[],
  receipt: PushReceipt,
): { rejected: number } {
  const refused = new Map<number, { from: string; to: string; reasons: Record<string, string[]> }[]>();
  let unmatched = false;
  for (const warning of receipt.warnings) {
    const id = kind === 'availability' ? warning.roomTypeId : warning.ratePlanId;
    const nights = warning.dateFrom && warning.dateTo ? { from: warning.dateFrom, to: warning.dateTo } : null;
    const hits = part
      .map((o, i) => ({ o, i }))
      .filter(({ o }) => {
        const own = kind === 'availability' ? o.value.roomTypeId : idsOf(o).p;
        return id !== undefined && own === id && nights !== null && overlap(nights, span(o));
      });
    if (hits.length === 0 || !nights) {
      unmatched = true;
      record.unmatched.push(warning);
      continue;
    }
    for (const { o, i } of hits) {
      const cut = {
        from: nights.from > o.value.dateFrom ? nights.from : o.value.dateFrom,
        to: nights.to < o.value.dateTo ? nights.to : o.value.dateTo,
      };
      refused.set(i, [...(refused.get(i) ?? []), { ...cut, reasons: warning.reasons }]);
    }
  }
  let rejected = 0;
  part.forEach((o, i) => {
    const ids = idsOf(o);
    const cuts = (refused.get(i) ?? []).sort((a, b) => (a.from < b.from ? -1 : 1));
    for (const cut of cuts) {
      record.rejected.push({ ...ids, ...cut, type: o.roomType, plan: o.ratePlan });
    }
    if (cuts.length > 0) rejected += 1;
    if (unmatched) return;
    // The nights of the value outside every refused cut were accepted.
    let from = o.value.dateFrom;
    for (const cut of cuts) {
      if (cut.from > from) record.accepted.push({ ...ids, from, to: addDays(cut.from, -1), v: o.canon });
      if (cut.to >= from) from = addDays(cut.to, 1);
    }
    if (from <= o.value.dateTo) record.accepted.push({ ...ids, from, to: o.value.dateTo, v: o.canon });
  });
  return { rejected: unmatched ? part.length : rejected };
}

/** JSON arrays of `items`, each under JSON_CHUNK_CHARS. */
function chunks(items: object[]): string[] {
  const out: string[] = [];
  let current: string[] = [];
  let size = 2;
  for (const item of items) {
    const text = JSON.stringify(item);
    if (current.length > 0 && size + text.length + 1 > JSON_CHUNK_CHARS) {
      out.push(`[${current.join(',')}]`);
      current = [];
      size = 2;
    }
    current.push(text);
    size += text.length + 1;
  }
  if (current.length > 0) out.push(`[${current.join(',')}]`);
  return out;
}

/** Each span of a JSON chunk night by night: `n(night, value)`, `value` the span's JSON. */
const nightsOf = (json: string) => sql`with recursive n(night, value) as (
    select json_extract(value, '$.from'), value from json_each(${json})
    union all
    select date(night, '+1 day'), value from n where night < json_extract(value, '$.to')
  )`;

/**
 * The statements that write one send's record: the accepted nights kept (and their rejections
 * cleared), the rejected ones kept with their reasons, the pushes logged (the latest 200 kept),
 * past nights of the types touched forgotten. (Built with drizzle's builders: a raw statement with
 * parameters cannot go in a D1 batch.)
 */
export function recordStatements(
  db: Db,
  kind: OutboxKind,
  record: SendRecord,
  today: string,
  now: number,
  /** Whether any value is kept as rejected (else nothing to clear: no statement for it). */
  anyRejected = true,
): BatchItem<'sqlite'>[] {
  const statements: BatchItem<'sqlite'>[] = [];
  for (const json of chunks(record.accepted)) {
    statements.push(
      db
        .insert(channelSent)
        .select(
          sql`${nightsOf(json)}
          select ${kind}, json_extract(n.value, '$.t'), n.night, json_extract(n.value, '$.p'),
            json_extract(n.value, '$.v'), ${now}
          from n where true`,
        )
        .onConflictDoUpdate({
          target: [channelSent.kind, channelSent.roomTypeId, channelSent.night, channelSent.ratePlanId],
          set: { value: sql`excluded.value`, sentAt: sql`excluded.sent_at` },
        }),
    );
    if (!anyRejected) continue;
    statements.push(
      db.delete(channelRejected).where(
        sql`${channelRejected.kind} = ${kind} and (${channelRejected.roomTypeId}, ${channelRejected.night},
          ${channelRejected.ratePlanId}) in (${nightsOf(json)}
            select json_extract(n.value, '$.t'), n.night, json_extract(n.value, '$.p') from n)`,
      ),
    );
  }
  for (const json of chunks(record.rejected)) {
    statements.push(
      db
        .insert(channelRejected)
        .select(
          sql`${nightsOf(json)}
          select ${kind}, json_extract(n.value, '$.t'), n.night, json_extract(n.value, '$.p'),
            json_extract(n.value, '$.type'), json_extract(n.value, '$.plan'),
            json(json_extract(n.value, '$.reasons')), ${now}
          from n where true`,
        )
        .onConflictDoUpdate({
          target: [
            channelRejected.kind,
            channelRejected.roomTypeId,
            channelRejected.night,
            channelRejected.ratePlanId,
          ],
          set: {
            roomType: sql`excluded.room_type`,
            ratePlan: sql`excluded.rate_plan`,
            reasons: sql`excluded.reasons`,
            at: sql`excluded.at`,
          },
        }),
    );
  }
  const typeIds = JSON.stringify([...new Set([...record.accepted, ...record.rejected].map((s) => s.t))]);
  if (typeIds !== '[]') {
    for (const table of [channelSent, channelRejected]) {
      statements.push(
        db.delete(table).where(
          sql`${table.kind} = ${kind} and ${table.roomTypeId} in (select value from json_each(${typeIds}))
              and ${table.night} < ${today}`,
        ),
      );
    }
  }
  if (record.pushes.length > 0) {
    statements.push(
      db.insert(channelPushes).values(
        record.pushes.map((p) => ({
          at: p.at,
          kind: p.kind,
          full: p.full,
          valuesCount: p.values,
          bytes: p.bytes,
          outcome: p.outcome,
          warnings: p.warnings,
          status: p.status,
          requestId: p.requestId,
          taskIds: p.taskIds,
        })),
      ),
      db
        .delete(channelPushes)
        .where(sql`${channelPushes.id} <= (select max(id) from channel_pushes) - ${PUSHES_KEPT}`),
    );
  }
  return statements;
}
