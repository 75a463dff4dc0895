import { z } from './zod';
import { calendarDate, idSchema, wholeNumber } from './date-schemas';

/**
 * Work orders (docs/decisions/092-work-orders-and-lost-and-found.md): a fault reported in a room or
 * a public area, taken and closed by a technician. Request bodies and queries of
 * `/api/admin/work-orders`, checked by the worker and by the forms. Messages are codes
 * (worker/src/locales).
 */
export const WORK_ORDER_RULES = {
  noteMax: 1000,
  areaMax: 100,
  resolutionMax: 1000,
  /** The longest out-of-order period a work order sets (nights), as the rooms screen's. */
  outOfOrderMaxNights: 366,
  /** Closed orders per page of the list (the open and taken ones are all listed). */
  closedPage: 30,
  /** A room's history, newest first, per page. */
  historyPage: 30,
} as const;

export const WORK_ORDER_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type WorkOrderPriority = (typeof WORK_ORDER_PRIORITIES)[number];
export const WORK_ORDER_STATUSES = ['open', 'taken', 'closed'] as const;
export type WorkOrderStatus = (typeof WORK_ORDER_STATUSES)[number];
/** What the fault does to its room: nothing, out of order (not sold) or out of service (sold, not assigned). */
export const WORK_ORDER_ROOM_STATES = ['none', 'out_of_order', 'out_of_service'] as const;
export type WorkOrderRoomState = (typeof WORK_ORDER_ROOM_STATES)[number];

const text = (max: number, required: string, tooLong: string) =>
  z.multilineString({ error: required }).trim().min(1, required).max(max, tooLong);

const roomId = wholeNumber('room_not_found').pipe(z.number().min(1, 'room_not_found'));

/**
 * POST /api/admin/work-orders: a fault in a room (`roomId`) or a public area (`area`), with a note
 * and a priority; for a room, optionally out of order for the nights `outOfOrderFrom` to the night
 * before `outOfOrderTo`, or out of service until the order is closed.
 */
export const workOrderCreateSchema = z
  .object({
    roomId: roomId.optional(),
    area: z
      .string({ error: 'work_order_place_required' })
      .trim()
      .max(WORK_ORDER_RULES.areaMax, 'work_order_area_too_long')
      .optional(),
    note: text(WORK_ORDER_RULES.noteMax, 'work_order_note_required', 'work_order_note_too_long'),
    priority: z.enum(WORK_ORDER_PRIORITIES, { error: 'work_order_priority_invalid' }).default('normal'),
    roomState: z.enum(WORK_ORDER_ROOM_STATES, { error: 'work_order_room_state_invalid' }).default('none'),
    outOfOrderFrom: calendarDate().optional(),
    outOfOrderTo: calendarDate().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.roomId === undefined && !v.area)
      ctx.addIssue({ code: 'custom', path: ['area'], message: 'work_order_place_required' });
    if (v.roomState !== 'none' && v.roomId === undefined)
      ctx.addIssue({ code: 'custom', path: ['roomId'], message: 'work_order_room_required' });
    if (v.roomState === 'out_of_order') {
      if (!v.outOfOrderFrom || !v.outOfOrderTo)
        ctx.addIssue({ code: 'custom', path: ['outOfOrderTo'], message: 'out_of_order_dates_required' });
      else if (v.outOfOrderTo <= v.outOfOrderFrom)
        ctx.addIssue({ code: 'custom', path: ['outOfOrderTo'], message: 'to_after_from' });
    }
  });
export type WorkOrderCreateInput = z.input<typeof workOrderCreateSchema>;

/** POST /api/admin/work-orders/:id/close: what was done. */
export const workOrderCloseSchema = z.object({
  resolution: text(
    WORK_ORDER_RULES.resolutionMax,
    'work_order_resolution_required',
    'work_order_resolution_too_long',
  ),
});
export type WorkOrderCloseInput = z.input<typeof workOrderCloseSchema>;

/**
 * GET /api/admin/work-orders: `active` (open and taken: every one, urgent first) by default, or
 * one status; `mine` the ones the caller took; `roomId` one room's; closed ones a page at a time
 * (`before`: the last id of the page before).
 */
export const workOrderListQuerySchema = z.object({
  status: z.enum(['active', ...WORK_ORDER_STATUSES], { error: 'validation_failed' }).default('active'),
  mine: z.enum(['1', 'true'], { error: 'validation_failed' }).optional(),
  roomId: idSchema.optional(),
  before: idSchema.optional(),
});

/** GET /api/admin/work-orders/rooms/:id: one room's history, newest first, a page at a time. */
export const roomHistoryQuerySchema = z.object({ before: idSchema.optional() });
