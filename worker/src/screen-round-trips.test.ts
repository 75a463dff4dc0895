import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, hotelToday } from '@shared/dates';
import { forgetVersions } from './platform/edge-cache';
import { approvedBooking, grantCookie } from '@worker-test/builders';
import { call, logIn } from '@worker-test/helpers';

/**
 * The staff screens' first data (and the guest's booking page) in few D1 round trips (a budget:
 * each screen's data within 600 ms of navigation on a loaded machine, where every round trip to
 * D1 is a wait). A round trip is one call that reaches D1: a statement's all/first/run/raw, a
 * batch, an exec. Those started while another is still on its way overlap it; `sequential` counts
 * the waits one after the other (a call started with nothing else on its way).
 */
type Trips = { total: number; sequential: number };

/** env.DB counting its round trips into `trips`. */
function countingDb(trips: Trips): D1Database {
  let inFlight = 0;
  const timed = async <T>(call: () => Promise<T>): Promise<T> => {
    trips.total++;
    if (inFlight === 0) trips.sequential++;
    inFlight++;
    try {
      return await call();
    } finally {
      inFlight--;
    }
  };
  const original = new WeakMap<object, D1PreparedStatement>();
  const wrap = (statement: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, prop) {
        if (prop === 'bind') return (...values: unknown[]) => wrap(target.bind(...values));
        if (prop === 'all' || prop === 'first' || prop === 'run' || prop === 'raw') {
          return (...args: unknown[]) =>
            timed(() => (target[prop] as (...a: unknown[]) => Promise<unknown>).apply(target, args));
        }
        const value = Reflect.get(target, prop, target) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    original.set(proxy, statement);
    return proxy;
  };
  return new Proxy(env.DB, {
    get(target, prop) {
      if (prop === 'prepare') return (query: string) => wrap(target.prepare(query));
      if (prop === 'batch')
        return (statements: D1PreparedStatement[]) =>
          timed(() => target.batch(statements.map((s) => original.get(s) ?? s)));
      if (prop === 'exec') return (query: string) => timed(() => target.exec(query));
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** One GET through the app with the counting binding: its status and round trips. */
async function tripsOf(path: string, cookie: string): Promise<{ status: number; trips: Trips }> {
  // The public answers' change counters are read again, as by an isolate that has not read them.
  forgetVersions();
  const trips: Trips = { total: 0, sequential: 0 };
  const res = await call(path, { cookie, env: { ...env, DB: countingDb(trips) } });
  await res.arrayBuffer();
  return { status: res.status, trips };
}

let manager: string;
let guest: string;
let reference: string;

beforeAll(async () => {
  manager = (await logIn('manager@example.com', 'change-me-manager')).cookie;
  const booking = await approvedBooking();
  reference = booking.reference;
  guest = await grantCookie(booking);
});

describe("the screens' first data in few D1 round trips", () => {
  const today = () => hotelToday();
  // [screen, its first request, who, the most round trips one after the other]
  const SCREENS: [string, () => string, () => string, number][] = [
    ['front desk', () => `/api/front-desk?date=${today()}`, () => manager, 3],
    ['bookings desk, pending', () => '/api/booking-submissions?status=pending&limit=26', () => manager, 3],
    ['bookings desk, counts', () => '/api/booking-submissions/counts', () => manager, 3],
    ['tape chart', () => `/api/admin/tape-chart?from=${today()}&nights=14`, () => manager, 3],
    ['day close', () => `/api/admin/day-close/${addDays(today(), -1)}`, () => manager, 3],
    ['rate plans', () => '/api/admin/rate-plans', () => manager, 3],
    [
      'rate calendar',
      () => `/api/admin/rates?ratePlan=standard&from=${today()}&to=${addDays(today(), 13)}`,
      () => manager,
      3,
    ],
    ['invoices', () => '/api/admin/invoices', () => manager, 3],
    ['the sign-in lookup', () => '/api/auth/me', () => manager, 2],
    ["the guest's booking page", () => `/api/bookings/${reference}`, () => guest, 3],
  ];
  it.each(SCREENS)('%s', async (_name, path, who, most) => {
    const { status, trips } = await tripsOf(path(), who());
    expect(status).toBe(200);
    expect(trips.sequential, `${path()}: ${JSON.stringify(trips)}`).toBeLessThanOrEqual(most);
  });
});
