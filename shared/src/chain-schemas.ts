import { z } from './zod';
import { STAFF_ROLES } from './constants';
import { calendarDate } from './date-schemas';
import { toLatinDigits } from './digits';
import { hotelToday } from './dates';
import { emailSchema } from './email-schema';
import { adultsSchema } from './guest-counts';
import { nightsBetween } from './money';

/**
 * The chain of hotels (docs/decisions/103-several-hotels.md): the requests' schemas and the answers'
 * shapes of `/api/hotels`, `/api/chain/...` and `/api/admin/chain/...`. Amounts are integer baisa.
 */

/** A hotel's code in the registry: lower-case letters, digits and dashes, a letter first. */
export const hotelCodeSchema = z
  .string({ error: 'hotel_unknown' })
  .trim()
  .toLowerCase()
  .regex(/^[a-z][a-z0-9-]{1,31}$/, 'hotel_unknown');

/** A path of the app to land on at the other hotel: same-origin, never another site. */
const landingPath = z
  .string()
  .max(200, 'handoff_invalid')
  .regex(/^\/(?![/\\])[^\s]*$/, 'handoff_invalid');

/** POST /api/chain/handoff: carry the signed-in account to another hotel of the chain. */
export const handoffSchema = z.object({
  hotel: hotelCodeSchema,
  next: landingPath.default('/'),
  /** `staff`: only to a hotel where the account has a staff role (the tablet's switch). */
  as: z.enum(['guest', 'staff'], { error: 'handoff_invalid' }).default('guest'),
});
export type HandoffInput = z.input<typeof handoffSchema>;

/** GET /api/chain/handoff?token=: the one-time token the other hotel made. */
export const handoffTokenSchema = z.object({
  token: z.string({ error: 'handoff_invalid' }).regex(/^[A-Za-z0-9_-]{20,100}$/, 'handoff_invalid'),
});

/** The longest stay the chain's search compares (as a booking may be). */
export const CHAIN_SEARCH_MAX_NIGHTS = 30;

/** GET /api/chain/availability?from=&to=&adults=: a stay's dates at every hotel of the chain. */
export const chainAvailabilityQuerySchema = z
  .object({ from: calendarDate(), to: calendarDate(), adults: adultsSchema.default(2) })
  .superRefine((q, ctx) => {
    if (q.from < hotelToday()) {
      ctx.addIssue({ code: 'custom', path: ['from'], message: 'availability_from_past' });
    } else if (q.to <= q.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'to_after_from' });
    } else if (nightsBetween(q.from, q.to) > CHAIN_SEARCH_MAX_NIGHTS) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'stay_too_long' });
    }
  });

/** GET /api/admin/chain/flash?date=. */
export const chainFlashQuerySchema = z.object({ date: calendarDate() });

/** GET /api/admin/chain/month?month=YYYY-MM. */
export const chainMonthQuerySchema = z.object({
  month: z
    .string({ error: 'chain_month_invalid' })
    .regex(/^(19|20)\d\d-(0[1-9]|1[0-2])$/, 'chain_month_invalid'),
});

/** POST /api/admin/chain/access: an account of the chain given a role at this hotel. */
export const chainAccessSchema = z.object({
  email: emailSchema,
  role: z.enum(STAFF_ROLES, { error: 'staff_role_invalid' }),
});

/**
 * POST /api/admin/chain/managers {email} and DELETE /api/admin/chain/managers/:email: the chain
 * manager's role given to, or taken from, an account of the chain (the deployment's admin only).
 */
export const chainManagerSchema = z.object({ email: emailSchema });
export type ChainManagerInput = z.input<typeof chainManagerSchema>;

/** A chain manager (GET /api/admin/chain/managers). */
export type ChainManager = {
  email: string;
  /** The chain account's name; null when the chain has no account of the e-mail (written by hand). */
  fullName: string | null;
  /** When the role was given (epoch milliseconds). */
  since: number;
};

/** GET /api/admin/chain/managers: the chain's managers, and whether this user may give and take the role. */
export type ChainManagers = { managers: ChainManager[]; canGrant: boolean };

/** A hotel of the chain as the app shows it (GET /api/hotels). */
export type ChainHotel = {
  code: string;
  nameAr: string;
  nameEn: string;
  cityAr: string;
  cityEn: string;
  photo: string | null;
  /** The host name that serves it. */
  host: string | null;
  /** Its address (scheme, host and port). */
  origin: string;
  /** The hotel this answer came from. */
  current: boolean;
};

/** A hotel the signed-in account may use (GET /api/chain/my-hotels). */
export type MyHotel = ChainHotel & { role: string };

/** One hotel's answer to the chain's search. */
export type ChainAvailabilityHotel = {
  hotel: ChainHotel;
  roomTypes: {
    code: string;
    nameAr: string;
    nameEn: string;
    /** Rooms of the type left on the stay's busiest night. */
    available: number;
    /** The whole stay on the standard plan for the guests, or null when it is not sold (closed, limits). */
    priceBaisa: number | null;
  }[];
  /** Set when the hotel could not answer (its database unreachable): shown, never a failure of the rest. */
  error?: string;
};

/** The day close's figures the chain's reports read, per hotel and in total. */
export type ChainDayFigures = {
  revenueBaisa: Record<string, number>;
  taxesBaisa: Record<string, number>;
  paymentsBaisa: Record<string, number>;
  refundsBaisa: Record<string, number>;
  roomChargesBaisa: number;
  roomsSold: number;
  roomsForSale: number;
  /** roomsSold / roomsForSale (0..1), null when nothing was for sale. */
  occupancy: number | null;
  adrBaisa: number;
  /** Room revenue of the nights sold (ADR x rooms sold) / rooms for sale. */
  revparBaisa: number;
  noShows: number;
  /** Revenue of every department summed (net of taxes). */
  totalRevenueBaisa: number;
};

/** GET /api/admin/chain/flash and /month. */
export type ChainReport = {
  /** The date (flash) or the month (YYYY-MM). */
  period: string;
  hotels: (ChainDayFigures & { hotel: ChainHotel; closedDays: number; days: number })[];
  total: ChainDayFigures & { closedDays: number };
};

/** GET /api/admin/chain/guests?q=: the desk's search of the guest identity index across hotels. */
export const chainGuestSearchSchema = z.object({
  q: z
    .string({ error: 'guest_search_too_short' })
    // An e-mail's digits typed on an Arabic keyboard find it as Latin ones.
    .overwrite(toLatinDigits)
    .trim()
    .min(2, 'guest_search_too_short')
    .max(100, 'guest_search_too_short'),
});

/** One account of the index, at one hotel. */
export type ChainGuest = {
  hotel: string;
  email: string;
  fullName: string;
  role: string;
  phone: string | null;
};
