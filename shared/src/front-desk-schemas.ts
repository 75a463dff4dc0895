import { z } from './zod';
import {
  FRONT_DESK_RULES,
  MAX_STAY_NIGHTS,
  ROOM_STATUSES,
  STAY_REQUEST_TYPES,
  TAPE_CHART_NIGHTS,
} from './constants';
import { toLatinDigits } from './digits';
import { nightsBetween } from './money';
import { calendarDate, idSchema, wholeNumber } from './date-schemas';
import { normalizeArrivalTime } from './online-check-in-schemas';
import { roomTypeCodeSchema } from './room-type-schemas';

/**
 * The front desk and housekeeping: request bodies of the rooms, assignment, desk and
 * in-stay request endpoints, checked by the worker (@hono/zod-validator) and by the forms.
 * Messages are codes (worker/src/platform/messages.ts, the web's Lingui catalogs).
 * Their lengths and limits (FRONT_DESK_RULES) are in constants.ts, which has no schema, so that the
 * desk's screens read them without zod (decision 087).
 */
export { FRONT_DESK_RULES } from './constants';

/** A note or a reason: line breaks kept. */
const text = (max: number, code: string) => z.multilineString({ error: code }).trim().max(max, code);

/**
 * "204", "A12", "٢٠٤", "۲۰۴", "２０４" -> "204": every digit as Latin (shared/src/digits.ts), outer
 * spaces gone, 1 to 16 characters. Stored and compared only in this form.
 */
export const roomNumberSchema = z
  .string({ error: 'room_number_required' })
  .transform((v) => toLatinDigits(v).trim())
  .pipe(
    z
      .string()
      .min(1, 'room_number_required')
      .max(FRONT_DESK_RULES.roomNumberMax, 'room_number_too_long')
      .regex(/^[\p{L}\p{N}][\p{L}\p{N} ._-]*$/u, 'room_number_invalid'),
  );

export const roomStatusSchema = z.enum(ROOM_STATUSES, { error: 'invalid_room_status' });

const floorSchema = wholeNumber('invalid_floor').pipe(
  z.number().max(FRONT_DESK_RULES.floorMax, 'invalid_floor'),
);

/** POST /api/admin/rooms */
export const roomCreateSchema = z.object({
  number: roomNumberSchema,
  /** The code of one of the hotel's room types (the worker checks it is one: 400 invalid_room_type). */
  roomType: roomTypeCodeSchema,
  floor: floorSchema.default(0),
  notes: text(FRONT_DESK_RULES.notesMax, 'room_notes_too_long').optional(),
});
export type RoomCreateInput = z.input<typeof roomCreateSchema>;

/**
 * PUT /api/admin/rooms/:id — any of: renumber, move floor, notes, a housekeeping status, retire
 * (`retired: true`), or an out-of-order period (`outOfOrderFrom` + `outOfOrderTo`, exclusive, with
 * a `reason`), or the end of one (`endOutOfOrder`: its id). `status: "out_of_order"` without dates
 * means from today for one night; `clean`/`dirty`/`inspected` on a room out of order tonight ends
 * that period from today.
 */
export const roomUpdateSchema = z
  .object({
    number: roomNumberSchema.optional(),
    floor: floorSchema.optional(),
    notes: text(FRONT_DESK_RULES.notesMax, 'room_notes_too_long').optional(),
    status: roomStatusSchema.optional(),
    retired: z.literal(true, { error: 'validation_failed' }).optional(),
    outOfOrderFrom: calendarDate().optional(),
    outOfOrderTo: calendarDate().optional(),
    reason: text(FRONT_DESK_RULES.reasonMax, 'reason_too_long').optional(),
    /** Ends the room's out-of-order period with this id (`outOfOrder[].id` of the list): from today on. */
    endOutOfOrder: wholeNumber('invalid_id').pipe(z.number().min(1, 'invalid_id')).optional(),
  })
  .superRefine((v, ctx) => {
    if ((v.outOfOrderFrom === undefined) !== (v.outOfOrderTo === undefined))
      ctx.addIssue({ code: 'custom', path: ['outOfOrderTo'], message: 'out_of_order_dates_required' });
    if (v.outOfOrderFrom !== undefined && v.outOfOrderTo !== undefined && v.outOfOrderTo <= v.outOfOrderFrom)
      ctx.addIssue({ code: 'custom', path: ['outOfOrderTo'], message: 'check_out_after_check_in' });
    if ((v.outOfOrderFrom !== undefined || v.status === 'out_of_order') && !v.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'out_of_order_reason_required' });
  });
export type RoomUpdateInput = z.input<typeof roomUpdateSchema>;

/**
 * GET /api/room-list?roomType=&from=&to= (guests): the numbered rooms of a type, each free for
 * the stay [from, to) or not; tonight without dates. At most a stay's length (MAX_STAY_NIGHTS).
 */
export const roomListQuerySchema = z
  .object({ roomType: roomTypeCodeSchema, from: calendarDate().optional(), to: calendarDate().optional() })
  .superRefine((q, ctx) => {
    if ((q.from === undefined) !== (q.to === undefined))
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'from_and_to_together' });
    else if (q.from !== undefined && q.to !== undefined) {
      if (q.to <= q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'to_after_from' });
      else if (nightsBetween(q.from, q.to) > MAX_STAY_NIGHTS)
        ctx.addIssue({ code: 'custom', path: ['to'], message: 'stay_too_long' });
    }
  });

/** PUT /api/booking-submissions/:id/room — `upgrade: true` allows a room of another type. */
export const roomAssignSchema = z.object({
  roomId: wholeNumber('invalid_room').pipe(z.number().min(1, 'invalid_room')),
  upgrade: z.boolean({ error: 'validation_failed' }).optional(),
});
export type RoomAssignInput = z.input<typeof roomAssignSchema>;

/** POST /api/admin/room-assignments — apply a reviewed suggestion (or any set) in one batch. */
export const roomAssignmentsSchema = z.object({
  assignments: z
    .array(
      z.object({
        bookingId: wholeNumber('invalid_id').pipe(z.number().min(1, 'invalid_id')),
        roomId: wholeNumber('invalid_room').pipe(z.number().min(1, 'invalid_room')),
      }),
      { error: 'validation_failed' },
    )
    .min(1, 'validation_failed')
    .max(200, 'validation_failed'),
});

/** GET /api/front-desk?date= and GET /api/admin/room-assignments/suggestion?date= (today by default). */
export const frontDeskQuerySchema = z.object({ date: calendarDate().optional() });

/** GET /api/admin/tape-chart?from=&nights= */
export const tapeChartQuerySchema = z.object({
  from: calendarDate().optional(),
  nights: wholeNumber('invalid_number')
    .pipe(z.number().min(1, 'invalid_number').max(31, 'invalid_number'))
    .default(TAPE_CHART_NIGHTS),
});

/** POST /api/booking-submissions/:id/check-in */
export const checkInSchema = z.object({
  confirmNotClean: z.boolean({ error: 'validation_failed' }).optional(),
  /** The room to check into when the stay has none (or another); without it the best free one. */
  roomId: wholeNumber('invalid_room').pipe(z.number().min(1, 'invalid_room')).optional(),
  /** Staff checked the guest's ID document against the registration details (kept in the audit line). */
  idChecked: z.boolean({ error: 'validation_failed' }).optional(),
});

/** "HH:MM" (Arabic-Indic digits accepted) -> "HH:MM". */
export const timeOfDaySchema = z.string({ error: 'time_invalid' }).transform((v, ctx) => {
  const time = normalizeArrivalTime(v);
  if (time === null) {
    ctx.addIssue({ code: 'custom', message: 'time_invalid' });
    return z.NEVER;
  }
  return time;
});

/** POST /api/stay-requests — a late check-out names the time asked for; "other" needs a note. */
export const stayRequestCreateSchema = z
  .object({
    bookingId: wholeNumber('invalid_id').pipe(z.number().min(1, 'invalid_id')),
    type: z.enum(STAY_REQUEST_TYPES, { error: 'invalid_stay_request_type' }),
    note: text(FRONT_DESK_RULES.stayRequestNoteMax, 'stay_request_note_too_long').optional(),
    requestedTime: timeOfDaySchema.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.type === 'late_checkout' && v.requestedTime === undefined)
      ctx.addIssue({ code: 'custom', path: ['requestedTime'], message: 'time_invalid' });
    if (v.type === 'other' && !v.note)
      ctx.addIssue({ code: 'custom', path: ['note'], message: 'stay_request_note_required' });
  });
export type StayRequestCreateInput = z.input<typeof stayRequestCreateSchema>;

/** PATCH /api/admin/stay-requests/:id — `declined` is for a late check-out the hotel cannot give. */
export const stayRequestPatchSchema = z.object({
  status: z.enum(['in_progress', 'done', 'declined'], { error: 'invalid_stay_request_status' }),
  note: text(FRONT_DESK_RULES.staffNoteMax, 'stay_request_note_too_long').optional(),
});
export type StayRequestPatchInput = z.input<typeof stayRequestPatchSchema>;

/** GET /api/stay-requests/mine?bookingId= — the booking's requests, for its guest. */
export const stayRequestMineQuerySchema = z.object({ bookingId: idSchema });
