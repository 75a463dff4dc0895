import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { SessionUser } from '@shared/auth-schemas';
import { auditLog } from '../../platform/tables';
import { integrityReports, type IntegrityViolation } from './tables';
import type { Db, Env } from '../../platform/env';
import { insertWhere, rowExists } from '../../platform/atomic';
import { auditEntry } from '../../platform/audit';
import { ApiError } from '../../platform/api-error';
import { folioIntegrityChecks } from '../folio';
import { registrationIntegrityChecks } from '../guests';
import { booksOnHandIntegrityChecks, tourismIntegrityChecks } from '../reports';

/**
 * The nightly integrity check (daily cron, or an admin on demand): the invariants a
 * hotel relies on, each as an aggregate query that answers only the rows that break
 * it (at most PER_CHECK each), so a year of bookings is read by the database, not
 * loaded into the Worker. Images are compared with R2 by listing keys a page (1,000)
 * at a time. A run with violations is kept as a report that admins see on /admin
 * until one of them acknowledges it.
 */
const PER_CHECK = 50;
/** R2 pages listed per run at most (1,000 keys each): within a Worker's subrequest limit. */
const MAX_R2_PAGES = 200;

type Check = { name: string; query: ReturnType<typeof sql> };

const CHECKS: Check[] = [
  {
    // Holds exist only for pending, approved and confirmed bookings (and never orphaned).
    name: 'hold_without_live_booking',
    query: sql`
      select n.booking_id as bookingId, count(*) as nights, b.status as status
      from booking_nights n left join booking_submissions b on b.id = n.booking_id
      where b.id is null or b.status not in ('pending', 'approved', 'confirmed')
      group by n.booking_id limit ${PER_CHECK}`,
  },
  {
    // A live booking holds every night of its stay exactly once.
    name: 'hold_count_mismatch',
    query: sql`
      select b.id as bookingId, b.status as status,
        cast(julianday(b.check_out_date) - julianday(b.check_in_date) as integer) as expected,
        (select count(*) from booking_nights n where n.booking_id = b.id) as held
      from booking_submissions b
      where b.status in ('pending', 'approved', 'confirmed')
        and (select count(*) from booking_nights n where n.booking_id = b.id)
          <> cast(julianday(b.check_out_date) - julianday(b.check_in_date) as integer)
      limit ${PER_CHECK}`,
  },
  {
    name: 'duplicate_hold',
    query: sql`
      select booking_id as bookingId, night, count(*) as holds from booking_nights
      group by booking_id, night having count(*) > 1 limit ${PER_CHECK}`,
  },
  {
    // Rooms taken on a night: general bookings' nights, what group blocks hold, and any member's
    // night beyond its block's hold (migration 0072 refuses each of them; this finds what slipped).
    name: 'rooms_over_allotment',
    query: sql`
      select x.room_type as roomType, x.night as night, sum(x.w) as held, i.total_count as allotment
      from (
        select room_type, night, 1 as w from booking_nights where group_id is null
        union all
        select room_type, night, held from group_block_nights
        union all
        select bn.room_type, bn.night, max(count(*) - coalesce((select g.held from group_block_nights g
            where g.group_id = bn.group_id and g.room_type = bn.room_type and g.night = bn.night), 0), 0)
        from booking_nights bn where bn.group_id is not null
        group by bn.group_id, bn.room_type, bn.night
      ) x join room_inventory i on i.room_type = x.room_type
      group by x.room_type, x.night having sum(x.w) > i.total_count limit ${PER_CHECK}`,
  },
  {
    name: 'beds_over_allotment',
    query: sql`
      select n.room_type as roomType, n.bed_type as bedType, n.night as night, count(*) as held,
        i.total_count as allotment
      from booking_nights n
        join room_bed_inventory i on i.room_type = n.room_type and i.bed_type = n.bed_type
      group by n.room_type, n.bed_type, n.night having count(*) > i.total_count limit ${PER_CHECK}`,
  },
  {
    name: 'smoking_over_allotment',
    query: sql`
      select n.room_type as roomType, n.smoking_type as smokingType, n.night as night, count(*) as held,
        i.total_count as allotment
      from booking_nights n
        join room_smoking_inventory i on i.room_type = n.room_type and i.smoking_type = n.smoking_type
      group by n.room_type, n.smoking_type, n.night having count(*) > i.total_count limit ${PER_CHECK}`,
  },
  {
    // Each balance equals the sum of its ledger and is never negative.
    name: 'balance_not_ledger_sum',
    query: sql`
      select p.user_email as userEmail, p.total_points as balance,
        coalesce((select sum(t.points_earned) from point_transactions t where t.user_email = p.user_email), 0) as ledger
      from user_points p
      where p.total_points <> coalesce((select sum(t.points_earned) from point_transactions t where t.user_email = p.user_email), 0)
        or p.total_points < 0
      limit ${PER_CHECK}`,
  },
  {
    name: 'ledger_without_balance',
    query: sql`
      select t.user_email as userEmail, sum(t.points_earned) as ledger from point_transactions t
      where not exists (select 1 from user_points p where p.user_email = t.user_email)
      group by t.user_email having sum(t.points_earned) <> 0 limit ${PER_CHECK}`,
  },
  {
    // Every completed stay of a signed-in guest (not a free night) earned exactly once.
    name: 'completed_stay_earn_count',
    query: sql`
      select b.id as bookingId, b.user_email as userEmail,
        (select count(*) from point_transactions t where t.booking_id = b.id and t.kind = 'earn') as earns
      from booking_submissions b
      where b.status = 'completed' and b.user_id is not null and b.user_email is not null
        and b.is_points_booking = 0
        and (select count(*) from point_transactions t where t.booking_id = b.id and t.kind = 'earn') <> 1
      limit ${PER_CHECK}`,
  },
  {
    // VIP counters equal their usage rows.
    name: 'vip_counter_mismatch',
    query: sql`
      select v.id as beneficiaryId, v.coffees_used as coffeesUsed, v.free_nights_used as freeNightsUsed,
        (select count(*) from vip_usages u where u.beneficiary_id = v.id and u.kind = 'coffee') as coffeeRows,
        (select count(*) from vip_usages u where u.beneficiary_id = v.id and u.kind = 'free_night') as nightRows
      from vip_beneficiaries v
      where v.coffees_used <> (select count(*) from vip_usages u where u.beneficiary_id = v.id and u.kind = 'coffee')
        or v.free_nights_used <> (select count(*) from vip_usages u where u.beneficiary_id = v.id and u.kind = 'free_night')
      limit ${PER_CHECK}`,
  },
  // The folio's: balances, company accounts, closed days, invoices (modules/folio/integrity-checks.ts).
  ...folioIntegrityChecks(PER_CHECK),
  // The books on hand the latest day close stored (modules/reports/books-integrity.ts).
  ...booksOnHandIntegrityChecks(PER_CHECK),
  // The guest nights the latest close stored for the tourism return count its rooms sold.
  ...tourismIntegrityChecks(PER_CHECK),
  // The stays checked in more than a day whose police registration is not sent (modules/guests).
  ...registrationIntegrityChecks(PER_CHECK),
  {
    // Room numbers keep their digits as Latin ones; a room still written otherwise is one the
    // digits migration could not rewrite, because another room already has that number.
    name: 'room_number_not_latin',
    query: sql`
      select id as roomId, number from hotel_rooms
      where retired_at is null and number <> ${sql.raw(latinDigitsSql('number'))}
      limit ${PER_CHECK}`,
  },
];

/**
 * A column with its Arabic-Indic, Eastern Arabic-Indic and full-width digits as Latin ones, in
 * SQL (the scripts migrations/0042 rewrote; the app writes every digit as Latin since).
 */
function latinDigitsSql(column: string): string {
  let expression = column;
  for (const zero of [0x0660, 0x06f0, 0xff10]) {
    for (let digit = 0; digit < 10; digit++) {
      expression = `replace(${expression}, '${String.fromCharCode(zero + digit)}', '${digit}')`;
    }
  }
  return expression;
}

/**
 * Runs every check; stores and answers the report. Run by an admin, the run's audit line is
 * written in the report's batch.
 */
export async function runIntegrityCheck(
  env: Pick<Env, 'IMAGES'>,
  db: Db,
  trigger: 'cron' | 'admin',
  actor?: SessionUser,
) {
  const violations: IntegrityViolation[] = [];
  const checked: Record<string, number> = {};
  // The SQL checks side by side (each an aggregate that answers only violations).
  const results = await Promise.all(CHECKS.map((check) => db.all<Record<string, unknown>>(check.query)));
  CHECKS.forEach((check, i) => {
    const rows = results[i] ?? [];
    checked[check.name] = rows.length;
    for (const detail of rows) violations.push({ check: check.name, detail });
  });

  const images = await missingImages(env, db);
  checked.r2_pages = images.pages;
  checked.images_checked = images.checked;
  for (const missing of images.missing) {
    violations.push({ check: 'image_missing_in_r2', detail: missing });
  }

  // The report and, when something is wrong, its audit line: one batch.
  const summary = Object.fromEntries(
    [...new Set(violations.map((v) => v.check))].map((name) => [
      name,
      violations.filter((v) => v.check === name).length,
    ]),
  );
  const [inserted] = await db.batch([
    db
      .insert(integrityReports)
      .values({ trigger, violationCount: violations.length, violations, checked })
      .returning(),
    ...(violations.length > 0
      ? [
          db.insert(auditLog).values({
            actorUserId: null,
            actorEmail: null,
            action: 'integrity.violations',
            entityType: 'integrity_report',
            entityId: sql`(select cast(max(id) as text) from integrity_reports)`,
            before: null,
            after: { trigger, violationCount: violations.length, byCheck: summary },
          }),
        ]
      : []),
    ...(actor
      ? [
          db.insert(auditLog).values({
            ...auditEntry(actor, 'integrity.run', 'integrity_report', null, null, {
              violationCount: violations.length,
            }),
            entityId: sql`(select cast(max(id) as text) from integrity_reports)`,
          }),
        ]
      : []),
  ]);
  return inserted[0]!;
}

/**
 * An admin acknowledges a report (404 if there is none open by that id); the acknowledgement
 * and its audit line are one batch, the line only if this request made it. Answers the report
 * still open, if any.
 */
export async function acknowledgeReport(db: Db, actor: SessionUser, id: number) {
  const now = new Date();
  const [acknowledged] = await db.batch([
    db
      .update(integrityReports)
      .set({ acknowledgedAt: now, acknowledgedByUserId: actor.id })
      .where(and(eq(integrityReports.id, id), isNull(integrityReports.acknowledgedAt)))
      .returning({ id: integrityReports.id }),
    insertWhere(
      db,
      auditLog,
      auditEntry(actor, 'integrity.acknowledge', 'integrity_report', id, null, null),
      rowExists(
        integrityReports,
        sql`${integrityReports.id} = ${id} and ${integrityReports.acknowledgedAt} = ${now.getTime()} and ${integrityReports.acknowledgedByUserId} = ${actor.id}`,
      ),
    ),
  ]);
  if (acknowledged.length === 0) throw new ApiError(404, 'not_found');
  return (await openReport(db)) ?? null;
}

/**
 * Images attached to entries whose R2 object is gone: the keys in D1 are read a page
 * at a time and compared with R2's listing under `events/`.
 */
async function missingImages(env: Pick<Env, 'IMAGES'>, db: Db) {
  const inR2 = new Set<string>();
  let cursor: string | undefined;
  let pages = 0;
  do {
    const listed = await env.IMAGES.list({ prefix: 'events/', cursor, limit: 1000 });
    for (const object of listed.objects) inR2.add(object.key);
    cursor = listed.truncated ? listed.cursor : undefined;
    pages += 1;
  } while (cursor && pages < MAX_R2_PAGES);
  const complete = !cursor;

  const missing: Record<string, unknown>[] = [];
  let checked = 0;
  let after = '';
  for (;;) {
    const page = await db.all<{ id: string; r2Key: string; eventType: string; submissionId: number }>(sql`
      select id, r2_key as r2Key, event_type as eventType, submission_id as submissionId
      from event_images where submission_id is not null and id > ${after} order by id limit 1000`);
    for (const image of page) {
      checked += 1;
      if (complete && !inR2.has(image.r2Key) && missing.length < PER_CHECK) missing.push(image);
    }
    if (page.length < 1000) break;
    after = page[page.length - 1]!.id;
  }
  return { missing, pages, checked };
}

/** The newest report that found something and nobody has acknowledged (the /admin banner). */
export function openReport(db: Db) {
  return db
    .select()
    .from(integrityReports)
    .where(sql`${integrityReports.violationCount} > 0 and ${isNull(integrityReports.acknowledgedAt)}`)
    .orderBy(desc(integrityReports.id))
    .limit(1)
    .get();
}
