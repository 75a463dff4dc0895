/**
 * The constants of the specification that the web app's start uses (the landing page's first
 * script: app/start.tsx and what it imports statically). shared/src/constants.ts exports them too,
 * with every other constant: import them from there, but in the modules of the app's start.
 *
 * Apart because of how the start is built (docs/decisions/086-landing-app-starts-on-intent.md): a module in
 * the start's chunk carries every one of its exports that any chunk of the app uses, so the
 * start importing constants.ts put the VIP cards, the event, auth and booking rules, the
 * housekeeping and request states (all for later screens) in the landing page's first script.
 */

export const BED_TYPES = ['single', 'double'] as const;
export type BedType = (typeof BED_TYPES)[number];

export const SMOKING_TYPES = ['smoking', 'non_smoking'] as const;
export type SmokingType = (typeof SMOKING_TYPES)[number];

/** The hotel's time zone: the once-a-month rule and "tonight" are counted here. */
export const HOTEL_TIME_ZONE = 'Asia/Muscat';

/** The spec's 15 s after which a request gives up (TIMING.fetchTimeout; alone for the pages' inline scripts). */
export const FETCH_TIMEOUT_MS = 15_000;

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
  fetchTimeout: FETCH_TIMEOUT_MS,
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
 * The readable "probably signed in" cookie set and cleared with the HttpOnly session cookie
 * (worker/src/platform/sessions.ts): without it the web app does not ask who is signed in.
 */
export const SIGNED_IN_HINT_COOKIE = 'signed_in';

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
