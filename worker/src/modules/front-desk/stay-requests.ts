import { and, asc, desc, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { SessionUser } from '@shared/auth-schemas';
import type { StayRequestStatus, StayRequestType } from '@shared/constants';
import { hotelToday } from '@shared/dates';
import type { z } from 'zod';
import {
  FRONT_DESK_RULES,
  type stayRequestCreateSchema,
  type stayRequestPatchSchema,
} from '@shared/front-desk-schemas';
import { hotelInstant } from '@shared/stay-policy';
import { notifications, staffAlerts } from '../../platform/tables';
import { type BookingSubmission, deskStays } from '../bookings';
import { auditLog } from '../../platform/tables';
import { stayRequests, type StayRequest } from './tables';
import type { Db } from '../../platform/env';
import { insertWhere, rowExists } from '../../platform/atomic';
import { auditEntry } from '../../platform/audit';
import { ApiError } from '../../platform/api-error';
import {
  claimKey,
  createOnce,
  storeAnswerWithId,
  storedAnswerQuery,
  type Created,
  type Idempotency,
} from '../../platform/idempotency';
import { notifyStatements } from '../../platform/notify';
import { text, type Language } from '../../platform/messages';
import { formatTimeOfDay } from '@shared/time-of-day';

/**
 * A guest's requests during the stay, open to a booking's owner only while the booking is
 * checked in and not checked out: before arrival and after departure the desk is the place to ask.
 *
 * - The guest asks (`createStayRequest`): the request, the staff's alert (`staff_alerts` kind
 *   `stay_request`) and the staff's push (platform/notify.ts `stay_request_received`) in ONE batch.
 *   The insert itself holds the rules (the booking in house, fewer than `OPEN_CAP` open requests),
 *   so a check-out or a flood between the read and the write changes nothing.
 * - Staff answer (`answerStayRequest`): the status and note, the guest's in-app notice, the audit
 *   line and, for a late check-out done, the booking's `departure_time`, in ONE batch whose last
 *   statement is the conditional change; every other statement holds only while the request is
 *   still in the status it was read in, so of two answers at once one applies.
 */

/** Open requests a booking may have at once (more: 429 `too_many_stay_requests`). */
export const OPEN_CAP = FRONT_DESK_RULES.openStayRequestsMax;
/** The finished requests the staff's list shows (today's, newest first). */
export const DONE_SHOWN = 20;
/** The open requests the staff's list shows at most (oldest first). */
export const OPEN_SHOWN = 200;

/** Open requests, as the partial index stay_requests_open_idx says it (literal values). */
const OPEN = sql`${stayRequests.status} in ('new', 'in_progress')`;
const FINAL: StayRequestStatus[] = ['done', 'declined'];

type CreateInput = z.output<typeof stayRequestCreateSchema>;
type PatchInput = z.output<typeof stayRequestPatchSchema>;

/** Checked in, not checked out, still approved or confirmed. */
export function isInHouse(b: Pick<BookingSubmission, 'status' | 'checkedInAt' | 'checkedOutAt'>): boolean {
  return (
    (b.status === 'approved' || b.status === 'confirmed') && b.checkedInAt !== null && b.checkedOutAt === null
  );
}

/** A request as its guest sees it (GET /api/stay-requests/mine, the POST's answer). */
export function guestView(r: StayRequest) {
  return {
    id: r.id,
    bookingId: r.bookingId,
    type: r.type,
    note: r.note,
    requestedTime: r.requestedTime,
    status: r.status,
    staffNote: r.staffNote,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    doneAt: r.doneAt ? r.doneAt.toISOString() : null,
  };
}
export type GuestStayRequest = ReturnType<typeof guestView>;

export type CreateStayRequestAnswer = { message: string; request: GuestStayRequest };

/**
 * The guest's request for their booking (found as its owner by the caller), or one a member of
 * staff logs for a guest who phoned (`loggedBy`, in the audit log with the request). 409
 * `not_in_house` unless checked in and not checked out; 429 `too_many_stay_requests` past the open
 * cap. With an `Idempotency-Key`, a repeat answers the first request's answer and creates nothing.
 */
export async function createStayRequest(
  db: Db,
  booking: BookingSubmission,
  input: CreateInput,
  context: { message: string; idem: Idempotency | null; now?: Date; loggedBy?: SessionUser },
): Promise<Created<CreateStayRequestAnswer>> {
  const now = context.now ?? new Date();
  const { idem } = context;
  const stored = idem ? (await storedAnswerQuery(db, idem))[0] : undefined;
  return createOnce(db, idem, stored, async () => {
    if (!isInHouse(booking)) throw new ApiError(409, 'not_in_house');
    const values = {
      bookingId: booking.id,
      type: input.type,
      note: input.note || null,
      requestedTime: input.type === 'late_checkout' ? (input.requestedTime ?? null) : null,
      status: 'new' as const,
      createdAt: now,
      updatedAt: now,
    };
    const openCount = sql`(select count(*) from ${stayRequests} where ${stayRequests.bookingId} = ${booking.id}
      and ${stayRequests.status} in ('new', 'in_progress'))`;
    // This batch's row: the newest request, of this booking, made at this instant (ids only grow).
    const mine = sql`${stayRequests.id} = (select max(id) from stay_requests)
      and ${stayRequests.bookingId} = ${booking.id} and ${stayRequests.createdAt} = ${now.getTime()}`;
    const made = rowExists(stayRequests, mine);
    const newId = sql`(select ${stayRequests.id} from ${stayRequests} where ${mine})`;
    const answer = (r: StayRequest): CreateStayRequestAnswer => ({
      message: context.message,
      request: guestView(r),
    });
    const statements: BatchItem<'sqlite'>[] = [
      insertWhere(
        db,
        stayRequests,
        values,
        sql`${deskStays.stayInHouseSql(booking.id)} and ${openCount} < ${OPEN_CAP}`,
      ).returning(),
      // The staff's bell names the booking and the request.
      insertWhere(
        db,
        staffAlerts,
        { kind: 'stay_request', bookingId: booking.id, stayRequestId: newId },
        made,
      ),
      ...notifyStatements(db, { kind: 'stay_request_received', where: mine }),
    ];
    if (context.loggedBy) {
      statements.push(
        insertWhere(
          db,
          auditLog,
          {
            ...auditEntry(context.loggedBy, 'stay_request.logged', 'stay_request', null, null, {
              bookingId: booking.id,
              type: values.type,
              note: values.note,
              requestedTime: values.requestedTime,
            }),
            entityId: sql`cast(${newId} as text)`,
          },
          made,
        ),
      );
    }
    if (idem) {
      // The answer as it will be sent, its id filled in from the row inside the batch.
      const draft = answer({ ...values, id: 0, staffNote: null, handledBy: null, doneAt: null });
      statements.unshift(claimKey(db, idem));
      statements.push(storeAnswerWithId(db, idem, draft, '$.request.id', newId));
    }
    const results = await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
    const inserted = (results[idem ? 1 : 0] as StayRequest[])[0];
    if (!inserted) {
      const [fresh] = await db
        .select({ count: sql<number>`count(*)` })
        .from(stayRequests)
        .where(
          and(eq(stayRequests.bookingId, booking.id), inArray(stayRequests.status, ['new', 'in_progress'])),
        );
      if ((fresh?.count ?? 0) >= OPEN_CAP) throw new ApiError(429, 'too_many_stay_requests');
      throw new ApiError(409, 'not_in_house');
    }
    return answer(inserted);
  });
}

/** The booking's requests, newest first (its guest's list). */
export async function stayRequestsOf(db: Db, bookingId: number) {
  const rows = await db
    .select()
    .from(stayRequests)
    .where(eq(stayRequests.bookingId, bookingId))
    .orderBy(desc(stayRequests.createdAt), desc(stayRequests.id))
    .limit(100);
  return rows.map(guestView);
}

/**
 * The requests a housekeeper sees and answers: the room's own needs. A late check-out and "other"
 * are the desk's.
 */
export const HOUSEKEEPING_REQUEST_TYPES = [
  'towels',
  'cleaning',
  'maintenance',
] as const satisfies readonly StayRequestType[];

/**
 * What the staff's queue shows of a request: the ask and where it stands, then (joined by the
 * bookings module, `deskStays.rowsWithStaysQuery`) the guest, the stay and the room.
 */
const REQUEST_COLUMNS = {
  id: stayRequests.id,
  bookingId: stayRequests.bookingId,
  type: stayRequests.type,
  note: stayRequests.note,
  requestedTime: stayRequests.requestedTime,
  status: stayRequests.status,
  staffNote: stayRequests.staffNote,
  createdAt: stayRequests.createdAt,
  updatedAt: stayRequests.updatedAt,
  doneAt: stayRequests.doneAt,
};

type QueueRow = {
  [K in keyof typeof REQUEST_COLUMNS]: (typeof REQUEST_COLUMNS)[K]['_']['data'] | null;
} & {
  reference: string | null;
  guestName: string | null;
  roomType: string | null;
  checkOutDate: string | null;
  departureTime: string | null;
  roomNumber: string | null;
};

function queueView(r: QueueRow) {
  return {
    id: r.id!,
    bookingId: r.bookingId!,
    reference: r.reference,
    guestName: r.guestName,
    roomNumber: r.roomNumber,
    roomType: r.roomType,
    checkOutDate: r.checkOutDate,
    departureTime: r.departureTime,
    type: r.type as StayRequestType,
    note: r.note,
    requestedTime: r.requestedTime,
    status: r.status as StayRequestStatus,
    staffNote: r.staffNote,
    createdAt: r.createdAt!.toISOString(),
    updatedAt: r.updatedAt!.toISOString(),
    doneAt: r.doneAt ? r.doneAt.toISOString() : null,
  };
}
export type QueuedStayRequest = ReturnType<typeof queueView>;

/**
 * The staff's queue: the open requests oldest first (along the partial index of open ones) and
 * the last `DONE_SHOWN` finished today (hotel time; along the index of finished ones). A
 * housekeeper's (`housekeeping`) holds the room's own requests only, without the guest's name or
 * the booking's reference: the room number says where to go.
 */
export async function staffQueue(db: Db, now = new Date(), { housekeeping = false } = {}) {
  const startOfToday = hotelInstant(hotelToday(now), '00:00');
  const base = () => deskStays.rowsWithStaysQuery(db, stayRequests, stayRequests.bookingId, REQUEST_COLUMNS);
  const types = housekeeping ? inArray(stayRequests.type, [...HOUSEKEEPING_REQUEST_TYPES]) : undefined;
  const [open, done] = await db.batch([
    base()
      // Written out, not bound: SQLite uses a partial index only for a condition it can match.
      .where(and(OPEN, types))
      .orderBy(asc(stayRequests.createdAt))
      .limit(OPEN_SHOWN),
    base()
      .where(and(isNotNull(stayRequests.doneAt), gte(stayRequests.doneAt, startOfToday), types))
      .orderBy(desc(stayRequests.doneAt))
      .limit(DONE_SHOWN),
  ]);
  const view = housekeeping
    ? (r: Parameters<typeof queueView>[0]) => ({ ...queueView(r), guestName: null, reference: null })
    : queueView;
  return { open: open.map(view), done: done.map(view) };
}

const typeName = (type: StayRequestType, lang: Language) => text(lang, `push.stay_request_type.${type}`);

/** The guest's notice of an answer, in both languages (the staff's note after it). */
function answerNotice(
  request: Pick<StayRequest, 'type' | 'requestedTime'>,
  status: PatchInput['status'],
  note?: string,
) {
  const lateGranted = request.type === 'late_checkout' && status === 'done' && request.requestedTime;
  const notice = (lang: Language) => {
    const title = lateGranted
      ? text(lang, 'stay_request.late_checkout_granted', {
          time: formatTimeOfDay(request.requestedTime!, lang),
        })
      : text(lang, `stay_request.${status}`, { request: typeName(request.type, lang) });
    return { title, message: note ? text(lang, 'stay_request.with_note', { notice: title, note }) : title };
  };
  const [en, ar] = [notice('en'), notice('ar')];
  return { title: en.title, titleAr: ar.title, message: en.message, messageAr: ar.message };
}

/**
 * Staff move a request to in progress, done or declined (with an optional note the guest sees).
 * 404 `stay_request_not_found`; 409 `stay_request_closed` once done or declined; 409
 * `stay_request_changed` when another answer got there first. A late check-out done sets the
 * booking's departure time to the one asked for (if the guest is still in house); declined
 * leaves it.
 */
export async function answerStayRequest(
  db: Db,
  id: number,
  input: PatchInput,
  actor: SessionUser,
  now = new Date(),
  { housekeeping = false } = {},
) {
  const found = await deskStays
    .rowWithBookingQuery(db, stayRequests, stayRequests.bookingId)
    .where(eq(stayRequests.id, id))
    .get();
  if (!found) throw new ApiError(404, 'stay_request_not_found');
  const { row: request, booking } = found;
  if (housekeeping && !(HOUSEKEEPING_REQUEST_TYPES as readonly StayRequestType[]).includes(request.type))
    throw new ApiError(403, 'forbidden');
  if (FINAL.includes(request.status)) throw new ApiError(409, 'stay_request_closed');
  const note = input.note || undefined;
  // Starting again what is already started: nothing to tell anyone.
  if (request.status === input.status && note === undefined) return request;

  const still = and(eq(stayRequests.id, id), eq(stayRequests.status, request.status))!;
  const guard = rowExists(stayRequests, still);
  const final = FINAL.includes(input.status);
  const grantsLate = request.type === 'late_checkout' && input.status === 'done' && request.requestedTime;
  const statements: BatchItem<'sqlite'>[] = [
    insertWhere(
      db,
      notifications,
      {
        ...answerNotice(request, input.status, note),
        userPhone: booking.phoneNumber,
        // The booking's account reads it (GET /notifications/mine).
        userId: booking.userId,
        bookingId: booking.id,
        type: `stay_request_${input.status}`,
      },
      guard,
    ),
    insertWhere(
      db,
      auditLog,
      auditEntry(
        actor,
        `stay_request.${input.status}`,
        'stay_request',
        id,
        { status: request.status, staffNote: request.staffNote },
        {
          status: input.status,
          staffNote: note ?? request.staffNote,
          bookingId: booking.id,
          ...(grantsLate && { departureTime: request.requestedTime }),
        },
      ),
      guard,
    ),
  ];
  if (grantsLate) {
    // "Approved": the departure time the desk and the guest's page show moves to the one asked for.
    statements.push(deskStays.departureTimeStatement(db, booking.id, request.requestedTime!, guard, now));
  }
  const results = await db.batch([
    ...statements,
    // Last: the change itself, on the status it was read in (the guard of everything above).
    db
      .update(stayRequests)
      .set({
        status: input.status,
        ...(note !== undefined && { staffNote: note }),
        handledBy: actor.id,
        ...(final && { doneAt: now }),
        updatedAt: now,
      })
      .where(still)
      .returning(),
  ] as unknown as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  const changed = (results[results.length - 1] as StayRequest[])[0];
  if (!changed) throw new ApiError(409, 'stay_request_changed');
  return changed;
}
