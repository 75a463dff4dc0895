/**
 * Every business constant of the specification lives here, once, for both the
 * worker and the web app. Money is in baisa (1 OMR = 1000 baisa) so that no
 * floating point ever touches a price.
 */
export declare const ROOM_TYPES: readonly ['silver', 'gold', 'diamond', 'deluxe'];
export type RoomType = (typeof ROOM_TYPES)[number];
export declare const BED_TYPES: readonly ['single', 'double'];
export type BedType = (typeof BED_TYPES)[number];
export declare const SMOKING_TYPES: readonly ['smoking', 'non_smoking'];
export type SmokingType = (typeof SMOKING_TYPES)[number];
export declare const PAYMENT_METHODS: readonly ['cash', 'points'];
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export declare const BOOKING_STATUSES: readonly [
  'pending',
  'approved',
  'confirmed',
  'completed',
  'cancelled',
];
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
/** DESIGN.md: the only status moves the server accepts. */
export declare const BOOKING_TRANSITIONS: Record<BookingStatus, readonly BookingStatus[]>;
export declare const USER_ROLES: readonly ['guest', 'staff', 'admin'];
export type UserRole = (typeof USER_ROLES)[number];
export declare const EVENT_TYPES: readonly ['photography', 'location_sharing', 'hotel_rating'];
export type EventType = (typeof EVENT_TYPES)[number];
export declare const BAISA_PER_OMR = 1000;
/** Spec section 9, set (a): landing and booking area prices per night. */
export declare const ROOM_PRICES_BAISA: Record<
  RoomType,
  {
    original: number;
    discounted: number;
  }
>;
/** Per-night surcharge by number of guests: 1-2 pay the base price, 3 add 2 OMR, 4 add 4 OMR. */
export declare const GUEST_SURCHARGE_BAISA: Record<1 | 2 | 3 | 4, number>;
export declare const MIN_GUESTS = 1;
export declare const MAX_GUESTS = 4;
/** The longest stay one booking may hold (nights). */
export declare const MAX_STAY_NIGHTS = 30;
/** Points earned on completing a stay, and reversed on cancelling it. */
export declare const POINTS_EARNED: Record<RoomType, number>;
/** Points a free night costs in the points store. */
export declare const FREE_NIGHT_COST: Record<RoomType, number>;
/**
 * Inventory defaults and caps (admin spec section 9). The spec gives two
 * readings for smoking caps, one of which is below the default (diamond
 * smoking 4 > 3, deluxe non-smoking 4 > 3); the cap is the larger of the two
 * readings so that the defaults are always valid (docs/decisions/003).
 */
export declare const ROOM_INVENTORY: Record<
  RoomType,
  {
    rooms: {
      default: number;
      cap: number;
    };
    beds: Record<
      BedType,
      {
        default: number;
        cap: number;
      }
    >;
    smoking: Record<
      SmokingType,
      {
        default: number;
        cap: number;
      }
    >;
    /** How many numbered rooms the guest room list shows. */
    listedRooms: number;
  }
>;
/** Remaining rooms at or below `red` show red, at or below `yellow` show yellow. */
export declare const LOW_STOCK: Record<
  RoomType,
  {
    red: number;
    yellow: number;
  }
>;
export declare const VIP_CARD_TYPES: readonly ['silver', 'gold', 'elite'];
export type VipCardType = (typeof VIP_CARD_TYPES)[number];
export declare const VIP_CARDS: Record<
  VipCardType,
  {
    priceBaisa: number;
    totalRooms: number;
    freeCoffees: number;
    freeNights: number;
    discounts: {
      percent: number;
      rooms: number;
    }[];
    mostPopular: boolean;
  }
>;
export declare const VIP_COFFEE_COOLDOWN_MS: number;
export declare const EVENT_RULES: {
  readonly photographyMinImages: 3;
  readonly ratingMinImages: 3;
  readonly googleReviewModalMinImages: 1;
  readonly locationSharesRequired: 5;
  readonly maxImageBytes: number;
  readonly reviewsShownByDefault: 3;
  readonly prizeClaimDays: 30;
};
/** Seconds a client is asked to wait while the site is in maintenance (503 Retry-After). */
export declare const MAINTENANCE_RETRY_AFTER_SECONDS = 900;
/** The hotel's time zone: the once-a-month rule and "tonight" are counted here. */
export declare const HOTEL_TIME_ZONE = 'Asia/Muscat';
/** Milliseconds; spec section 9 "Timing". */
export declare const TIMING: {
  readonly bookingFormInventoryPoll: 3000;
  readonly bookingFormInventoryStale: 2000;
  readonly bookingsPoll: 10000;
  readonly pointsPoll: 15000;
  readonly pointsRefresh: 30000;
  readonly transactionsPoll: 20000;
  readonly inventoryPoll: 30000;
  readonly successRecordCheck: 1000;
  readonly carousel: 4000;
  readonly toastAutoHide: 6000;
  readonly ratingSuccessToast: 5000;
  readonly logoutRedirect: 500;
  readonly registrationRedirect: 1500;
  readonly loginRedirect: 1000;
  readonly ratingRedirect: 2000;
  readonly splash: 4500;
  readonly splashSteps: readonly [500, 1500, 2500];
  readonly fetchTimeout: 15000;
  readonly tooltipDelay: 700;
  readonly tooltipSkipDelay: 300;
  readonly authStale: number;
  readonly authGc: number;
  readonly statisticsSuccessDelay: 1000;
  readonly beneficiaryAddDelay: 300;
  readonly downloadGap: 500;
  /** Staff event moderation lists (admin spec section 9). */
  readonly photographyPoll: 30000;
  readonly photographyStale: 15000;
  readonly photographyGc: number;
  readonly googleReviewsPoll: 5000;
  readonly locationSharingPoll: 5000;
};
export declare const AUTH_RULES: {
  /** A person's full name, on an account, a booking or a VIP card. */
  readonly fullNameMin: 2;
  readonly fullNameMax: 100;
  readonly passwordMin: 6;
  readonly passwordMax: 128;
  readonly codeLength: 6;
  readonly codeTtlMs: number;
  readonly codeMaxAttempts: 5;
  readonly pbkdf2Iterations: 100000;
  readonly sessionTtlMs: number;
};
export declare const LANGUAGES: readonly ['ar', 'en'];
export type Language = (typeof LANGUAGES)[number];
export declare const DEFAULT_LANGUAGE: Language;
export declare const LANGUAGE_STORAGE_KEY = 'language';
export declare const MOBILE_BREAKPOINT_PX = 768;
/** Admin spec section 9: the new-booking chime plays at this volume. */
export declare const NEW_BOOKING_SOUND_VOLUME = 0.8;
