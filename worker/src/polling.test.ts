import { describe, expect, it } from 'vitest';
import { bookingRequest, postBooking, stays } from '@worker-test/builders';
import { call, logIn, signUp } from '@worker-test/helpers';

/**
 * What polling costs: a poll whose list has not changed answers 304 Not
 * Modified after reading a row or two, and any write that changes the list changes its
 * ETag. X-D1-Rows-Read (development only) says how many D1 rows the call read.
 */
const poll = (path: string, cookie?: string, etag?: string) =>
  call(path, { cookie, headers: { 'x-d1-meter': '1', ...(etag && { 'if-none-match': etag }) } });
const rowsRead = (res: Response) => Number(res.headers.get('x-d1-rows-read'));

const stay = stays({ from: 40, every: 1, nights: 1 });
const book = (roomType = 'silver') =>
  postBooking(bookingRequest({ fullName: 'Poll Guest', idNumber: '1234567', roomType }, stay));

describe('polled lists answer 304 while nothing changed', () => {
  it('the staff booking list: a cheap 304, then the new list after a booking', async () => {
    const staff = await logIn('staff@example.com', 'change-me-staff');
    for (let i = 0; i < 5; i++) expect((await book()).status).toBe(201);
    const first = await poll('/api/booking-submissions', staff.cookie);
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\//);
    const fullRead = rowsRead(first);

    const idle = await poll('/api/booking-submissions', staff.cookie, etag);
    expect(idle.status).toBe(304);
    expect(await idle.text()).toBe('');
    expect(idle.headers.get('etag')).toBe(etag);
    // The session's row (it carries its user's name and role) and one counter row, not the list.
    expect(rowsRead(idle)).toBeLessThanOrEqual(2);
    expect(rowsRead(idle)).toBeLessThan(fullRead);

    expect((await book()).status).toBe(201);
    const changed = await poll('/api/booking-submissions', staff.cookie, etag);
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    // Another user's (or another query's) validator never matches this one.
    const filtered = await poll(
      '/api/booking-submissions?status=pending',
      staff.cookie,
      changed.headers.get('etag')!,
    );
    expect(filtered.status).toBe(200);
  });

  it('the public inventory: 304 until a hold or an allotment changes', async () => {
    const first = await poll('/api/room-inventory');
    const etag = first.headers.get('etag')!;
    const idle = await poll('/api/room-inventory', undefined, etag);
    expect(idle.status).toBe(304);
    expect(rowsRead(idle)).toBeLessThanOrEqual(1);
    const staff = await logIn('staff@example.com', 'change-me-staff');
    await call('/api/room-inventory/gold', {
      method: 'PUT',
      cookie: staff.cookie,
      json: { availableCount: 5 },
    });
    expect((await poll('/api/room-inventory', undefined, etag)).status).toBe(200);
  });

  it("a guest's notifications and points", async () => {
    const guest = await signUp();
    const notes = await poll('/api/notifications/mine', guest.cookie);
    expect((await poll('/api/notifications/mine', guest.cookie, notes.headers.get('etag')!)).status).toBe(
      304,
    );
    const points = await poll(`/api/user-points/${encodeURIComponent(guest.email)}`, guest.cookie);
    const again = await poll(
      `/api/user-points/${encodeURIComponent(guest.email)}`,
      guest.cookie,
      points.headers.get('etag')!,
    );
    expect(again.status).toBe(304);
  });
});

describe('deploys', () => {
  it('a build file that does not exist is a 404, not the app shell served as JavaScript', async () => {
    const res = await call('/assets/chunk-from-an-older-deploy-1a2b3c4d.js');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type') ?? '').not.toContain('text/html');
    // Page routes still fall back to the app.
    expect((await call('/admin/bookings')).status).not.toBe(404);
  });
});
