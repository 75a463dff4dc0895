import { isBookingReference, normalizeBookingReference } from '@shared/booking-reference';
import {
  SIGNED_IN_HINT_COOKIE,
  STANDARD_RATE_PLAN,
  TAPE_CHART_NIGHTS,
  TIMING,
  USER_ROLES,
  type UserRole,
} from '@shared/constants';
import { addDays, hotelToday } from '@shared/dates';
import { roleAtLeast } from '@shared/roles';
import { initialLanguage } from '@/lib/initial-language';
import {
  ACCOUNT_ROLE_KEY,
  TAKE_STARTED_REQUEST,
  type StartedRequests,
  type TakeStartedRequest,
  takerOf,
} from '@/lib/started-requests';

/**
 * The shell's first script (docs/decisions/070-first-requests-in-the-html.md): web/build/prerender.ts
 * builds this module on its own and writes it into the HTML of every page but the landing page, so
 * the screen's first data and the sign-in lookup are asked for as the HTML is read, before the
 * app's code has arrived (cold) or run (warm, the service worker's copy). The app's API client then
 * takes each answer instead of asking again (lib/started-requests.ts).
 *
 * It asks for exactly what the app would a moment later: the same addresses, query and language,
 * with the same credentials, as the screens' first queries (app/more-routes.tsx; the test
 * first-requests.test.tsx holds the two together), and nothing the app would not ask: the back
 * office only on a device with a session (the readable hint), not for an account whose last known
 * role the screen's guard refuses, nothing offline.
 */

/** What the first script knows of the visit, as it starts. */
export type Visit = {
  /** The address's path and query (`location.pathname`, `location.search`). */
  pathname: string;
  search: string;
  /** Whether the readable sign-in hint is there. */
  signedIn: boolean;
  /** The account's role as the app last learned it (null: not known). */
  role: string | null;
  /** Today in the hotel's time zone. */
  today: string;
};

/** The sign-in lookup (entities/session/use-current-user.ts). */
const ME = '/api/auth/me';

/** Rows of the bookings desk's first page and one more (features/admin/bookings, BOOKING_PAGE_SIZE + 1). */
const BOOKINGS_DESK_LIMIT = 26;

type Screen = {
  /** The path, as the route table matches it: any case, an optional trailing slash. */
  path: RegExp;
  /** Who the screen's guard lets through (none: anyone). */
  minRole?: UserRole;
  /** Its first data's addresses; none when the address asks for none. */
  requests: (match: RegExpExecArray, visit: Visit) => string[];
};

/** The reference in `/booking/<typed>` as the page reads it (decoded when it can be, normalised). */
function bookingReference(typed: string): string {
  let decoded = typed;
  try {
    decoded = decodeURIComponent(typed);
  } catch {
    // As typed.
  }
  return normalizeBookingReference(decoded);
}

const SCREENS: Screen[] = [
  {
    path: /^\/admin\/front-desk\/?$/i,
    minRole: 'staff',
    requests: (_, { today }) => [`/api/front-desk?date=${today}`],
  },
  {
    // The pending tab's first page, unfiltered, and the tabs' counts.
    path: /^\/admin\/bookings\/?$/i,
    minRole: 'staff',
    requests: () => [
      `/api/booking-submissions?status=pending&limit=${BOOKINGS_DESK_LIMIT}`,
      '/api/booking-submissions/counts',
    ],
  },
  {
    path: /^\/admin\/tape-chart\/?$/i,
    minRole: 'staff',
    requests: (_, { today }) => [`/api/admin/tape-chart?from=${today}&nights=${TAPE_CHART_NIGHTS}`],
  },
  {
    // The open business day's housekeeping tasks (the server names the day: until the day close, the
    // day before): the supervisor's board, a housekeeper's own list (features/admin/housekeeping-tasks).
    path: /^\/admin\/housekeeping\/board\/?$/i,
    minRole: 'staff',
    requests: () => ['/api/housekeeping/tasks'],
  },
  {
    path: /^\/housekeeping\/tasks\/?$/i,
    minRole: 'housekeeper',
    requests: () => ['/api/housekeeping/tasks'],
  },
  {
    // Yesterday's report, the day the night audit closes (features/admin/day-close, defaultCloseDate).
    path: /^\/admin\/day-close\/?$/i,
    minRole: 'manager',
    requests: (_, { today }) => [`/api/admin/day-close/${addDays(today, -1)}`],
  },
  {
    // The plans, and the standard plan's first two weeks from today (features/admin/rates).
    path: /^\/admin\/rates\/?$/i,
    minRole: 'staff',
    requests: (_, { today }) => [
      '/api/admin/rate-plans',
      `/api/admin/rates?ratePlan=${STANDARD_RATE_PLAN}&from=${today}&to=${addDays(today, 2 * 7 - 1)}`,
    ],
  },
  {
    // The hotel's WhatsApp templates (features/admin/whatsapp).
    path: /^\/admin\/whatsapp\/?$/i,
    minRole: 'staff',
    requests: () => ['/api/admin/whatsapp/templates'],
  },
  {
    // The group blocks' first page (features/admin/groups).
    path: /^\/admin\/groups\/?$/i,
    minRole: 'staff',
    requests: () => ['/api/admin/groups?page=1'],
  },
  {
    // The link's state and mappings, and the types and plans the mappings name (features/admin/channel).
    path: /^\/admin\/channel\/?$/i,
    minRole: 'manager',
    requests: () => [
      '/api/admin/channel',
      '/api/admin/channel/mappings',
      '/api/room-types',
      '/api/rate-plans',
    ],
  },
  {
    // The flash report of the day its address names, or yesterday's (features/admin/reports).
    path: /^\/admin\/reports\/flash\/?$/i,
    minRole: 'manager',
    requests: (_, { search, today }) => [
      `/api/admin/reports/flash?date=${encodeURIComponent(new URLSearchParams(search).get('date') ?? addDays(today, -1))}`,
    ],
  },
  {
    // The tourism return of the month its address names, or last month's (features/admin/reports).
    path: /^\/admin\/reports\/tourism-return\/?$/i,
    minRole: 'manager',
    requests: (_, { search, today }) => [
      `/api/admin/reports/tourism-return?month=${encodeURIComponent(
        new URLSearchParams(search).get('month') ?? addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7),
      )}`,
    ],
  },
  {
    // The day's police registrations (features/admin/registrations).
    path: /^\/admin\/registrations\/?$/i,
    minRole: 'staff',
    requests: (_, { today }) => [`/api/admin/registrations?date=${today}`],
  },
  {
    // The open work orders (features/admin/work-orders): anyone on the staff, a technician's home.
    path: /^\/admin\/work-orders\/?$/i,
    minRole: 'housekeeper',
    requests: () => ['/api/admin/work-orders'],
  },
  {
    // The items held (features/admin/lost-found); a housekeeper only logs one, and asks for none.
    path: /^\/admin\/lost-found\/?$/i,
    minRole: 'staff',
    requests: () => ['/api/admin/lost-found'],
  },
  {
    // The open conversations, newest first (features/admin/inbox).
    path: /^\/admin\/inbox\/?$/i,
    minRole: 'staff',
    requests: () => ['/api/admin/inbox?filter=open'],
  },
  {
    // The outlets with their hours and staff (features/admin/outlets).
    path: /^\/admin\/outlets\/?$/i,
    minRole: 'manager',
    requests: () => ['/api/admin/outlets'],
  },
  {
    // The newest documents' first page, unfiltered.
    path: /^\/admin\/invoices\/?$/i,
    minRole: 'staff',
    requests: () => ['/api/admin/invoices'],
  },
  {
    // None for an e-mail's signed link (`?t=`), which the page exchanges first.
    path: /^\/booking\/([^/]+?)\/?$/i,
    requests: (match, { search }) => {
      const reference = bookingReference(match[1]!);
      return isBookingReference(reference) && !new URLSearchParams(search).get('t')
        ? [`/api/bookings/${reference}`]
        : [];
    },
  },
];

const knownRole = (role: string | null): UserRole | null =>
  (USER_ROLES as readonly string[]).includes(role ?? '') ? (role as UserRole) : null;

/**
 * The API addresses (path and query) the page at this visit's address asks for first: the
 * screen's first data, and the sign-in lookup wherever a session may be (every page but the
 * landing asks it as it starts).
 */
export function firstRequests(visit: Visit): string[] {
  const urls: string[] = [];
  for (const screen of SCREENS) {
    const match = screen.path.exec(visit.pathname);
    if (!match) continue;
    const role = knownRole(visit.role);
    const shown = !screen.minRole || (visit.signedIn && (role === null || roleAtLeast(role, screen.minRole)));
    if (shown) urls.push(...screen.requests(match, visit));
    break;
  }
  if (visit.signedIn) urls.push(ME);
  return urls;
}

/** The role kept from the last sign-in lookup (null: none, or no storage in private mode). */
function keptRole(role?: string | null): string | null {
  try {
    if (role === undefined) return localStorage.getItem(ACCOUNT_ROLE_KEY);
    if (role) localStorage.setItem(ACCOUNT_ROLE_KEY, role);
    else localStorage.removeItem(ACCOUNT_ROLE_KEY);
  } catch {
    // Private mode: not known, the requests then go as for an account not yet known.
  }
  return null;
}

/** Starts this page's first requests and leaves their answers for the app (runs in the HTML). */
export function startFirstRequests(): void {
  const signedIn = `; ${document.cookie}`.includes(`; ${SIGNED_IN_HINT_COOKIE}=1`);
  // Signed out (the server cleared the hint with the session): no role to keep.
  if (!signedIn) keptRole(null);
  if (navigator.onLine === false) return;
  const urls = firstRequests({
    pathname: location.pathname,
    search: location.search,
    signedIn,
    role: keptRole(),
    today: hotelToday(),
  });
  if (urls.length === 0) return;
  const language = initialLanguage();
  const started: StartedRequests = { at: performance.now(), language, requests: {} };
  for (const url of urls) {
    // As the app's client sends it (lib/api-client.ts): cookies, the language, the spec's 15 s.
    const answer = fetch(url, {
      credentials: 'include',
      headers: { 'Accept-Language': language },
      signal: AbortSignal.timeout(TIMING.fetchTimeout),
    });
    // A failure the app never takes is no page error; one it takes reaches it as its own.
    answer.catch(() => undefined);
    started.requests[new URL(url, location.href).href] = answer;
    // The sign-in lookup's answer says whose session this is: its role is kept for the next page.
    // (Read from a copy, before the app reads the answer itself.)
    if (url === ME) {
      answer
        .then((res) => (res.ok || res.status === 401 ? res.clone().json() : undefined))
        .then((body: { user?: { role?: string } } | undefined) => body && keptRole(body.user?.role ?? null))
        .catch(() => undefined);
    }
  }
  (window as { [TAKE_STARTED_REQUEST]?: TakeStartedRequest })[TAKE_STARTED_REQUEST] = takerOf(started);
}
