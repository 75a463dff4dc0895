/**
 * Every business constant of the specification lives here, once, for both the
 * worker and the web app. Money is in baisa (1 OMR = 1000 baisa) so that no
 * floating point ever touches a price. Those the web app's start uses are written in
 * start-constants.ts and exported here as well: import them from here anywhere else.
 */

export {
  BED_TYPES,
  DEFAULT_LANGUAGE,
  HOTEL_TIME_ZONE,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_SECONDS,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  SIGNED_IN_HINT_COOKIE,
  SMOKING_TYPES,
  TIMING,
} from './start-constants';
export type { BedType, Language, SmokingType } from './start-constants';

export const PAYMENT_METHODS = ['cash', 'points'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** A physical room's housekeeping state (migration 0035 `hotel_rooms.status`). */
export const ROOM_STATUSES = ['clean', 'dirty', 'inspected', 'out_of_order'] as const;
export type RoomStatus = (typeof ROOM_STATUSES)[number];

/** What a guest in house can ask for from the app (`stay_requests.type`). */
export const STAY_REQUEST_TYPES = ['towels', 'cleaning', 'late_checkout', 'maintenance', 'other'] as const;
export type StayRequestType = (typeof STAY_REQUEST_TYPES)[number];

/** A request's state: staff move it to in progress, then done (or decline a late check-out). */
export const STAY_REQUEST_STATUSES = ['new', 'in_progress', 'done', 'declined'] as const;
export type StayRequestStatus = (typeof STAY_REQUEST_STATUSES)[number];

/** How many nights the tape chart shows from its first day. */
export const TAPE_CHART_NIGHTS = 14;

export const BOOKING_STATUSES = ['pending', 'approved', 'confirmed', 'completed', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** A booking's market segment (set by staff; the hotel's reports group by it). */
export const BOOKING_SEGMENTS = ['leisure', 'corporate', 'group', 'government', 'ota', 'other'] as const;
export type BookingSegment = (typeof BOOKING_SEGMENTS)[number];

/**
 * How a booking came: the hotel's own channels (set by the server itself for the guest's), or,
 * for a booking the channel manager brought, the OTA's name (any other string).
 */
export const OWN_BOOKING_SOURCES = [
  'website',
  'app',
  'assistant',
  'phone',
  'walk_in',
  'email',
  'group',
] as const;
export type OwnBookingSource = (typeof OWN_BOOKING_SOURCES)[number];

/** The only status moves the server accepts. */
export const BOOKING_TRANSITIONS: Record<BookingStatus, readonly BookingStatus[]> = {
  pending: ['approved', 'cancelled'],
  approved: ['confirmed', 'completed', 'cancelled'],
  confirmed: ['completed', 'cancelled'],
  completed: [],
  cancelled: [],
};

export const USER_ROLES = [
  'guest',
  'outlet',
  'housekeeper',
  'maintenance',
  'staff',
  'manager',
  'admin',
] as const;
export type UserRole = (typeof USER_ROLES)[number];
/** The roles an admin gives a hotel account (POST /api/admin/staff, PATCH /api/admin/staff/:id). */
export const STAFF_ROLES = ['outlet', 'housekeeper', 'maintenance', 'staff', 'manager'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const EVENT_TYPES = ['photography', 'location_sharing', 'hotel_rating'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const BAISA_PER_OMR = 1000;

export const MIN_GUESTS = 1;
/** The longest stay one booking may hold (nights). */
export const MAX_STAY_NIGHTS = 30;

export const VIP_CARD_TYPES = ['silver', 'gold', 'elite'] as const;
export type VipCardType = (typeof VIP_CARD_TYPES)[number];

export const VIP_CARDS: Record<
  VipCardType,
  {
    priceBaisa: number;
    totalRooms: number;
    freeCoffees: number;
    freeNights: number;
    discounts: { percent: number; rooms: number }[];
    mostPopular: boolean;
  }
> = {
  silver: {
    priceBaisa: 50_000,
    totalRooms: 27,
    freeCoffees: 15,
    freeNights: 1,
    discounts: [
      { percent: 10, rooms: 15 },
      { percent: 20, rooms: 8 },
      { percent: 50, rooms: 3 },
    ],
    mostPopular: false,
  },
  gold: {
    priceBaisa: 100_000,
    totalRooms: 46,
    freeCoffees: 22,
    freeNights: 3,
    discounts: [
      { percent: 10, rooms: 25 },
      { percent: 20, rooms: 13 },
      { percent: 50, rooms: 5 },
    ],
    mostPopular: true,
  },
  elite: {
    priceBaisa: 150_000,
    totalRooms: 68,
    freeCoffees: 30,
    freeNights: 5,
    discounts: [
      { percent: 10, rooms: 35 },
      { percent: 20, rooms: 20 },
      { percent: 50, rooms: 8 },
    ],
    mostPopular: false,
  },
};
export const VIP_COFFEE_COOLDOWN_MS = 24 * 60 * 60 * 1000;

export const EVENT_RULES = {
  photographyMinImages: 3,
  ratingMinImages: 3,
  googleReviewModalMinImages: 1,
  locationSharesRequired: 5,
  maxImageBytes: 5 * 1024 * 1024,
  reviewsShownByDefault: 3,
  prizeClaimDays: 30,
} as const;

/**
 * The most pixels an uploaded image may have (guests' entry images and staff photos alike),
 * read from the file's header: a tiny file can declare a huge picture (a 875 KB PNG of
 * 30,000 x 30,000) that would freeze the browser of whoever opens it.
 */
export const MAX_IMAGE_MEGAPIXELS = 40;

/** Seconds a client is asked to wait while the site is in maintenance (503 Retry-After). */
export const MAINTENANCE_RETRY_AFTER_SECONDS = 900;

/* The hotel's contacts and address are not constants: they are the site settings. */

/**
 * Pending requests hold rooms, so they are capped (the database trigger in
 * migrations/0005_hardening.sql uses the same numbers) and released when nobody
 * decides within PENDING_HOLD_HOURS (default below).
 */
export const PENDING_CAPS = { perPhone: 3, perClientAddress: 20 } as const;
export const PENDING_HOLD_DEFAULT_HOURS = 48;

/** The calendar dates the API accepts at all (shared/src/date-schemas.ts). */
export const DATE_RANGE = { minYear: 2000, maxYear: 2099 } as const;

export const AUTH_RULES = {
  /** A person's full name, on an account, a booking or a VIP card. */
  fullNameMin: 2,
  fullNameMax: 100,
  /** New passwords (register, reset): 8+ characters, not the e-mail, not a common password. */
  passwordMin: 8,
  /** Staff and admin accounts: 12+. */
  staffPasswordMin: 12,
  passwordMax: 128,
  codeLength: 6,
  codeTtlMs: 10 * 60_000,
  codeMaxAttempts: 5,
  pbkdf2Iterations: 100_000,
  sessionTtlMs: 30 * 24 * 60 * 60_000,
} as const;

export const MOBILE_BREAKPOINT_PX = 768;

/** Admin spec section 9: the new-booking chime plays at this volume. */
export const NEW_BOOKING_SOUND_VOLUME = 0.8;

/**
 * The rate plan every hotel has (shared/src/rates.ts). Here rather than in rates.ts, whose room-type
 * schemas would bring zod into the shell's first script (web/src/app/first-requests.ts, decision 087).
 */
export const STANDARD_RATE_PLAN = 'standard';

/**
 * The front desk's lengths and limits, for its request bodies (front-desk-schemas.ts) and the
 * desk's screens and forms. Here, without a schema, so that a screen reading them does not load
 * zod (decision 087).
 */
export const FRONT_DESK_RULES = {
  roomNumberMax: 16,
  notesMax: 500,
  reasonMax: 200,
  stayRequestNoteMax: 500,
  staffNoteMax: 500,
  /** Open (new or in progress) requests a booking may have at once. */
  openStayRequestsMax: 20,
  /** The longest out-of-order period set at once (nights). */
  outOfOrderMaxNights: 366,
  /** Floors a room can be on (0 = ground). */
  floorMax: 200,
} as const;

/**
 * Unread counts stop here ("99+"): a count reads at most this many rows, whatever the history,
 * so the call's cost does not grow with it (docs/decisions/026-costs-that-do-not-grow.md).
 * (Here, without a schema, for the screens that show a count; notification-schemas.ts re-exports it.)
 */
export const UNREAD_COUNT_CAP = 100;

/** The header carrying the device's own id (review-schemas.ts; lib/device-id.ts sends it). */
export const REVIEW_DEVICE_HEADER = 'x-device-id';

/** The most guests any room type takes (adults and children together; room-type-schemas.ts). */
export const MAX_OCCUPANCY = 12;
