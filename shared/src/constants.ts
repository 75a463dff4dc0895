/**
 * Every business constant of the specification lives here, once, for both the
 * worker and the web app. Money is in baisa (1 OMR = 1000 baisa) so that no
 * floating point ever touches a price.
 */

export const ROOM_TYPES = ['silver', 'gold', 'diamond', 'deluxe'] as const;
export type RoomType = (typeof ROOM_TYPES)[number];

export const BED_TYPES = ['single', 'double'] as const;
export type BedType = (typeof BED_TYPES)[number];

export const SMOKING_TYPES = ['smoking', 'non_smoking'] as const;
export type SmokingType = (typeof SMOKING_TYPES)[number];

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

/** The only status moves the server accepts. */
export const BOOKING_TRANSITIONS: Record<BookingStatus, readonly BookingStatus[]> = {
  pending: ['approved', 'cancelled'],
  approved: ['confirmed', 'completed', 'cancelled'],
  confirmed: ['completed', 'cancelled'],
  completed: [],
  cancelled: [],
};

export const USER_ROLES = ['guest', 'housekeeper', 'staff', 'manager', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];
/** The roles an admin gives a hotel account (POST /api/admin/staff, PATCH /api/admin/staff/:id). */
export const STAFF_ROLES = ['housekeeper', 'staff', 'manager'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const EVENT_TYPES = ['photography', 'location_sharing', 'hotel_rating'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const BAISA_PER_OMR = 1000;

/** Spec section 9, set (a): landing and booking area prices per night. */
export const ROOM_PRICES_BAISA: Record<RoomType, { original: number; discounted: number }> = {
  silver: { original: 15_000, discounted: 12_600 },
  gold: { original: 18_000, discounted: 13_200 },
  diamond: { original: 21_000, discounted: 16_200 },
  deluxe: { original: 25_000, discounted: 17_300 },
};

/**
 * Spec section 9, set (b): the offers panel's own prices. Its original prices (13.566, 14.706,
 * 18.126, 19.266) are the offers' own; its discounted prices are the rooms'. The demo offers carry
 * them as fixed prices (migration 0023); offers staff create are priced from the room's original
 * price less their discount (money.ts offerPriceBaisa; docs/decisions/014-offer-prices.md).
 */
export const OFFER_PRICES_BAISA: Record<RoomType, { original: number; discounted: number }> = {
  silver: { original: 13_566, discounted: 12_600 },
  gold: { original: 14_706, discounted: 13_200 },
  diamond: { original: 18_126, discounted: 16_200 },
  deluxe: { original: 19_266, discounted: 17_300 },
};

/** Per-night surcharge by number of guests: 1-2 pay the base price, 3 add 2 OMR, 4 add 4 OMR. */
export const GUEST_SURCHARGE_BAISA: Record<1 | 2 | 3 | 4, number> = { 1: 0, 2: 0, 3: 2_000, 4: 4_000 };
export const MIN_GUESTS = 1;
export const MAX_GUESTS = 4;
/** The longest stay one booking may hold (nights). */
export const MAX_STAY_NIGHTS = 30;

/** Points earned on completing a stay, and reversed on cancelling it. */
export const POINTS_EARNED: Record<RoomType, number> = { silver: 5, gold: 10, diamond: 15, deluxe: 20 };
/** Points a free night costs in the points store. */
export const FREE_NIGHT_COST: Record<RoomType, number> = {
  silver: 150,
  gold: 160,
  diamond: 175,
  deluxe: 200,
};

/**
 * Inventory defaults and caps (admin spec section 9). The spec gives two
 * readings for smoking caps, one of which is below the default (diamond
 * smoking 4 > 3, deluxe non-smoking 4 > 3); the cap is the larger of the two
 * readings so that the defaults are always valid (docs/decisions/003).
 */
export const ROOM_INVENTORY: Record<
  RoomType,
  {
    rooms: { default: number; cap: number };
    beds: Record<BedType, { default: number; cap: number }>;
    smoking: Record<SmokingType, { default: number; cap: number }>;
    /** How many numbered rooms the guest room list shows. */
    listedRooms: number;
  }
> = {
  silver: {
    rooms: { default: 12, cap: 12 },
    beds: { single: { default: 1, cap: 1 }, double: { default: 11, cap: 11 } },
    smoking: { smoking: { default: 4, cap: 5 }, non_smoking: { default: 8, cap: 8 } },
    listedRooms: 12,
  },
  gold: {
    rooms: { default: 36, cap: 36 },
    beds: { single: { default: 7, cap: 7 }, double: { default: 29, cap: 29 } },
    smoking: { smoking: { default: 8, cap: 15 }, non_smoking: { default: 28, cap: 28 } },
    listedRooms: 10,
  },
  diamond: {
    rooms: { default: 8, cap: 8 },
    beds: { single: { default: 0, cap: 0 }, double: { default: 8, cap: 8 } },
    smoking: { smoking: { default: 4, cap: 4 }, non_smoking: { default: 4, cap: 5 } },
    listedRooms: 8,
  },
  deluxe: {
    rooms: { default: 4, cap: 4 },
    beds: { single: { default: 0, cap: 0 }, double: { default: 4, cap: 4 } },
    smoking: { smoking: { default: 0, cap: 1 }, non_smoking: { default: 4, cap: 4 } },
    listedRooms: 5,
  },
};

/** Remaining rooms at or below `red` show red, at or below `yellow` show yellow. */
export const LOW_STOCK: Record<RoomType, { red: number; yellow: number }> = {
  silver: { red: 3, yellow: 6 },
  gold: { red: 5, yellow: 15 },
  diamond: { red: 2, yellow: 4 },
  deluxe: { red: 1, yellow: 2 },
};

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

/** The hotel's time zone: the once-a-month rule and "tonight" are counted here. */
export const HOTEL_TIME_ZONE = 'Asia/Muscat';

/* The hotel's contacts and address are not constants: they are the site settings. */

/** Milliseconds; spec section 9 "Timing". */
export const TIMING = {
  bookingFormInventoryPoll: 3_000,
  bookingFormInventoryStale: 2_000,
  bookingsPoll: 10_000,
  pointsPoll: 15_000,
  pointsRefresh: 30_000,
  transactionsPoll: 20_000,
  inventoryPoll: 30_000,
  successRecordCheck: 1_000,
  carousel: 4_000,
  toastAutoHide: 6_000,
  ratingSuccessToast: 5_000,
  logoutRedirect: 500,
  registrationRedirect: 1_500,
  loginRedirect: 1_000,
  ratingRedirect: 2_000,
  splash: 4_500,
  splashSteps: [500, 1_500, 2_500],
  fetchTimeout: 15_000,
  tooltipDelay: 700,
  tooltipSkipDelay: 300,
  authStale: 5 * 60_000,
  authGc: 10 * 60_000,
  statisticsSuccessDelay: 1_000,
  beneficiaryAddDelay: 300,
  downloadGap: 500,
  /** Staff event moderation lists (admin spec section 9). */
  photographyPoll: 30_000,
  photographyStale: 15_000,
  photographyGc: 5 * 60_000,
  googleReviewsPoll: 5_000,
  locationSharingPoll: 5_000,
} as const;

/**
 * Pending requests hold rooms, so they are capped (the database trigger in
 * migrations/0005_hardening.sql uses the same numbers) and released when nobody
 * decides within PENDING_HOLD_HOURS (default below).
 */
export const PENDING_CAPS = { perPhone: 3, perClientAddress: 20 } as const;
export const PENDING_HOLD_DEFAULT_HOURS = 48;

/** The calendar dates the API accepts at all (shared/src/date-schemas.ts). */
export const DATE_RANGE = { minYear: 2000, maxYear: 2099 } as const;

/**
 * The readable "probably signed in" cookie set and cleared with the HttpOnly session cookie
 * (worker/src/platform/sessions.ts): without it the web app does not ask who is signed in.
 */
export const SIGNED_IN_HINT_COOKIE = 'signed_in';

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

export const LANGUAGES = ['ar', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'ar';
export const LANGUAGE_STORAGE_KEY = 'language';
/**
 * The same choice as a cookie, so the worker answers a page in the visitor's language from the
 * first byte (docs/decisions/012-landing-performance.md); `?lang=ar|en` sets both.
 */
export const LANGUAGE_COOKIE = 'lang';
export const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
export const MOBILE_BREAKPOINT_PX = 768;

/** Admin spec section 9: the new-booking chime plays at this volume. */
export const NEW_BOOKING_SOUND_VOLUME = 0.8;
