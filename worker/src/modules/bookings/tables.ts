import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  sqliteTable,
  text,
  uniqueIndex,
  type AnySQLiteColumn,
} from 'drizzle-orm/sqlite-core';
import {
  BED_TYPES,
  BOOKING_SEGMENTS,
  BOOKING_STATUSES,
  LANGUAGES,
  PAYMENT_METHODS,
  SMOKING_TYPES,
} from '@shared/constants';
import { createdAt, updatedAt } from '../../platform/columns';
import { users } from '../../platform/tables';
import { cityLedgerAccounts } from '../companies/tables';
import { hotelRooms } from '../inventory/tables';
import { groupBlocksKey } from './upper-keys';
import { guestProfiles } from './guest-profile-tables';
import { CHANNEL_FLAGS } from '@shared/channel-schemas';
import type { BookingStatus, RoomStatus } from '@shared/constants';
import type { CancellationRule, DepositRule } from '@shared/rates';

/**
 * What closing a booking replaced (`closed_from`, migration 0051): the open status it left; for a
 * check-out the room's status before it was left dirty, and for an early one the booked departure
 * and total the check-out rewrote.
 */
export type ClosedFrom = {
  status: BookingStatus;
  roomStatus?: RoomStatus | null;
  checkOutDate?: string;
  totalPrice?: number | null;
  /** The nightly prices an early check-out cut short (null: the booking kept none). */
  nightPrices?: number[] | null;
};

/**
 * Booking requests. The spec's `booking_submissions` columns; the older
 * `bookings` table of the spec is the same thing and is folded in here.
 * `total_price` is baisa computed by the server; `user_id` links the account.
 */
export const bookingSubmissions = sqliteTable(
  'booking_submissions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** Server-made random reference: lets one D1 batch insert the booking and its holds. */
    reference: text('reference').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    fullName: text('full_name').notNull(),
    /** Normalised (shared/src/digits.ts). */
    phoneNumber: text('phone_number').notNull(),
    userEmail: text('user_email'),
    idNumber: text('id_number').notNull(),
    checkInDate: text('check_in_date').notNull(),
    checkOutDate: text('check_out_date').notNull(),
    roomType: text('room_type').notNull(),
    /** A numbered room chosen from the room list (e.g. 3 for silver-3); null for a general room. */
    roomNumber: integer('room_number'),
    bedType: text('bed_type', { enum: BED_TYPES }),
    smokingPreference: text('smoking_preference', { enum: SMOKING_TYPES }),
    /** Adults and children together (the price and the type's limits count them all). */
    numberOfGuests: integer('number_of_guests').notNull().default(2),
    /**
     * Of `numberOfGuests`, the adults and the children (migration 0066). Null on a row written
     * without them: all its guests are adults (shared/src/guest-counts.ts `storedGuests`).
     */
    adults: integer('adults'),
    children: integer('children'),
    totalPrice: integer('total_price'),
    extras: text('extras'),
    status: text('status', { enum: BOOKING_STATUSES }).notNull().default('pending'),
    statusReason: text('status_reason'),
    isPointsBooking: integer('is_points_booking', { mode: 'boolean' }).notNull().default(false),
    pointsUsed: integer('points_used').notNull().default(0),
    bookingType: text('booking_type'),
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** A desk booking: the member of staff who made it (not capped, see 0005_hardening.sql). */
    createdByStaffId: integer('created_by_staff_id').references(() => users.id, { onDelete: 'set null' }),
    /** Hash of the client address of a guest request (never the address), for the pending cap. */
    clientHash: text('client_hash'),
    /** Stamped by the request that won the latest status change (platform/atomic.ts). */
    changeToken: text('change_token'),
    /** A booking the assistant made: its conversation, which staff can read (migration 0012). */
    chatSessionId: text('chat_session_id'),
    /** The address a guest without an account gave for confirmations (migration 0024). */
    email: text('email'),
    /** The language the booking was made in: its e-mails are written in it (migration 0024). */
    lang: text('lang', { enum: LANGUAGES }).notNull().default('ar'),
    /**
     * The guest asked for updates on WhatsApp with this booking (migration 0087): the WhatsApp
     * module records the consent for the phone (modules/whatsapp consents) in the booking's batch.
     */
    whatsappOptIn: integer('whatsapp_opt_in', { mode: 'boolean' }).notNull().default(false),
    /** The device that sent the request (`X-Device-Id`): its push subscription hears of it (0025). */
    deviceId: text('device_id'),
    /** When a guest's change sent it back to pending (its hold runs from then; null: since made). */
    pendingSince: integer('pending_since', { mode: 'timestamp_ms' }),
    /**
     * What the move that closed the booking (completed, cancelled) replaced, for a manager's undo
     * or reinstatement (migration 0051); null while the booking is open.
     */
    closedFrom: text('closed_from', { mode: 'json' }).$type<ClosedFrom>(),
    /** Online check-in (migration 0034): what the guest told the hotel. */
    checkInArrivalTime: text('check_in_arrival_time'),
    checkInAdults: integer('check_in_adults'),
    checkInChildren: integer('check_in_children'),
    checkInRequests: text('check_in_requests'),
    checkInTermsAcceptedAt: integer('check_in_terms_accepted_at', { mode: 'timestamp_ms' }),
    checkedInOnlineAt: integer('checked_in_online_at', { mode: 'timestamp_ms' }),
    /** The guest's ID photo in R2 (private: staff read it through the API, never a public URL). */
    idDocumentKey: text('id_document_key'),
    idDocumentType: text('id_document_type'),
    idDocumentUploadedAt: integer('id_document_uploaded_at', { mode: 'timestamp_ms' }),
    /** When the daily job deleted the ID photo and masked the ID number (modules/privacy/id-retention.ts). */
    idDataPurgedAt: integer('id_data_purged_at', { mode: 'timestamp_ms' }),
    /**
     * The desk (migration 0035): the room the stay is (or was last) assigned to — the
     * nights it holds there are `room_nights` —, who checked the guest in and out and when, and a
     * late check-out granted (HH:MM hotel time; null: the hotel's check-out time).
     */
    roomId: integer('room_id').references((): AnySQLiteColumn => hotelRooms.id, { onDelete: 'set null' }),
    checkedInAt: integer('checked_in_at', { mode: 'timestamp_ms' }),
    checkedInBy: integer('checked_in_by').references(() => users.id, { onDelete: 'set null' }),
    checkedOutAt: integer('checked_out_at', { mode: 'timestamp_ms' }),
    checkedOutBy: integer('checked_out_by').references(() => users.id, { onDelete: 'set null' }),
    departureTime: text('departure_time'),
    /**
     * The guest's profile (migration 0050, modules/guests): set by the database as the booking is
     * inserted (the account's profile, else the one of its phone); a merge moves it.
     */
    profileId: integer('profile_id').references(() => guestProfiles.id, { onDelete: 'set null' }),
    /** The desk's notes on the booking (migration 0052); never shown to the guest. */
    notes: text('notes'),
    /**
     * A price a manager set by hand (0: complimentary), the stay's total in baisa, with its reason
     * (migration 0052). A later change of dates keeps its price per night (booking-changes.ts).
     */
    priceOverrideBaisa: integer('price_override_baisa'),
    priceOverrideReason: text('price_override_reason'),
    /**
     * The rate plan it was sold under, the price of each of its nights (baisa, from the arrival
     * night; the folio posts them) and the cancellation rule of its plan when sold (null: the
     * site's free-cancellation hours, as for bookings made before plans). Migration 0055.
     */
    ratePlan: text('rate_plan').notNull().default('standard'),
    nightPrices: text('night_prices', { mode: 'json' }).$type<number[]>(),
    cancellationRule: text('cancellation_rule', { mode: 'json' }).$type<CancellationRule>(),
    /** The deposit rule of its plan when sold (migration 0061; null: the plan's rule now, for bookings made before). */
    depositRule: text('deposit_rule', { mode: 'json' }).$type<DepositRule>(),
    /** The folio's balance (migration 0059): kept by the database with each folio line, never written here. */
    folioBalanceBaisa: integer('folio_balance_baisa').notNull().default(0),
    /**
     * A booking the channel manager brought (migration 0070, modules/channel): the OTA that sold it
     * (null: the hotel's own), its reservation code, the channel manager's booking id, who collects
     * the money ('ota': the balance goes to the OTA's city-ledger account at check-out), the OTA's
     * commission in baisa, and why staff must look at it when it could not be placed.
     */
    source: text('source'),
    channelReference: text('channel_reference'),
    channelBookingId: text('channel_booking_id'),
    paymentCollect: text('payment_collect', { enum: ['ota', 'property'] }),
    commissionBaisa: integer('commission_baisa'),
    channelFlag: text('channel_flag', { enum: CHANNEL_FLAGS }),
    /** The channel manager's Booking Room this booking is (migration 0083: one booking per room; null: made before). */
    channelRoomId: text('channel_room_id'),
    /**
     * Migration 0071: the company and travel agent the booking is for (city-ledger accounts),
     * its market segment, and the group block it is a member of (its nights are picked up from
     * the block's hold).
     */
    companyId: integer('company_id').references(() => cityLedgerAccounts.id),
    travelAgentId: integer('travel_agent_id').references(() => cityLedgerAccounts.id),
    segment: text('segment', { enum: BOOKING_SEGMENTS }),
    groupId: integer('group_id').references((): AnySQLiteColumn => groupBlocksKey.id),
  },
  (t) => [
    uniqueIndex('booking_submissions_reference_idx').on(t.reference),
    index('booking_submissions_user_id_idx').on(t.userId),
    index('booking_submissions_status_idx').on(t.status, t.createdAt),
    index('booking_submissions_phone_number_idx').on(t.phoneNumber),
    // The pending caps' trigger counts a phone's and an address's pending requests (0005_hardening.sql).
    index('booking_submissions_pending_phone_idx')
      .on(t.phoneNumber)
      .where(sql`${t.status} = 'pending'`),
    index('booking_submissions_pending_client_idx')
      .on(t.clientHash)
      .where(sql`${t.status} = 'pending'`),
    // The statistics' sums, nightly walk, room counts and per-day counts (migration 0015).
    index('booking_submissions_stay_idx').on(
      t.status,
      t.checkOutDate,
      t.checkInDate,
      t.isPointsBooking,
      t.totalPrice,
    ),
    index('booking_submissions_status_room_type_idx').on(t.status, t.roomType),
    index('booking_submissions_created_at_idx').on(t.createdAt),
    // The desk's date window: stays checking in between `from` − 30 nights and `to` (migration 0028).
    index('booking_submissions_check_in_idx').on(t.checkInDate, t.checkOutDate),
    // The dashboard's latest cancelled bookings (migration 0020).
    index('booking_submissions_status_updated_at_idx').on(t.status, t.updatedAt),
    // An account's deletion looks up the desk bookings its member of staff made (migration 0032).
    index('booking_submissions_created_by_staff_id_idx')
      .on(t.createdByStaffId)
      .where(sql`${t.createdByStaffId} is not null`),
    // The daily ID retention's work list: bookings not yet purged, by check-out (migration 0034).
    index('booking_submissions_id_retention_idx')
      .on(t.checkOutDate)
      .where(sql`${t.idDataPurgedAt} is null`),
    index('booking_submissions_id_document_key_idx').on(t.idDocumentKey),
    // A member of staff's deletion nulls these along an index (migration 0035).
    index('booking_submissions_checked_in_by_idx')
      .on(t.checkedInBy)
      .where(sql`${t.checkedInBy} is not null`),
    index('booking_submissions_checked_out_by_idx')
      .on(t.checkedOutBy)
      .where(sql`${t.checkedOutBy} is not null`),
    // The desk's departures of a day (migration 0035).
    index('booking_submissions_check_out_idx').on(t.checkOutDate, t.status),
    // A profile's stays, and the registration list of a day (migration 0050).
    index('booking_submissions_profile_id_idx')
      .on(t.profileId)
      .where(sql`${t.profileId} is not null`),
    index('booking_submissions_checked_in_at_idx')
      .on(t.checkedInAt)
      .where(sql`${t.checkedInAt} is not null`),
    // The desk's day (migration 0082): the stays in house now (at most the hotel's rooms), the
    // stays checked out on a day, the stays booked and not arrived (today's late arrivals), and
    // the OTA bookings still to place (flagged and open).
    index('booking_submissions_in_house_idx')
      .on(t.checkInDate)
      .where(sql`${t.checkedInAt} is not null and ${t.checkedOutAt} is null`),
    // The stay in house in a room (migration 0099: one at most, kept by the trigger
    // `stay_one_in_house_per_room`; the desk names it when a check-in is refused).
    index('booking_submissions_in_house_room_idx')
      .on(t.roomId)
      .where(sql`${t.checkedInAt} is not null and ${t.checkedOutAt} is null`),
    index('booking_submissions_checked_out_at_idx')
      .on(t.checkedOutAt)
      .where(sql`${t.checkedOutAt} is not null`),
    index('booking_submissions_unarrived_idx')
      .on(t.checkInDate)
      .where(sql`${t.checkedInAt} is null and ${t.status} in ('approved', 'confirmed')`),
    index('booking_submissions_channel_flag_idx')
      .on(t.checkInDate)
      .where(sql`${t.channelFlag} is not null and ${t.status} in ('pending', 'approved', 'confirmed')`),
    check('booking_submissions_dates_check', sql`${t.checkOutDate} > ${t.checkInDate}`),
    check('booking_submissions_guests_check', sql`${t.numberOfGuests} between 1 and 12`),
    check('booking_submissions_adults_children_check', sql`${t.adults} >= 1 and ${t.children} >= 0`),
    check('booking_submissions_price_override_check', sql`${t.priceOverrideBaisa} >= 0`),
    check('booking_submissions_payment_collect_check', sql`${t.paymentCollect} IN ('ota', 'property')`),
    check('booking_submissions_commission_check', sql`${t.commissionBaisa} >= 0`),
    check(
      'booking_submissions_channel_flag_check',
      sql`${t.channelFlag} IN ('overbooked', 'unmapped', 'over_occupancy', 'not_sellable', 'currency_mismatch', 'rooms_unmatched')`,
    ),
    check(
      'booking_submissions_segment_check',
      sql`${t.segment} IN ('leisure', 'corporate', 'group', 'government', 'ota', 'other')`,
    ),
    index('booking_submissions_company_idx')
      .on(t.companyId)
      .where(sql`${t.companyId} is not null`),
    index('booking_submissions_travel_agent_idx')
      .on(t.travelAgentId, t.checkInDate)
      .where(sql`${t.travelAgentId} is not null`),
    index('booking_submissions_group_idx')
      .on(t.groupId)
      .where(sql`${t.groupId} is not null`),
    // One booking of ours per room of a channel booking (migration 0070; per room since 0083).
    uniqueIndex('booking_submissions_channel_booking_idx')
      .on(t.channelBookingId, t.channelRoomId)
      .where(sql`${t.channelBookingId} is not null`),
    // The OTA bookings still to be placed, newest first (migration 0083).
    index('booking_submissions_channel_flag_new_idx')
      .on(t.createdAt)
      .where(sql`${t.channelFlag} is not null`),
  ],
);
export type BookingSubmission = typeof bookingSubmissions.$inferSelect;

/**
 * Per-night holds: one row per night of a pending, approved or confirmed
 * booking. Creating a booking inserts its holds and checks every night's
 * count against the allotment in one D1 batch, so the last room cannot be
 * sold twice; cancelling or completing deletes them.
 */
export const bookingNights = sqliteTable(
  'booking_nights',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookingSubmissions.id, { onDelete: 'cascade' }),
    night: text('night').notNull(),
    roomType: text('room_type').notNull(),
    bedType: text('bed_type', { enum: BED_TYPES }),
    smokingType: text('smoking_type', { enum: SMOKING_TYPES }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** A night picked up from a group block's hold (migration 0071); null: general availability. */
    groupId: integer('group_id').references((): AnySQLiteColumn => groupBlocksKey.id),
  },
  (t) => [
    uniqueIndex('booking_nights_booking_id_night_idx').on(t.bookingId, t.night),
    index('booking_nights_group_idx')
      .on(t.groupId, t.roomType, t.night)
      .where(sql`${t.groupId} is not null`),
    index('booking_nights_room_type_night_idx').on(t.roomType, t.night),
    // The availability reads and the no-overbooking trigger count per bed and smoking type too.
    index('booking_nights_room_type_bed_type_night_idx').on(t.roomType, t.bedType, t.night),
    index('booking_nights_room_type_smoking_type_night_idx').on(t.roomType, t.smokingType, t.night),
  ],
);
