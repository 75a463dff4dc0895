import { z } from './zod';
import { bookingRoomTypeSchema } from './booking-schemas';
import { calendarDate, isCalendarDate, wholeNumber } from './date-schemas';
import { toLatinDigits } from './digits';
import { adultsSchema, childrenSchema } from './guest-counts';
import { nightsBetween } from './money';
import { bookingRatePlanSchema } from './rate-schemas';
import { phoneNumberSchema } from './schemas';

/**
 * Group blocks as the API takes and answers them (/api/admin/groups): rooms of a type held each
 * night out of general sale (and the channel's) for a delegation, a wedding or a tour, and the
 * rooming list that books its guests inside the block. Digits typed in Arabic-Indic are read as
 * everywhere else.
 */
export const GROUP_STATUSES = ['tentative', 'definite', 'cancelled'] as const;
export type GroupStatus = (typeof GROUP_STATUSES)[number];
export const GROUP_BILLINGS = ['master', 'individual'] as const;
export type GroupBilling = (typeof GROUP_BILLINGS)[number];

export const GROUP_RULES = {
  nameMax: 120,
  /** The most rooms of one type one block holds on a night (the table's check). */
  heldMax: 500,
  /** The most nights one line of `rooms` spans. */
  nightsMax: 366,
  /** The most lines of `rooms` (type and date range) one request carries. */
  roomLinesMax: 40,
  /** The most guests one rooming list carries. */
  roomingListMax: 300,
  /** The staff list's page. */
  pageMax: 100,
} as const;

const latin = (v: unknown) => (typeof v === 'string' ? toLatinDigits(v).trim() : v);

const groupName = z.preprocess(
  latin,
  z
    .string({ error: 'group_name_required' })
    .min(1, 'group_name_required')
    .max(GROUP_RULES.nameMax, 'text_too_long'),
);

/** One line of a block: `count` rooms of `roomType` each night from `from` to `to` (both held). */
export const groupRoomsLineSchema = z
  .object({
    roomType: bookingRoomTypeSchema,
    from: calendarDate('invalid_date'),
    to: calendarDate('invalid_date'),
    count: wholeNumber('group_count_invalid').pipe(
      z.number().max(GROUP_RULES.heldMax, 'group_count_invalid'),
    ),
  })
  .superRefine((line, ctx) => {
    if (!isCalendarDate(line.from) || !isCalendarDate(line.to)) return;
    const nights = nightsBetween(line.from, line.to) + 1;
    if (nights < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'group_dates_invalid' });
    else if (nights > GROUP_RULES.nightsMax)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'group_dates_invalid' });
  });
export type GroupRoomsLine = z.infer<typeof groupRoomsLineSchema>;

const roomsSchema = z
  .array(groupRoomsLineSchema, { error: 'group_rooms_required' })
  .max(GROUP_RULES.roomLinesMax, 'group_rooms_too_many');

const companyIdSchema = wholeNumber('group_company_not_found')
  .pipe(z.number().min(1, 'group_company_not_found'))
  .nullable()
  .optional();

/** POST /api/admin/groups. */
export const createGroupSchema = z.object({
  name: groupName,
  companyId: companyIdSchema,
  ratePlan: bookingRatePlanSchema,
  status: z.enum(['tentative', 'definite'], { error: 'invalid_status' }).default('tentative'),
  releaseDate: calendarDate('group_release_date_required'),
  billing: z.enum(GROUP_BILLINGS, { error: 'group_billing_invalid' }).default('individual'),
  rooms: roomsSchema.min(1, 'group_rooms_required'),
});
export type CreateGroupInput = z.infer<typeof createGroupSchema>;

/**
 * PATCH /api/admin/groups/:id: each field left out stays as it is. `rooms` lines set the held
 * count of those types and nights (0 frees them); nights the lines do not name keep theirs. No
 * night goes below what its members already picked up (409 `group_held_below_picked_up`).
 */
export const updateGroupSchema = z.object({
  name: groupName.optional(),
  companyId: companyIdSchema,
  status: z.enum(['tentative', 'definite'], { error: 'invalid_status' }).optional(),
  releaseDate: calendarDate('group_release_date_required').optional(),
  billing: z.enum(GROUP_BILLINGS, { error: 'group_billing_invalid' }).optional(),
  rooms: roomsSchema.optional(),
});
export type UpdateGroupInput = z.infer<typeof updateGroupSchema>;

/** GET /api/admin/groups?page=&status=: the newest first. */
export const groupListQuerySchema = z.object({
  page: wholeNumber('invalid_number').pipe(z.number().min(1, 'invalid_number')).optional().default(1),
  status: z.enum(['open', ...GROUP_STATUSES], { error: 'invalid_status' }).optional(),
});

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** One guest of a rooming list; dates left out: the block's first night and the day after its last. */
export const roomingListGuestSchema = z
  .object({
    fullName: z.preprocess(
      latin,
      z.string({ error: 'full_name_required' }).min(2, 'name_min').max(100, 'full_name_max'),
    ),
    phoneNumber: z.preprocess(emptyToUndefined, phoneNumberSchema.optional()),
    roomType: bookingRoomTypeSchema,
    checkInDate: z.preprocess(emptyToUndefined, calendarDate('check_in_required').optional()),
    checkOutDate: z.preprocess(emptyToUndefined, calendarDate('check_out_required').optional()),
    adults: adultsSchema.optional().default(1),
    children: childrenSchema.optional().default(0),
  })
  .superRefine((g, ctx) => {
    if (!g.checkInDate || !g.checkOutDate) return;
    if (!isCalendarDate(g.checkInDate) || !isCalendarDate(g.checkOutDate)) return;
    if (nightsBetween(g.checkInDate, g.checkOutDate) < 1)
      ctx.addIssue({ code: 'custom', path: ['checkOutDate'], message: 'check_out_after_check_in' });
  });
export type RoomingListGuest = z.infer<typeof roomingListGuestSchema>;

/** POST /api/admin/groups/:id/rooming-list: all the lines are booked, or none. */
export const roomingListSchema = z.object({
  guests: z
    .array(roomingListGuestSchema, { error: 'rooming_list_empty' })
    .min(1, 'rooming_list_empty')
    .max(GROUP_RULES.roomingListMax, 'rooming_list_too_long'),
});
export type RoomingListInput = z.infer<typeof roomingListSchema>;

/** The block as GET /api/admin/groups/:id (and the list) answers it. */
export type GroupSummary = {
  id: number;
  name: string;
  companyId: number | null;
  companyName: string | null;
  ratePlan: string;
  status: GroupStatus;
  /** The night (YYYY-MM-DD) whose day close returns what is not picked up to sale. */
  releaseDate: string;
  billing: GroupBilling;
  /** ISO time of the release (by the day close or early), null while holding. */
  releasedAt: string | null;
  cancelledAt: string | null;
};

/** A night of a type: how many rooms the block holds and how many its members took. */
export type GroupNight = { date: string; roomType: string; held: number; pickedUp: number };

export type GroupMember = {
  bookingId: number;
  reference: string;
  fullName: string;
  roomType: string;
  checkInDate: string;
  checkOutDate: string;
  status: string;
};

/** GET /api/admin/groups/:id (also the answer of every write on the block). */
export type GroupDetail = { group: GroupSummary; nights: GroupNight[]; members: GroupMember[] };

/** GET /api/admin/groups: a page of blocks, each with its first and last night and its totals. */
export type GroupListItem = GroupSummary & {
  firstNight: string | null;
  lastNight: string | null;
  /** Room nights held and picked up over the whole block. */
  held: number;
  pickedUp: number;
};
export type GroupList = { groups: GroupListItem[]; page: number; hasMore: boolean };

/** 409 `block_exceeded`: the rooming list's lines (0-based) that do not fit in what is left. */
export type BlockExceededDetails = { lines: number[] };

/** 409 `block_over_allotment`: the nights whose hold does not fit, with the rooms free to the block. */
export type BlockOverAllotmentDetails = { nights: { roomType: string; date: string; free: number }[] };
