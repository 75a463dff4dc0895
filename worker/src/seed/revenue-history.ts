import { addDays } from '@shared/dates';
import { computedEvents, hijriOf } from '@shared/gulf-calendar';
import { HISTORY_COLUMNS, type EventKind, type HistoryColumn } from '@shared/revenue';

/**
 * A hotel's history as its old system would export it (docs/decisions/094): every booking of
 * four years before `asOf` and the year after it, as the CSV
 * `POST /api/admin/revenue/history` takes, deterministic by `seed`. Pure (no binding, no Node API):
 * the demo seed, the worker tests and `npm run history:generate` all use it.
 *
 * The world it simulates, before the export cuts it at the day before `asOf`:
 * - each arrival day draws booking requests (Poisson, with a day's own shock) from a base level
 *   times the weekday (Oman's weekend: Thursday arrivals for the weekend, Sunday-Wednesday
 *   business), the month's season (Muscat's winter high, summer low; Dhofar's Khareef), the
 *   events of the Gulf's calendar (Ramadan low, the Eids and National Day high; the Hijri ones
 *   move 11 days a year), a yearly growth, and now and then a group;
 * - each request has a lead time (a booking curve by segment: walk-ins, business days ahead,
 *   leisure and online weeks ahead, events booked earlier), a length of stay, a room type, a
 *   segment and channel, a nationality, a price; cancellations (more online) at a time between
 *   booking and arrival, and a few no-shows;
 * - requests are taken in the order they were made, against each type's rooms night by night
 *   (a full type sends a request up to the next type, else it is lost), cancellations giving their
 *   rooms back the day they happen: the booking curves bend at sold-out nights as a real hotel's do.
 * The export keeps the bookings made up to the day before `asOf`: those cancelled by then are
 * `cancelled`, those with an arrival before `asOf` `stayed` or `no_show`, the others (nights
 * ahead) `stayed`, on the books. The world is anchored at the start of `asOf`'s quarter, so two
 * exports of the same quarter agree line for line on what both know.
 */

export type HistoryLine = Record<HistoryColumn, string>;

export type HistoryOptions = {
  /** The day of the export (today): the lines hold what was booked up to the day before. */
  asOf: string;
  seed?: number;
  /** Rooms per type (the demo hotel's by default: 60 rooms). */
  rooms?: Record<string, number>;
  /** Muscat's seasons, or Dhofar's (Khareef is its high season). */
  region?: 'muscat' | 'dhofar';
  /** Years of arrivals before `asOf`. */
  yearsBack?: number;
  /** Requests per room and arrival day before the multipliers. */
  demand?: number;
  /** A few lines an old system gets wrong (an impossible date, a departure before the arrival, a cancellation before its booking), for the demo's refused lines. */
  faults?: boolean;
};

export const DEMO_HISTORY_ROOMS: Record<string, number> = { silver: 12, gold: 36, diamond: 8, deluxe: 4 };
const PRICES: Record<string, number> = { silver: 12_600, gold: 13_200, diamond: 16_200, deluxe: 17_300 };

/** sfc32: a small, fast generator with a 128-bit state, seeded deterministically. */
function random(seed: number) {
  let a = 0x9e3779b9 ^ seed;
  let b = 0x243f6a88 + seed * 7;
  let c = 0xb7e15162 ^ (seed << 3);
  let d = 0xdeadbeef + seed;
  const next = () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 20; i++) next();
  return next;
}

type Rand = () => number;
const gaussian = (r: Rand) => Math.sqrt(-2 * Math.log(r() + 1e-12)) * Math.cos(2 * Math.PI * r());
function poisson(r: Rand, mean: number): number {
  if (mean > 30) return Math.max(0, Math.round(mean + Math.sqrt(mean) * gaussian(r)));
  const limit = Math.exp(-mean);
  let k = 0;
  let p = r();
  while (p > limit) {
    k += 1;
    p *= r();
  }
  return k;
}
const pick = <T>(r: Rand, items: readonly (readonly [T, number])[]): T => {
  const total = items.reduce((s, [, w]) => s + w, 0);
  let x = r() * total;
  for (const [item, w] of items) if ((x -= w) < 0) return item;
  return items[items.length - 1]![0];
};

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** Arrivals by weekday (0 Sunday): business Sunday to Wednesday, Thursday into the weekend. */
const WEEKDAY = [1.08, 1.02, 1.0, 1.05, 1.3, 0.85, 0.7];
const SEASON: Record<'muscat' | 'dhofar', number[]> = {
  muscat: [1.25, 1.3, 1.2, 1.0, 0.75, 0.6, 0.62, 0.68, 0.82, 1.0, 1.22, 1.32],
  dhofar: [0.8, 0.85, 0.8, 0.7, 0.6, 0.7, 1.9, 2.1, 1.3, 0.8, 0.85, 0.95],
};
/** Demand on an event's nights, and how much earlier it books. */
const EVENT_EFFECT: Record<EventKind, { demand: number; lead: number }> = {
  ramadan: { demand: 0.62, lead: 0.8 },
  eid_al_fitr: { demand: 1.75, lead: 1.9 },
  eid_al_adha: { demand: 1.8, lead: 1.9 },
  islamic_new_year: { demand: 1.15, lead: 1.2 },
  prophets_birthday: { demand: 1.12, lead: 1.2 },
  national_day: { demand: 1.6, lead: 1.6 },
  khareef: { demand: 1.0, lead: 1.0 },
  school_holiday: { demand: 1.15, lead: 1.3 },
  hotel: { demand: 1.0, lead: 1.0 },
};

type Segment = 'leisure' | 'corporate' | 'ota' | 'group' | 'government' | 'walk_in';
/** A segment's share of requests, median lead (days), spread of the lead (log), cancellation chance, channels. */
const SEGMENTS: Record<
  Segment,
  { share: number; lead: number; spread: number; cancel: number; channels: [string, number][] }
> = {
  ota: {
    share: 0.38,
    lead: 16,
    spread: 0.95,
    cancel: 0.3,
    channels: [
      ['booking.com', 6],
      ['expedia', 2],
      ['agoda', 1],
    ],
  },
  leisure: {
    share: 0.22,
    lead: 24,
    spread: 0.9,
    cancel: 0.16,
    channels: [
      ['website', 3],
      ['phone', 2],
      ['email', 1],
    ],
  },
  corporate: {
    share: 0.24,
    lead: 6,
    spread: 0.85,
    cancel: 0.14,
    channels: [
      ['phone', 2],
      ['email', 2],
      ['website', 1],
    ],
  },
  government: { share: 0.06, lead: 9, spread: 0.8, cancel: 0.1, channels: [['email', 1]] },
  walk_in: { share: 0.1, lead: 0.4, spread: 0.6, cancel: 0.02, channels: [['walk_in', 1]] },
  group: { share: 0, lead: 60, spread: 0.5, cancel: 0.2, channels: [['email', 1]] },
};

const NATIONALITIES: [string, number][] = [
  ['OM', 40],
  ['OMN', 4],
  ['AE', 7],
  ['SA', 7],
  ['KW', 3],
  ['QA', 2],
  ['BH', 1],
  ['IN', 8],
  ['IND', 1],
  ['PK', 3],
  ['GB', 4],
  ['DE', 4],
  ['FR', 2],
  ['IT', 2],
  ['NL', 1],
  ['US', 2],
  ['CN', 1],
  ['EG', 2],
  ['JO', 1],
  ['', 4],
  ['XX', 1],
];

type Request = {
  index: number;
  booked: number;
  arrival: number;
  nights: number;
  type: string;
  rooms: number;
  segment: Segment;
  channel: string;
  cancel: number | null;
  noShow: boolean;
  adults: number;
  children: number;
  nationality: string;
  /** The night's price against the type's usual price. */
  rate: number;
};

/** The events of each day of [from, to] (day numbers), strongest last wins nothing: all kinds listed. */
function eventsByDay(from: number, to: number): Map<number, EventKind[]> {
  const map = new Map<number, EventKind[]>();
  const firstYear = Number(dateOf(from).slice(0, 4)) - 1;
  const lastYear = Number(dateOf(to).slice(0, 4));
  for (let year = firstYear; year <= lastYear; year++) {
    for (const e of computedEvents(year)) {
      for (let d = dayNumber(e.from); d <= dayNumber(e.to); d++) {
        if (d < from || d > to) continue;
        const list = map.get(d);
        if (list) list.push(e.kind);
        else map.set(d, [e.kind]);
      }
    }
  }
  return map;
}

/** The start of the quarter of a date (the world's anchor). */
function quarterStart(date: string): string {
  const month = Number(date.slice(5, 7));
  return `${date.slice(0, 4)}-${String(month - ((month - 1) % 3)).padStart(2, '0')}-01`;
}

/** What a day's requests are drawn from: the hotel, its region, the calendar, the generator. */
type World = {
  r: Rand;
  rooms: Record<string, number>;
  types: string[];
  totalRooms: number;
  region: 'muscat' | 'dhofar';
  anchor: number;
  events: Map<number, EventKind[]>;
  /** Requests per room and arrival day before the multipliers. */
  demand: number;
};

/** The booking requests arriving on `day` (numbered from `index`). */
function dayRequests(w: World, day: number, index: number): Request[] {
  const { r, region } = w;
  const requests: Request[] = [];
  const date = dateOf(day);
  const weekday = new Date(day * DAY_MS).getUTCDay();
  const month = Number(date.slice(5, 7)) - 1;
  const kinds = w.events.get(day) ?? [];
  let eventDemand = 1;
  let eventLead = 1;
  for (const kind of kinds) {
    eventDemand *= EVENT_EFFECT[kind].demand;
    eventLead = Math.max(eventLead, EVENT_EFFECT[kind].lead);
  }
  // Dhofar: Khareef is the season (its multiplier already in SEASON), not a second effect.
  if (region === 'dhofar' && kinds.includes('khareef')) eventDemand /= EVENT_EFFECT.khareef.demand;
  // The last days of Ramadan travel for Eid: a little less low.
  const h = hijriOf(date);
  if (h.month === 9 && h.day >= 27) eventDemand *= 1.3;
  const growth = Math.pow(1.05, (day - w.anchor) / 365);
  // A day's own shock (weather, a conference in town, a quiet week): no model sees it coming.
  const shock = Math.exp(0.18 * gaussian(r) - 0.016);
  const mean =
    w.totalRooms * w.demand * WEEKDAY[weekday]! * SEASON[region][month]! * eventDemand * growth * shock;
  const count = poisson(r, mean);
  const typeShare = w.types.map((t) => [t, w.rooms[t]!] as const);
  for (let i = 0; i < count; i++) {
    const segment = pick<Segment>(
      r,
      (Object.keys(SEGMENTS) as Segment[]).map((s) => [s, SEGMENTS[s].share] as const),
    );
    const s = SEGMENTS[segment];
    const lead =
      segment === 'walk_in'
        ? r() < 0.7
          ? 0
          : 1
        : Math.min(330, Math.floor(s.lead * eventLead * Math.exp(s.spread * gaussian(r))));
    const nights = pick(r, weekday === 4 && segment !== 'corporate' ? WEEKEND_STAYS : STAYS);
    const cancels = r() < s.cancel * (kinds.includes('ramadan') ? 1.2 : 1);
    const cancelAfter = cancels ? Math.floor(lead * Math.pow(r(), 0.6)) : null;
    const guests = pick(r, GUESTS);
    const children = guests > 2 && r() < 0.6 ? guests - 2 : 0;
    requests.push({
      index: index + requests.length,
      booked: day - lead,
      arrival: day,
      nights,
      type: pick(r, typeShare),
      rooms: r() < 0.04 ? pick(r, ROOMS) : 1,
      segment,
      channel: pick(r, s.channels),
      cancel: cancelAfter === null ? null : day - lead + cancelAfter,
      noShow: !cancels && segment !== 'walk_in' && r() < 0.025,
      adults: guests - children,
      children,
      nationality: pick(r, NATIONALITIES),
      rate: SEASON[region][month]! ** 0.5 * Math.min(1.6, eventDemand ** 0.5) * (0.9 + 0.2 * r()),
    });
  }
  // Now and then a group: 6-18 rooms for 2-3 nights, booked two to four months ahead.
  if (r() < 0.025 * SEASON[region][month]!) {
    const lead = 45 + Math.floor(r() * 75);
    const cancels = r() < SEGMENTS.group.cancel;
    requests.push({
      index: index + requests.length,
      booked: day - lead,
      arrival: day,
      nights: 2 + Math.floor(r() * 2),
      type: 'gold' in w.rooms ? 'gold' : w.types[0]!,
      rooms: 6 + Math.floor(r() * 13),
      segment: 'group',
      channel: 'email',
      cancel: cancels ? day - lead + Math.floor(lead * r() * 0.8) : null,
      noShow: false,
      adults: 2,
      children: 0,
      nationality: pick(r, NATIONALITIES),
      rate: 0.85 * (0.9 + 0.2 * r()),
    });
  }
  return requests;
}

const STAYS: [number, number][] = [
  [1, 40],
  [2, 28],
  [3, 15],
  [4, 7],
  [5, 4],
  [7, 4],
  [10, 1],
  [14, 1],
];
const WEEKEND_STAYS: [number, number][] = [
  [1, 3],
  [2, 5],
  [3, 2],
];
const GUESTS: [number, number][] = [
  [1, 3],
  [2, 5],
  [3, 2],
  [4, 1],
];
const ROOMS: [number, number][] = [
  [2, 6],
  [3, 2],
  [4, 1],
];

/**
 * The requests taken in the order they were made, against each type's rooms night by night (a
 * full type sends a request up to the next type, else it is lost); a cancellation gives its rooms
 * back the day it happens. Answers the requests taken.
 */
function takeInOrder(
  requests: Request[],
  rooms: Record<string, number>,
  first: number,
  last: number,
): Request[] {
  const types = Object.keys(rooms);
  const sold = new Map<string, Int16Array>();
  const span = last - first + 400;
  for (const t of types) sold.set(t, new Int16Array(span));
  const at = (day: number) => day - first + 30;
  const fits = (type: string, q: Request) => {
    const nights = sold.get(type)!;
    for (let n = q.arrival; n < q.arrival + q.nights; n++)
      if (nights[at(n)]! + q.rooms > rooms[type]!) return false;
    return true;
  };
  const take = (type: string, q: Request, sign: 1 | -1) => {
    const nights = sold.get(type)!;
    for (let n = q.arrival; n < q.arrival + q.nights; n++) nights[at(n)] = nights[at(n)]! + sign * q.rooms;
  };
  const byBookingDay = new Map<number, Request[]>();
  const cancellations = new Map<number, Request[]>();
  const push = (map: Map<number, Request[]>, day: number, q: Request) => {
    const list = map.get(day);
    if (list) list.push(q);
    else map.set(day, [q]);
  };
  for (const q of requests) push(byBookingDay, q.booked, q);
  const accepted: Request[] = [];
  const days = [...byBookingDay.keys()].sort((a, b) => a - b);
  const lastDay = days[days.length - 1] ?? first;
  for (let day = days[0] ?? first; day <= lastDay; day++) {
    for (const q of cancellations.get(day) ?? []) take(q.type, q, -1);
    for (const q of byBookingDay.get(day) ?? []) {
      const order = [q.type, ...types.slice(types.indexOf(q.type) + 1)];
      const type = order.find((t) => fits(t, q));
      if (!type) continue;
      q.type = type;
      take(type, q, 1);
      accepted.push(q);
      if (q.cancel !== null) push(cancellations, q.cancel, q);
    }
  }
  return accepted;
}

/** The export: what was booked by the day `cut`, as it stood then. */
function exported(accepted: Request[], cut: number): HistoryLine[] {
  const lines: HistoryLine[] = [];
  for (const q of accepted) {
    if (q.booked > cut) continue;
    const cancelled = q.cancel !== null && q.cancel <= cut;
    const past = q.arrival <= cut;
    lines.push({
      reference: `OLD-${String(q.index + 1).padStart(6, '0')}`,
      bookedOn: dateOf(q.booked),
      arrival: dateOf(q.arrival),
      departure: dateOf(q.arrival + q.nights),
      status: cancelled ? 'cancelled' : past && q.noShow ? 'no_show' : 'stayed',
      cancelledOn: cancelled ? dateOf(q.cancel!) : '',
      roomType: q.type,
      rooms: String(q.rooms),
      adults: String(q.adults),
      children: String(q.children),
      nationality: q.nationality,
      segment: q.segment === 'walk_in' ? 'leisure' : q.segment,
      channel: q.channel,
      rateBaisa: String(Math.round((PRICES[q.type] ?? PRICES.gold!) * q.rate)),
    });
  }
  return lines;
}

/** Generates the history (see the module's comment): its lines, in booking order. */
export function generateHistory(options: HistoryOptions): HistoryLine[] {
  const rooms = options.rooms ?? DEMO_HISTORY_ROOMS;
  const types = Object.keys(rooms);
  const anchor = dayNumber(quarterStart(options.asOf));
  const first = anchor - Math.round((options.yearsBack ?? 4) * 365);
  const last = anchor + 365 + 92;
  const world: World = {
    r: random(options.seed ?? 7),
    rooms,
    types,
    totalRooms: types.reduce((s, t) => s + rooms[t]!, 0),
    region: options.region ?? 'muscat',
    anchor,
    events: eventsByDay(first, last),
    // About 70 % of the rooms sold over a year.
    demand: options.demand ?? 0.53,
  };
  const requests: Request[] = [];
  for (let day = first; day <= last; day++) requests.push(...dayRequests(world, day, requests.length));
  const lines = exported(takeInOrder(requests, rooms, first, last), dayNumber(options.asOf) - 1);
  if (options.faults) lines.push(...faultyLines(options.asOf));
  return lines;
}

/** Three lines an old system gets wrong, each refused alone by the import. */
function faultyLines(asOf: string): HistoryLine[] {
  const base = {
    status: 'stayed',
    cancelledOn: '',
    roomType: 'gold',
    rooms: '1',
    adults: '2',
    children: '0',
    nationality: 'OM',
    segment: 'leisure',
    channel: 'phone',
    rateBaisa: '13200',
  };
  const month = addDays(asOf, -200).slice(0, 7);
  return [
    {
      ...base,
      reference: 'OLD-BAD-1',
      bookedOn: `${month}-01`,
      arrival: `${month.slice(0, 4)}-02-30`,
      departure: `${month}-03`,
    },
    {
      ...base,
      reference: 'OLD-BAD-2',
      bookedOn: `${month}-01`,
      arrival: `${month}-12`,
      departure: `${month}-10`,
    },
    {
      ...base,
      reference: 'OLD-BAD-3',
      bookedOn: `${month}-05`,
      arrival: `${month}-20`,
      departure: `${month}-22`,
      status: 'cancelled',
      cancelledOn: `${month}-02`,
    },
  ];
}

/** A field as CSV writes it: quoted when it holds the delimiter, a quote or a line break. */
const csvField = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** The lines as a CSV file: a header row, then one line each (CRLF, as spreadsheets write). */
export function historyCsv(
  lines: HistoryLine[],
  columns: readonly HistoryColumn[] = HISTORY_COLUMNS,
): string {
  return (
    [columns.join(','), ...lines.map((l) => columns.map((c) => csvField(l[c])).join(','))].join('\r\n') +
    '\r\n'
  );
}
