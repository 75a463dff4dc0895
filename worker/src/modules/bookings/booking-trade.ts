import { and, asc, gt, gte, inArray, isNotNull, lte, ne } from 'drizzle-orm';
import type { BookingTrade } from '@shared/company-schemas';
import { MAX_STAY_NIGHTS, type BookingSegment, type OwnBookingSource } from '@shared/constants';
import { addDays } from '@shared/dates';
import { ApiError } from '../../platform/api-error';
import type { Db } from '../../platform/env';
import { bookingSubmissions } from './tables';
import { tradeAccountsQuery } from '../companies';

/**
 * What a booking carries of the trade (docs/decisions/077-companies-and-travel-agents.md): the
 * company and the travel agent it is for (city-ledger accounts of that kind), how it came
 * (`source`: the hotel's own channels, or an OTA's name) and its market segment.
 *
 * The guest's own channels set the source themselves (the website, the installed app, the
 * assistant); staff choose phone, walk-in or e-mail at the desk (phone when not said); a
 * channel booking keeps the OTA's name and is `ota`; a group block's member is `group`. The
 * segment is `corporate` for a company's booking, else `leisure`, unless staff choose.
 */

/** What a member of a group block carries (set by `groupStays.memberStayStatements`, group-members.ts). */
export const GROUP_BOOKING_TRADE = { source: 'group', segment: 'group' } as const satisfies {
  source: OwnBookingSource;
  segment: BookingSegment;
};

/** The source a booking of the hotel's own gets when its path names none. */
export function defaultSource(row: {
  chatSessionId?: string | null;
  createdByStaffId?: number | null;
}): OwnBookingSource {
  if (row.chatSessionId) return 'assistant';
  if (row.createdByStaffId != null) return 'phone';
  return 'website';
}

/** The segment a booking gets when its path names none. */
export const defaultSegment = (row: { companyId?: number | null }): BookingSegment =>
  row.companyId != null ? 'corporate' : 'leisure';

type AccountRow = { id: number; kind: string; active: number; rate_plan_codes: string };

/** The accounts a booking names (modules/companies, below this module), by id. */
async function readAccounts(db: Db, ids: number[]): Promise<Map<number, AccountRow>> {
  if (ids.length === 0) return new Map();
  const rows: AccountRow[] = await tradeAccountsQuery(db, ids);
  return new Map(rows.map((r) => [r.id, r]));
}

function planCodes(row: AccountRow | undefined): string[] {
  if (!row) return [];
  try {
    const codes: unknown = JSON.parse(row.rate_plan_codes);
    return Array.isArray(codes) ? codes.filter((c): c is string => typeof c === 'string') : [];
  } catch {
    return [];
  }
}

/** The company and agent a booking will carry, checked, and the company's negotiated plans. */
export type ResolvedTrade = {
  companyId: number | null;
  travelAgentId: number | null;
  /** The negotiated plans of the booking's company: a private plan sells only to them. */
  companyPlans: string[];
};

/**
 * The company and travel agent staff named (or the booking's own, `current`, for what they left
 * out), checked: 400 `booking_company_invalid` / `booking_travel_agent_invalid` for an id that is
 * no account, an account of the other kind, or (newly named) a closed one, and
 * `city_ledger_account_is_ota` for an online travel agency's.
 */
export async function resolveTrade(
  db: Db,
  trade: Pick<BookingTrade, 'companyId' | 'travelAgentId'>,
  current: { companyId: number | null; travelAgentId: number | null } = {
    companyId: null,
    travelAgentId: null,
  },
): Promise<ResolvedTrade> {
  const companyId = trade.companyId === undefined ? current.companyId : trade.companyId;
  const travelAgentId = trade.travelAgentId === undefined ? current.travelAgentId : trade.travelAgentId;
  const ids = [companyId, travelAgentId].filter((id): id is number => id !== null);
  const accounts = await readAccounts(db, ids);
  const fields: Record<string, string> = {};
  const usable = (id: number, kind: string, named: boolean) => {
    const row = accounts.get(id);
    return !!row && row.kind === kind && (!named || row.active === 1);
  };
  // An online travel agency's account (kind `ota`) takes only the stays that OTA collects: it is
  // never a booking's company or travel agent, said so in its own words.
  const ota = (id: number) => accounts.get(id)?.kind === 'ota';
  if (companyId !== null && !usable(companyId, 'company', companyId !== current.companyId)) {
    fields.companyId = ota(companyId) ? 'city_ledger_account_is_ota' : 'booking_company_invalid';
  }
  if (
    travelAgentId !== null &&
    !usable(travelAgentId, 'travel_agent', travelAgentId !== current.travelAgentId)
  ) {
    fields.travelAgentId = ota(travelAgentId) ? 'city_ledger_account_is_ota' : 'booking_travel_agent_invalid';
  }
  if (Object.keys(fields).length > 0) throw new ApiError(400, 'validation_failed', fields);
  return {
    companyId,
    travelAgentId,
    companyPlans: companyId === null ? [] : planCodes(accounts.get(companyId)),
  };
}

/**
 * The stays of travel agents `agentIds` with a night in [from, to] (inclusive) that the guest
 * really began (checked in) and that are not cancelled: what a commission is owed on. Read along
 * booking_submissions_travel_agent_idx (agent, arrival): one seek per agent over the arrivals
 * from the longest stay before `from` to `to`, so the rows read follow the agents' bookings in
 * the period, never their whole history.
 */
export function travelAgentStaysQuery(db: Db, agentIds: number[], from: string, to: string) {
  const b = bookingSubmissions;
  return db
    .select({
      id: b.id,
      reference: b.reference,
      fullName: b.fullName,
      travelAgentId: b.travelAgentId,
      checkInDate: b.checkInDate,
      checkOutDate: b.checkOutDate,
      totalPrice: b.totalPrice,
      nightPrices: b.nightPrices,
      isPointsBooking: b.isPointsBooking,
    })
    .from(b)
    .where(
      and(
        inArray(b.travelAgentId, agentIds.length > 0 ? agentIds : [-1]),
        gte(b.checkInDate, addDays(from, -MAX_STAY_NIGHTS)),
        lte(b.checkInDate, to),
        gt(b.checkOutDate, from),
        isNotNull(b.checkedInAt),
        ne(b.status, 'cancelled'),
      ),
    )
    .orderBy(asc(b.travelAgentId), asc(b.checkInDate), asc(b.id));
}
