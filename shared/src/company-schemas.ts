import { z } from './zod';
import { BOOKING_SEGMENTS, OWN_BOOKING_SOURCES } from './constants';
import { calendarDate, isCalendarDate, wholeNumber } from './date-schemas';
import { addDays } from './dates';
import { toLatinDigits } from './digits';
import { emailSchema } from './email-schema';
import { ratePlanCodeSchema } from './rate-schemas';
import { phoneNumberSchema } from './schemas';

/**
 * Companies and travel agents: the profile a city-ledger account carries (its kind, the
 * negotiated plans it may book, an agent's commission, IATA code and contact), what a booking
 * carries of them (company, travel agent, source, segment) and the commissions report.
 * docs/decisions/077-companies-and-travel-agents.md.
 */

/** The kinds of account staff make and may change between. */
export const ACCOUNT_KINDS = ['company', 'travel_agent'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

/**
 * Every kind an account on the city ledger has: also an online travel agency's (`ota`), which the
 * channel opens for an OTA whose stays it collects and which takes only those stays: never a
 * booking's company or travel agent, a group's company, or another guest's bill at check-out.
 */
export const CITY_LEDGER_KINDS = [...ACCOUNT_KINDS, 'ota'] as const;
export type CityLedgerKind = (typeof CITY_LEDGER_KINDS)[number];

export const COMPANY_RULES = {
  contactNameMax: 120,
  /** Negotiated plans one account may have. */
  plansMax: 20,
  /** An agent's commission: 0 to 50 percent, to the hundredth (stored in hundredths of a percent). */
  commissionMaxPercent: 50,
  /** The commissions report covers one year at most: 366 days, `from` and `to` both counted. */
  reportMaxDays: 366,
} as const;

/** A percentage typed as a number or a string (Arabic-Indic digits and decimal sign too), to the hundredth. */
const commissionPercent = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v.trim() === ''
        ? null
        : Number(toLatinDigits(v).trim().replace('\u066b', '.'))
      : v,
  z
    .number({ error: 'city_ledger_commission_invalid' })
    .min(0, 'city_ledger_commission_invalid')
    .max(COMPANY_RULES.commissionMaxPercent, 'city_ledger_commission_invalid')
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'city_ledger_commission_invalid')
    .nullable(),
);

/** The commission in hundredths of a percent as stored (10.5% -> 1050). */
export const commissionHundredths = (percent: number | null | undefined) =>
  percent == null ? null : Math.round(percent * 100);

/** Empty, or a valid value of the inner schema. */
const orEmpty = <T extends z.ZodType>(inner: T) =>
  z.union([z.literal(''), inner], { error: (issue) => issue.message });

export const companyProfileFields = {
  kind: z.enum(ACCOUNT_KINDS, { error: 'city_ledger_kind_invalid' }),
  ratePlanCodes: z
    .array(ratePlanCodeSchema, { error: 'city_ledger_plans_invalid' })
    .max(COMPANY_RULES.plansMax, 'city_ledger_plans_invalid')
    .transform((codes) => [...new Set(codes)]),
  commissionPercent,
  /** The agency's IATA (or TIDS) number: 3 to 8 letters or digits, kept upper-case. */
  iata: z.preprocess(
    (v) => (typeof v === 'string' ? toLatinDigits(v).trim().toUpperCase() : v),
    orEmpty(z.string().regex(/^[A-Z0-9]{3,8}$/, 'city_ledger_iata_invalid')),
  ),
  contactName: z
    .string({ error: 'city_ledger_text_too_long' })
    .trim()
    .max(COMPANY_RULES.contactNameMax, 'city_ledger_text_too_long'),
  /** As typed (Arabic-Indic digits become Latin ones), shown left to right. */
  contactPhone: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    orEmpty(phoneNumberSchema as z.ZodType<string>),
  ),
  contactEmail: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), orEmpty(emailSchema)),
};

/** A commission only for a travel agent. */
export function commissionOnlyForAgents(
  profile: { kind?: AccountKind; commissionPercent?: number | null },
  ctx: z.RefinementCtx,
) {
  if (profile.kind === 'company' && profile.commissionPercent != null) {
    ctx.addIssue({
      code: 'custom',
      path: ['commissionPercent'],
      message: 'city_ledger_commission_agents_only',
    });
  }
}

/** What a profile answers: the API's percentage from the stored hundredths. */
export type CompanyProfile = {
  kind: CityLedgerKind;
  ratePlanCodes: string[];
  commissionPercent: number | null;
  iata: string;
  contactName: string;
  contactPhone: string;
  contactEmail: string;
};

/** A booking's source as staff set it on the desk (the guest's own channels set theirs). */
export const DESK_BOOKING_SOURCES = ['phone', 'walk_in', 'email'] as const;
export type DeskBookingSource = (typeof DESK_BOOKING_SOURCES)[number];

/**
 * What staff set of a booking's trade: the company and travel agent it is for (account ids;
 * null: none), how it came and its segment. Each optional: what is not given stays.
 */
export const bookingTradeFields = {
  companyId: wholeNumber('booking_company_invalid')
    .pipe(z.number().min(1, 'booking_company_invalid').max(1e9, 'booking_company_invalid'))
    .nullable()
    .optional(),
  travelAgentId: wholeNumber('booking_travel_agent_invalid')
    .pipe(z.number().min(1, 'booking_travel_agent_invalid').max(1e9, 'booking_travel_agent_invalid'))
    .nullable()
    .optional(),
  source: z.enum(DESK_BOOKING_SOURCES, { error: 'booking_source_invalid' }).optional(),
  segment: z.enum(BOOKING_SEGMENTS, { error: 'booking_segment_invalid' }).optional(),
};
export type BookingTrade = {
  companyId?: number | null;
  travelAgentId?: number | null;
  source?: DeskBookingSource;
  segment?: (typeof BOOKING_SEGMENTS)[number];
};

/** Whether a source is one of the hotel's own channels (anything else is an OTA's name). */
export const isOwnSource = (source: string | null): boolean =>
  source !== null && (OWN_BOOKING_SOURCES as readonly string[]).includes(source);

/** GET /api/admin/commissions?from&to&travelAgentId&format. */
export const commissionsQuerySchema = z
  .object({
    from: calendarDate(),
    to: calendarDate(),
    travelAgentId: z
      .preprocess(
        (v) => (typeof v === 'string' ? toLatinDigits(v) : v),
        z.coerce
          .number({ error: 'city_ledger_not_found' })
          .int('city_ledger_not_found')
          .min(1, 'city_ledger_not_found'),
      )
      .optional(),
    format: z.enum(['json', 'csv'], { error: 'validation_failed' }).default('json'),
  })
  .superRefine((q, ctx) => {
    // A date already refused by its field has no range to judge (it runs with the fields' faults).
    if (!isCalendarDate(q.from) || !isCalendarDate(q.to)) return;
    if (q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'range_end_before_start' });
    // Both days are in the report (as the production report counts them): 366 days at most.
    else if (addDays(q.from, COMPANY_RULES.reportMaxDays - 1) < q.to) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'range_too_long' });
    }
  });

/** One booking's commission: its room revenue (net of taxes) in the period and what the agent is owed. */
export type CommissionRow = {
  travelAgentId: number;
  travelAgentName: string;
  iata: string;
  commissionPercent: number;
  bookingId: number;
  reference: string;
  guestName: string;
  checkInDate: string;
  checkOutDate: string;
  /** The stay's nights inside the period. */
  nights: number;
  roomRevenueBaisa: number;
  commissionBaisa: number;
};

/** Per agent: its bookings and totals. */
export type CommissionAgent = {
  travelAgentId: number;
  travelAgentName: string;
  iata: string;
  commissionPercent: number;
  roomRevenueBaisa: number;
  commissionBaisa: number;
  bookings: CommissionRow[];
};
