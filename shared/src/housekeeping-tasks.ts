import { z } from './zod';
import { calendarDate, idSchema, wholeNumber } from './date-schemas';
import { TASK_STATUSES, type TaskKind, type TaskStatus, type TaskWait } from './housekeeping';

/**
 * Housekeeping's tasks (docs/decisions/091-housekeeping-tasks.md): what a room needs on a day,
 * who does it, and how far it is. One module for both sides: the worker validates and refuses
 * with it, the board and the phone show and balance with it.
 */

// The kinds, statuses, moves and day of tasks live in housekeeping.ts, which has no schema: the
// board and the phone draw with them without loading zod (decision 087).
export {
  TASK_KINDS,
  TASK_STATUSES,
  canMoveTask,
  housekeepingDay,
  taskMoves,
  type TaskKind,
  type TaskStatus,
  type TaskWait,
} from './housekeeping';
/** A task as GET /api/housekeeping/tasks answers it. */
export type HousekeepingTask = {
  id: number;
  date: string;
  kind: TaskKind;
  status: TaskStatus;
  credits: number;
  room: {
    id: number;
    number: string;
    floor: number;
    status: 'clean' | 'dirty' | 'inspected' | 'out_of_order';
  };
  assignedTo: number | null;
  /** A guest arrives in the room that day: clean it first. */
  rush: boolean;
  /**
   * The arriving guest bought an early check-in (docs/decisions/098): the room is wanted by this
   * hour (HH:MM hotel time), a rush before the others; null or absent: by the check-in time.
   */
  rushBy?: string | null;
  /** The arriving (or, for a stay-over and a turndown, the staying) guest is a VIP. */
  vip: boolean;
  /** The stay leaving has checked out at the desk (a departure clean may start). */
  checkedOut: boolean;
  /** What it waits for before it may start (`taskMoves`): the guest's check-out, the room's clean. */
  waitingFor: TaskWait;
  startedAt: string | null;
  finishedAt: string | null;
};

export type HousekeepingTasksAnswer = {
  date: string;
  /** The day's tasks are made (by the day close, or by a supervisor on the hotel's first day). */
  made: boolean;
  /** The caller may assign tasks (a supervisor) and sees every task; else only their own. */
  supervisor: boolean;
  tasks: HousekeepingTask[];
  /** For a supervisor: the housekeepers they may assign rooms to. */
  housekeepers: { id: number; fullName: string }[];
  /** The minibar outlet's items and prices (its menu), for the report from a room. */
  minibar: MinibarItem[];
};

/** An item of the minibar outlet's menu (docs/decisions/090-outlets.md). */
export type MinibarItem = { id: number; nameAr: string; nameEn: string; priceBaisa: number };

/** GET /api/housekeeping/tasks?date= (no date: the open business day, `housekeepingDay`). */
export const tasksQuerySchema = z.object({ date: calendarDate().optional() });

/** PATCH /api/housekeeping/tasks/:id */
export const taskPatchSchema = z
  .object({
    status: z.enum(TASK_STATUSES, { error: 'task_status_invalid' }),
    assignedTo: idSchema.or(z.number().int().positive()).nullable().optional(),
  })
  .strict();

/** PUT /api/housekeeping/assignments: a day's rooms given to housekeepers (null: nobody). */
export const assignmentsSchema = z
  .object({
    date: calendarDate(),
    rooms: z
      .array(
        z.object({
          roomId: z.number({ error: 'invalid_id' }).int('invalid_id').positive('invalid_id'),
          assignedTo: z.number({ error: 'invalid_id' }).int('invalid_id').positive('invalid_id').nullable(),
        }),
        { error: 'validation_failed' },
      )
      .min(1, 'validation_failed')
      .max(500, 'validation_failed'),
  })
  .strict();

/** POST /api/housekeeping/days: make a day's tasks (a hotel's first day, before any day close). */
export const makeDaySchema = z.object({ date: calendarDate() }).strict();

export const MINIBAR_MAX_QUANTITY = 50;

/** POST /api/housekeeping/tasks/:id/minibar: what the guest took, by item of the minibar outlet's menu. */
export const minibarReportSchema = z
  .object({
    items: z
      .array(
        z.object({
          itemId: z
            .number({ error: 'minibar_item_unknown' })
            .int('minibar_item_unknown')
            .positive('minibar_item_unknown'),
          quantity: wholeNumber('minibar_quantity_invalid').pipe(
            z
              .number()
              .min(1, 'minibar_quantity_invalid')
              .max(MINIBAR_MAX_QUANTITY, 'minibar_quantity_invalid'),
          ),
        }),
        { error: 'minibar_items_required' },
      )
      .min(1, 'minibar_items_required')
      .max(30, 'minibar_items_required'),
  })
  .strict();

// (In housekeeping.ts, which has no schema: the board reads it without zod; decision 087.)
export { balanceRooms } from './housekeeping';

/** The hotel's housekeeping rules, as GET/PUT /api/housekeeping/settings carry them. */
export type HousekeepingSettings = {
  /** A stay-over is tidied every N nights of its stay (1: every night; 0: never). */
  stayOverEveryNights: number;
  turndown: boolean;
  departureCredits: number;
  stayOverCredits: number;
  inspectionCredits: number;
  turndownCredits: number;
};

const settingNumber = (max: number) =>
  wholeNumber('housekeeping_setting_invalid').pipe(z.number().max(max, 'housekeeping_setting_invalid'));

/** PUT /api/housekeeping/settings (managers): the rules the next days' tasks are made by. */
export const housekeepingSettingsSchema = z
  .object({
    stayOverEveryNights: settingNumber(14),
    turndown: z.boolean({ error: 'housekeeping_setting_invalid' }),
    departureCredits: settingNumber(20),
    stayOverCredits: settingNumber(20),
    inspectionCredits: settingNumber(20),
    turndownCredits: settingNumber(20),
  })
  .strict();
