import { z } from './zod';
import { ratePlanCodeSchema } from './rate-schemas';
import { roomTypeCodeSchema } from './room-type-schemas';

/**
 * The channel manager link's staff API (worker/src/modules/channel): the mappings of our room
 * types and rate plans to the channel manager's ids, the link's on/off setting, and the status.
 */

/** A channel manager's id of a room type or rate plan (Channex: a UUID; the fake: our codes). */
const channelIdSchema = z
  .string({ error: 'channel_id_invalid' })
  .trim()
  .min(1, 'channel_id_invalid')
  .max(100, 'channel_id_invalid');

/** PUT /api/admin/channel/mappings: the whole set (what is left out is no longer mapped). */
export const channelMappingsSchema = z.object({
  roomTypes: z.array(z.object({ code: roomTypeCodeSchema, channelId: channelIdSchema })).max(200),
  ratePlans: z
    .array(
      z.object({ ratePlan: ratePlanCodeSchema, roomType: roomTypeCodeSchema, channelId: channelIdSchema }),
    )
    .max(2000),
});
export type ChannelMappings = z.infer<typeof channelMappingsSchema>;

/** PUT /api/admin/channel: the link on or off (off keeps the queue; nothing is sent or read). */
export const channelSettingSchema = z.object({ enabled: z.boolean({ error: 'validation_failed' }) });

export const CHANNEL_PROVIDERS = ['fake', 'channex', 'off'] as const;
export type ChannelProvider = (typeof CHANNEL_PROVIDERS)[number];

/** A failure the screen words in both languages by its code. */
export const CHANNEL_ERROR_CODES = [
  'rate_limited',
  'provider_down',
  'unreachable',
  'unauthorized',
  'refused',
  'internal',
  // Values the channel manager ignored (Channex: 200 with meta.warnings), naming the type, plan and nights.
  'values_rejected',
] as const;
export type ChannelErrorCode = (typeof CHANNEL_ERROR_CODES)[number];

/**
 * Values the channel manager ignored (Channex answers 200 with `meta.warnings` and drops them):
 * our room type and rate plan codes (`ratePlan` null for availability), the nights (`from`..`to`,
 * both included) and the fields it named (`rate`, `date`, `rate_plan_id`, ...).
 */
export type ChannelRejectedValues = {
  kind: 'availability' | 'restrictions';
  roomType: string;
  ratePlan: string | null;
  from: string;
  to: string;
  fields: string[];
};

/**
 * One push to the channel manager: when, what (availability, or prices and restrictions; part of a
 * full sync or not), how many values and bytes, what it answered (`accepted`; `warned`: some values
 * ignored; `failed`, with its HTTP status), and its ids for support and certification (Channex's
 * `x-request-id` header, the task ids of its answer).
 */
export type ChannelPush = {
  at: string;
  kind: 'availability' | 'restrictions';
  full: boolean;
  values: number;
  bytes: number;
  outcome: 'accepted' | 'warned' | 'failed';
  warnings: number;
  status: number | null;
  requestId: string | null;
  taskIds: string[];
};

/**
 * Why an OTA booking was kept for staff rather than simply held (booking_submissions.channel_flag;
 * the desk and the channel screen word each): `overbooked` no room of its type free on a night,
 * `unmapped` a room type we do not map, `over_occupancy` more guests than its type takes,
 * `not_sellable` a retired type or a plan we send as stop-sell (retired, private, or not selling
 * that type), `currency_mismatch` amounts in a currency other than the property's (OMR: its
 * prices are not taken as rials), `rooms_unmatched` the OTA changed a booking of several rooms
 * without saying which room is which (no room id Channex documents: its rooms are left as they
 * were, for the desk to compare with the OTA). Only `overbooked` and `unmapped` leave the stay
 * without rooms.
 */
export const CHANNEL_FLAGS = [
  'overbooked',
  'unmapped',
  'over_occupancy',
  'not_sellable',
  'currency_mismatch',
  'rooms_unmatched',
] as const;
export type ChannelFlag = (typeof CHANNEL_FLAGS)[number];

/** GET /api/admin/channel. Times are ISO strings (null: never). */
export type ChannelStatus = {
  provider: ChannelProvider;
  /** Switched on by an admin (PUT /api/admin/channel). */
  enabled: boolean;
  /** Configured, switched on, and its last call did not fail. */
  connected: boolean;
  lastPushAt: string | null;
  lastPullAt: string | null;
  /** Outbox rows waiting (a room type's or plan's whole horizon counts as one). */
  outboxDepth: number;
  /** While the sender waits after a 429 or 5xx, until when. */
  backoffUntil: string | null;
  /** Settings Channex still needs (their names), when it is the provider. */
  missingSettings: string[];
  /**
   * The values the channel manager ignored and not sent since (code `values_rejected`, each with
   * `rejected`: the type, plan and nights), then the latest failures, newest first.
   */
  errors: {
    at: string;
    message: string;
    code?: ChannelErrorCode;
    rejected?: ChannelRejectedValues;
  }[];
  /** The latest pushes (the outbox's send record), newest first: what the reviewer asks for. */
  pushes: ChannelPush[];
  /** The OTA bookings still to place or correct by hand (one per room), newest first. */
  flagged: {
    /** The latest revision of its channel booking. */
    revisionId: string;
    otaName: string;
    otaReservationCode: string;
    reason: ChannelFlag;
    bookingId?: number;
    /** The booking's own reference (the screen links to it). */
    bookingReference?: string;
    /** `currency_mismatch`: the revision's currency and total as the OTA sent them (e.g. "USD", "240.00"). */
    currency?: string;
    amount?: string;
  }[];
};
