import type { FetchQueryOptions } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@shared/auth-schemas';
import { SIGNED_IN_HINT_COOKIE } from '@shared/constants';
import { hotelToday } from '@shared/dates';
import { queryClient } from '@/lib/query-client';
import {
  ACCOUNT_ROLE_KEY,
  type StartedRequests,
  TAKE_STARTED_REQUEST,
  type TakeStartedRequest,
  takerOf,
} from '@/lib/started-requests';
import { currentUserQueryOptions, getCurrentUser } from '@/entities/session/use-current-user';
import { getFrontDesk } from '@/features/admin/front-desk/api/front-desk';
import { firstRequests, startFirstRequests, type Visit } from './first-requests';
import { isListQuery, routeFirstQueries } from './more-routes';

/** The requests the browser was asked for (path and query), answered with an empty JSON object. */
let sent: string[] = [];
const pathOf = (input: RequestInfo | URL) => {
  const url = new URL(input instanceof Request ? input.url : input, location.href);
  return url.pathname + url.search;
};

const visit = (address: string, more: Partial<Visit> = {}): Visit => {
  const url = new URL(address, 'http://localhost');
  return {
    pathname: url.pathname,
    search: url.search,
    signedIn: true,
    role: null,
    today: hotelToday(),
    ...more,
  };
};

/** What the app itself asks for first at `address`: its route's first queries and the sign-in lookup. */
async function appAsksFor(address: string): Promise<string[]> {
  sent = [];
  // (Each answer is the stub's empty object: what they read of it does not matter here.)
  const ask = (query: FetchQueryOptions) =>
    queryClient.fetchQuery({ ...query, retry: false }).catch(() => undefined);
  for (const query of await routeFirstQueries(address)) {
    if (isListQuery(query))
      await queryClient.fetchInfiniteQuery({ ...query, retry: false }).catch(() => undefined);
    else await ask(query as FetchQueryOptions);
  }
  await ask(currentUserQueryOptions() as FetchQueryOptions);
  queryClient.clear();
  return sent;
}

const user = (role: SessionUser['role']): SessionUser => ({
  id: 1,
  fullName: 'Test',
  email: 't@example.com',
  role,
});

describe("the shell's first requests", () => {
  beforeEach(() => {
    document.cookie = `${SIGNED_IN_HINT_COOKIE}=1; path=/`;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      sent.push(pathOf(input));
      return new Response('{}', { headers: { 'Content-Type': 'application/json' } });
    });
  });
  afterEach(() => {
    document.cookie = `${SIGNED_IN_HINT_COOKIE}=; path=/; max-age=0`;
    vi.unstubAllGlobals();
    delete (window as { [TAKE_STARTED_REQUEST]?: unknown })[TAKE_STARTED_REQUEST];
    localStorage.clear();
    queryClient.clear();
  });

  it('are the very requests the app makes first on each screen that has them', async () => {
    for (const address of [
      '/admin/front-desk',
      '/admin/bookings',
      '/admin/tape-chart',
      '/admin/day-close',
      '/admin/housekeeping/board',
      '/housekeeping/tasks',
      '/admin/rates',
      '/admin/invoices',
      '/admin/groups',
      '/admin/work-orders',
      '/admin/lost-found',
      '/admin/outlets',
      '/admin/channel',
      '/admin/reports/flash',
      '/admin/reports/flash?date=2026-03-01',
      '/Admin/Front-Desk/',
      '/booking/k7m-q4px',
      '/booking/K7M%2DQ4PX',
      '/booking/K7MQ4PX?t=signed',
      '/privacy',
    ]) {
      expect(firstRequests(visit(address)), address).toEqual(await appAsksFor(address));
    }
    expect(firstRequests(visit('/admin/front-desk'))).toEqual([
      `/api/front-desk?date=${hotelToday()}`,
      '/api/auth/me',
    ]);
  });

  it('ask nothing of the back office without a session or for a role its guard refuses', () => {
    expect(firstRequests(visit('/admin/front-desk', { signedIn: false }))).toEqual([]);
    expect(firstRequests(visit('/admin/bookings', { role: 'guest' }))).toEqual(['/api/auth/me']);
    expect(firstRequests(visit('/admin/tape-chart', { role: 'housekeeper' }))).toEqual(['/api/auth/me']);
    expect(firstRequests(visit('/admin/tape-chart', { role: 'manager' }))).toHaveLength(2);
    // The day close is the managers': not asked for staff, asked for a manager.
    expect(firstRequests(visit('/admin/day-close', { role: 'staff' }))).toEqual(['/api/auth/me']);
    expect(firstRequests(visit('/admin/day-close', { role: 'manager' }))).toHaveLength(2);
    expect(firstRequests(visit('/admin/rates', { role: 'housekeeper' }))).toEqual(['/api/auth/me']);
    // The tasks board is the desk's; a housekeeper's own list is theirs.
    expect(firstRequests(visit('/admin/housekeeping/board', { role: 'housekeeper' }))).toEqual([
      '/api/auth/me',
    ]);
    expect(firstRequests(visit('/housekeeping/tasks', { role: 'housekeeper' }))).toHaveLength(2);
    expect(firstRequests(visit('/admin/invoices', { signedIn: false }))).toEqual([]);
    // The channel and the reports are the managers'; the groups the desk's.
    expect(firstRequests(visit('/admin/channel', { role: 'staff' }))).toEqual(['/api/auth/me']);
    expect(firstRequests(visit('/admin/channel', { role: 'manager' }))).toHaveLength(5);
    expect(firstRequests(visit('/admin/reports/flash', { role: 'staff' }))).toEqual(['/api/auth/me']);
    expect(firstRequests(visit('/admin/groups', { role: 'housekeeper' }))).toEqual(['/api/auth/me']);
    expect(firstRequests(visit('/admin/groups', { role: 'staff' }))).toHaveLength(2);
    expect(firstRequests(visit('/admin/work-orders', { role: 'maintenance' }))).toHaveLength(2);
    // The outlets' admin is the managers'.
    expect(firstRequests(visit('/admin/outlets', { role: 'staff' }))).toEqual(['/api/auth/me']);
    expect(firstRequests(visit('/admin/outlets', { role: 'manager' }))).toHaveLength(2);
    expect(firstRequests(visit('/admin/lost-found', { role: 'housekeeper' }))).toEqual(['/api/auth/me']);
    expect(firstRequests(visit('/admin/lost-found', { role: 'maintenance' }))).toEqual(['/api/auth/me']);
    // A role the app does not know is no refusal: as for an account not yet known.
    expect(firstRequests(visit('/admin/front-desk', { role: 'nonsense' }))).toHaveLength(2);
    // The guest's booking page is anyone's; a signed link is exchanged first.
    expect(firstRequests(visit('/booking/K7MQ4PX', { signedIn: false }))).toEqual(['/api/bookings/K7MQ4PX']);
    expect(firstRequests(visit('/booking/K7MQ4PX?t=signed', { signedIn: false }))).toEqual([]);
    expect(firstRequests(visit('/booking/not-a-reference', { signedIn: false }))).toEqual([]);
    expect(firstRequests(visit('/privacy', { signedIn: false }))).toEqual([]);
  });

  it("are taken once by the app's client, in the language it asks in, instead of asking again", async () => {
    const date = hotelToday();
    const started = (language: string): StartedRequests => ({
      at: performance.now(),
      language,
      requests: {
        [new URL(`/api/front-desk?date=${date}`, location.href).href]: Promise.resolve(
          new Response(JSON.stringify({ arrivals: ['started'] }), {
            headers: { 'Content-Type': 'application/json' },
          }),
        ),
      },
    });
    const page = window as { [TAKE_STARTED_REQUEST]?: TakeStartedRequest };
    page[TAKE_STARTED_REQUEST] = takerOf(started('ar'));
    sent = [];
    expect(await getFrontDesk(date)).toEqual({ arrivals: ['started'] });
    expect(sent).toEqual([]);
    // Once: the next call (the screen's poll) asks the server.
    expect(await getFrontDesk(date)).toEqual({});
    expect(sent).toEqual([`/api/front-desk?date=${date}`]);

    // Started in another language than the app asks in: the app asks itself.
    page[TAKE_STARTED_REQUEST] = takerOf(started('en'));
    sent = [];
    expect(await getFrontDesk(date)).toEqual({});
    expect(sent).toHaveLength(1);
  });

  it("keep the role the sign-in lookup answers, for the next page's, and hand the app that answer", async () => {
    let asked = 0;
    const answer = (status: number, body: unknown) =>
      vi.stubGlobal('fetch', async () => (asked++, Response.json(body, { status })));
    const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

    answer(200, { user: user('staff') });
    startFirstRequests();
    // The app's own lookup takes the answer the page started: one request in all.
    expect(await getCurrentUser()).toEqual(user('staff'));
    await settled();
    expect(asked).toBe(1);
    expect(localStorage.getItem(ACCOUNT_ROLE_KEY)).toBe('staff');

    answer(200, { user: user('guest') });
    startFirstRequests();
    await settled();
    expect(localStorage.getItem(ACCOUNT_ROLE_KEY)).toBe('guest');
    // The session ended: no role.
    answer(401, { error: { code: 'unauthorized', message: '' } });
    startFirstRequests();
    await settled();
    expect(localStorage.getItem(ACCOUNT_ROLE_KEY)).toBeNull();
    // Signed out (no hint): none kept, nothing asked.
    localStorage.setItem(ACCOUNT_ROLE_KEY, 'admin');
    document.cookie = `${SIGNED_IN_HINT_COOKIE}=; path=/; max-age=0`;
    asked = 0;
    startFirstRequests();
    expect(localStorage.getItem(ACCOUNT_ROLE_KEY)).toBeNull();
    expect(asked).toBe(0);
  });
});
