import { formatBookingReference } from '@shared/booking-reference';
import type { CommissionAgent, CommissionRow } from '@shared/company-schemas';
import { omrDecimal } from '@shared/money';
import { toCsv } from '../../platform/csv';
import type { Db } from '../../platform/env';
import { text, type Language } from '../../platform/messages';
import { folioStays } from '../bookings';
import { travelAgentsAsked } from '../companies';
import { chargeLineValues, stayNightPrices } from './posting';
import { readTaxSettings } from './tax-settings';

/**
 * What travel agents are owed (GET /api/admin/commissions?from&to&travelAgentId;
 * docs/decisions/077-companies-and-travel-agents.md): per agent and booking, the room revenue of
 * the stay's nights inside the period, net of taxes, and the commission on it.
 *
 * - The nights counted: each night in [from, to] of a stay the guest began (checked in) and that
 *   is not cancelled: a no-show or a cancellation owes nothing; a stay that left early counts the
 *   nights up to its departure. A stay across the period's edge counts only its nights inside.
 * - The room revenue: the booking's own night prices (what the folio posts for its room nights),
 *   each night's net of the taxes in force that night (prices with taxes are split, prices
 *   without them are the net already). Extras are not room revenue.
 * - The commission: round(revenue x hundredths / 10000) baisa per booking, at the agent's
 *   commission as its account holds it now.
 */

export type CommissionsReport = {
  from: string;
  to: string;
  agents: CommissionAgent[];
  roomRevenueBaisa: number;
  commissionBaisa: number;
};

export async function commissionsReport(
  db: Db,
  query: { from: string; to: string; travelAgentId?: number },
): Promise<CommissionsReport> {
  const agents = await travelAgentsAsked(db, query.travelAgentId);
  const [settings, stays] = await Promise.all([
    readTaxSettings(db),
    folioStays.travelAgentStaysQuery(
      db,
      agents.map((a) => a.id),
      query.from,
      query.to,
    ),
  ]);
  const byAgent = new Map<number, CommissionRow[]>();
  for (const stay of stays) {
    const agent = agents.find((a) => a.id === stay.travelAgentId);
    if (!agent) continue;
    const nights = stayNightPrices(stay).filter((n) => n.night >= query.from && n.night <= query.to);
    if (nights.length === 0) continue;
    const revenue = nights.reduce(
      (sum, n) => sum + chargeLineValues(settings, 'room', n.night, n.priceBaisa).netBaisa,
      0,
    );
    const hundredths = agent.commissionHundredths ?? 0;
    const row: CommissionRow = {
      travelAgentId: agent.id,
      travelAgentName: agent.name,
      iata: agent.iata,
      commissionPercent: hundredths / 100,
      bookingId: stay.id,
      reference: stay.reference,
      guestName: stay.fullName,
      checkInDate: stay.checkInDate,
      checkOutDate: stay.checkOutDate,
      nights: nights.length,
      roomRevenueBaisa: revenue,
      commissionBaisa: Math.round((revenue * hundredths) / 10_000),
    };
    byAgent.set(agent.id, [...(byAgent.get(agent.id) ?? []), row]);
  }
  const listed: CommissionAgent[] = agents
    .filter((a) => byAgent.has(a.id) || query.travelAgentId !== undefined)
    .map((a) => {
      const bookings = byAgent.get(a.id) ?? [];
      return {
        travelAgentId: a.id,
        travelAgentName: a.name,
        iata: a.iata,
        commissionPercent: (a.commissionHundredths ?? 0) / 100,
        roomRevenueBaisa: bookings.reduce((s, b) => s + b.roomRevenueBaisa, 0),
        commissionBaisa: bookings.reduce((s, b) => s + b.commissionBaisa, 0),
        bookings,
      };
    });
  return {
    from: query.from,
    to: query.to,
    agents: listed,
    roomRevenueBaisa: listed.reduce((s, a) => s + a.roomRevenueBaisa, 0),
    commissionBaisa: listed.reduce((s, a) => s + a.commissionBaisa, 0),
  };
}

const COLUMNS = [
  'travelAgent',
  'iata',
  'commissionPercent',
  'reference',
  'guest',
  'checkIn',
  'checkOut',
  'nights',
  'roomRevenueOmr',
  'commissionOmr',
] as const;

/**
 * The report as CSV: one line per booking (names as typed; a formula-like cell neutralised), its
 * headers in the request's language.
 */
export function commissionsCsv(report: CommissionsReport, language: Language) {
  const rows = report.agents.flatMap((a) =>
    a.bookings.map((b) => ({
      travelAgent: a.travelAgentName,
      iata: a.iata,
      commissionPercent: String(a.commissionPercent),
      // As every screen and paper shows it: "K7M-Q4PX".
      reference: formatBookingReference(b.reference),
      guest: b.guestName,
      checkIn: b.checkInDate,
      checkOut: b.checkOutDate,
      nights: String(b.nights),
      roomRevenueOmr: omrDecimal(b.roomRevenueBaisa),
      commissionOmr: omrDecimal(b.commissionBaisa),
    })),
  );
  const word = (id: string) => text(language, `commissions_csv.${id}`);
  const headers = {
    travelAgent: word('travel_agent'),
    iata: word('iata'),
    commissionPercent: word('percent'),
    reference: word('reference'),
    guest: word('guest'),
    checkIn: word('check_in'),
    checkOut: word('check_out'),
    nights: word('nights'),
    roomRevenueOmr: word('room_revenue'),
    commissionOmr: word('commission'),
  };
  return {
    body: toCsv([...COLUMNS], rows, headers),
    filename: `commissions-${report.from}-${report.to}.csv`,
  };
}
