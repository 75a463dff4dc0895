import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatBookingReference } from '@shared/booking-reference';
import { addDays, hotelToday } from '@shared/dates';
import { cleanUp } from '../../cleanup';
import {
  book,
  bookingRequest,
  json,
  markCheckedIn,
  postBooking,
  setBookingStatus,
  staffCookie,
  uniquePhone,
} from '@worker-test/builders';
import { call, signUp } from '@worker-test/helpers';
import { getGuest, patchGuest, profileIdOf, type Profile } from '@worker-test/guest-profiles';

/**
 * A guest's details: the day's registrations as JSON and CSV (formula cells neutralised) and
 * their retention, the guest's own details, a profile without an account, the front desk's view
 * and the account's export and erasure. Finding, changing and merging profiles:
 * guest-profiles-staff.test.ts.
 */

let staff: string;

beforeAll(async () => {
  staff = await staffCookie();
});

describe('the registration list', () => {
  it("lists today's check-ins with the profile's nationality and document, as JSON and as CSV with formula cells neutralised", async () => {
    const today = hotelToday();
    const booking = await book({
      fullName: '=HYPERLINK("http://evil")',
      checkInDate: today,
      checkOutDate: addDays(today, 2),
    });
    await setBookingStatus(booking.id, 'approved');
    await markCheckedIn(booking.id);
    const id = await profileIdOf(booking.id);
    await patchGuest(id, {
      nationality: 'IN',
      documentType: 'passport',
      documentNumber: 'Z1234567',
      dateOfBirth: '1990-05-01',
    });
    const notYet = await book({
      fullName: 'Not Checked In',
      checkInDate: today,
      checkOutDate: addDays(today, 1),
    });

    const res = await call(`/api/admin/registrations?date=${today}`, { cookie: staff });
    expect(res.status).toBe(200);
    const { registrations } = await json<{ registrations: Record<string, unknown>[] }>(res);
    const row = registrations.find((r) => r.bookingId === booking.id);
    expect(row).toMatchObject({
      nationality: 'IN',
      documentType: 'passport',
      documentNumber: 'Z1234567',
      dateOfBirth: '1990-05-01',
      arrival: today,
      departure: addDays(today, 2),
    });
    expect(registrations.some((r) => r.bookingId === notYet.id)).toBe(false);

    const csv = await call(`/api/admin/registrations?date=${today}&format=csv`, { cookie: staff });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toContain(`registrations-${today}.csv`);
    const text = await csv.text();
    expect(text).toContain('fullName,nationality,documentType,documentNumber,dateOfBirth');
    expect(text).toContain(`"'=HYPERLINK(""http://evil"")",IN,passport,Z1234567,1990-05-01`);
    expect(text).not.toMatch(/(^|,)=HYPERLINK/m);
    // The reference as every screen and paper shows it ("K7M-Q4PX"), not as it is stored.
    expect(text).toContain(formatBookingReference(booking.reference));
    expect(text).not.toContain(`,${booking.reference}`);
  });

  it('refuses impossible, future and expired days, and unknown formats', async () => {
    for (const q of ['date=2027-02-30', 'date=yesterday', '', `date=${hotelToday()}&format=xlsx`]) {
      expect((await call(`/api/admin/registrations?${q}`, { cookie: staff })).status, q).toBe(400);
    }
    for (const date of [addDays(hotelToday(), 1), addDays(hotelToday(), -366)]) {
      const res = await call(`/api/admin/registrations?date=${date}`, { cookie: staff, lang: 'ar' });
      expect(res.status, date).toBe(422);
      expect((await json<{ error: { code: string } }>(res)).error.code).toBe(
        'registration_date_out_of_range',
      );
    }
  });

  it('the daily job clears registration data a period after the last departure, and keeps newer', async () => {
    const old = await book({ fullName: 'Old Guest' });
    const recent = await book({ fullName: 'Recent Guest' });
    const oldId = await profileIdOf(old.id);
    const recentId = await profileIdOf(recent.id);
    for (const id of [oldId, recentId]) {
      await patchGuest(id, {
        nationality: 'OM',
        documentType: 'passport',
        documentNumber: 'A7654321',
        vip: true,
      });
    }
    // Each stay's other adult (docs/decisions/093): cleared with the stay that left before the period.
    for (const b of [old, recent]) {
      const put = await call(`/api/admin/registrations/${b.id}/companions`, {
        method: 'PUT',
        cookie: staff,
        json: {
          companions: [
            {
              fullName: 'Companion',
              nationality: 'IN',
              documentType: 'passport',
              documentNumber: 'K1234567',
              dateOfBirth: null,
            },
          ],
        },
      });
      expect(put.status, await put.clone().text()).toBe(200);
    }
    await env.DB.prepare('update guest_profiles set last_stay_date = ? where id = ?')
      .bind(addDays(hotelToday(), -400), oldId)
      .run();
    await env.DB.prepare('update booking_submissions set check_in_date = ?, check_out_date = ? where id = ?')
      .bind(addDays(hotelToday(), -402), addDays(hotelToday(), -400), old.id)
      .run();
    await cleanUp(env);
    const companions = await env.DB.prepare(
      'select booking_id as bookingId from stay_companions where booking_id in (?, ?)',
    )
      .bind(old.id, recent.id)
      .all<{ bookingId: number }>();
    expect(companions.results.map((c) => c.bookingId)).toEqual([recent.id]);
    const rows = await env.DB.prepare(
      'select id, nationality, document_number, vip from guest_profiles where id in (?, ?)',
    )
      .bind(oldId, recentId)
      .all<{ id: number; nationality: string | null; document_number: string | null; vip: number }>();
    const byId = new Map(rows.results.map((r) => [r.id, r]));
    expect(byId.get(oldId)).toMatchObject({ nationality: null, document_number: null, vip: 1 });
    expect(byId.get(recentId)).toMatchObject({ nationality: 'OM', document_number: 'A7654321' });
    const audit = await env.DB.prepare(
      "select count(*) as n from audit_log where entity_type = 'guest_profile' and entity_id = ? and (after like '%A7654321%' or after like '%OM%')",
    )
      .bind(String(oldId))
      .first<{ n: number }>();
    expect(audit!.n).toBe(0);
  });
});

describe("a guest's own details", () => {
  it('a signed-in guest reads and corrects their own profile, and sees nobody else’s', async () => {
    const { cookie } = await signUp('Aisha Al Farsi');
    expect(await json(await call('/api/account/guest-profile', { cookie }))).toMatchObject({
      profile: { nationality: null },
    });
    const res = await call('/api/account/guest-profile', {
      method: 'PATCH',
      cookie,
      json: { nationality: 'AE', documentType: 'resident_card', documentNumber: '784-1990-1234567-1' },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const mine = await book({}, { cookie });
    const { profile } = await json<{ profile: Profile }>(await getGuest(await profileIdOf(mine.id)));
    expect(profile).toMatchObject({ nationality: 'AE', documentNumber: '784-1990-1234567-1' });
    expect(
      (await call('/api/account/guest-profile', { method: 'PATCH', json: { nationality: 'AE' } })).status,
    ).toBe(401);
  });

  it("a booking's owner gives the details for check-in; another guest gets 404", async () => {
    const { cookie } = await signUp('Owner Guest');
    const booking = await book({}, { cookie });
    const put = (c: string | undefined, body: unknown) =>
      call(`/api/booking-submissions/${booking.id}/guest-details`, { method: 'PUT', cookie: c, json: body });
    expect((await put(cookie, { nationality: 'OM', dateOfBirth: '1992-07-07' })).status).toBe(200);
    expect(
      await json(await call(`/api/booking-submissions/${booking.id}/guest-details`, { cookie })),
    ).toMatchObject({
      profile: { nationality: 'OM', dateOfBirth: '1992-07-07' },
    });
    const { cookie: stranger } = await signUp('Stranger Guest');
    expect((await put(stranger, { nationality: 'US' })).status).toBe(404);
    expect(
      (await call(`/api/booking-submissions/${booking.id}/guest-details`, { cookie: stranger })).status,
    ).toBe(404);
    expect((await put(undefined, { nationality: 'US' })).status).toBe(404);
  });
});

describe("a booking staff make on the guest's form", () => {
  it("joins its phone's profile, not the staff member's own", async () => {
    const phone = uniquePhone();
    const made = await book({ phoneNumber: phone, fullName: 'Walk In Guest' }, { cookie: staff });
    const again = await book({ phoneNumber: phone, fullName: 'Walk In Guest' });
    const id = await profileIdOf(made.id);
    expect(await profileIdOf(again.id)).toBe(id);
    const { profile } = await json<{ profile: Profile & { hasAccount: boolean; email: string | null } }>(
      await getGuest(id),
    );
    expect(profile).toMatchObject({ fullName: 'Walk In Guest', hasAccount: false });
    expect(profile.email).not.toBe('staff@example.com');
  });
});

describe('a profile without an account (one phone, anyone may book with it)', () => {
  /** An anonymous booking with `phoneNumber`, and the cookie that grants it to the device that made it. */
  async function bookOnDevice(phoneNumber: string, fullName: string) {
    const res = await postBooking(bookingRequest({ phoneNumber, fullName }));
    expect(res.status, await res.clone().text()).toBe(201);
    const grant = res.headers.getSetCookie().find((c) => c.startsWith('booking_grants='));
    expect(grant).toBeDefined();
    const { booking } = await json<{ booking: { id: number } }>(res);
    return { id: booking.id, cookie: grant!.split(';')[0]! };
  }
  const details = (b: { id: number; cookie: string }) =>
    call(`/api/booking-submissions/${b.id}/guest-details`, { cookie: b.cookie });
  const give = (b: { id: number; cookie: string }, body: unknown) =>
    call(`/api/booking-submissions/${b.id}/guest-details`, { method: 'PUT', cookie: b.cookie, json: body });

  it("booking with another guest's phone shows none of their details and replaces none", async () => {
    const phone = uniquePhone();
    const owner = await bookOnDevice(phone, 'Salma Al Rawahi');
    const mine = {
      nationality: 'OM',
      dateOfBirth: '1990-01-02',
      documentType: 'passport',
      documentNumber: 'P1234567',
    };
    expect((await give(owner, mine)).status).toBe(200);
    expect(await json(await details(owner))).toMatchObject({ profile: mine });

    // Someone else books with Salma's number: the same profile, none of her details.
    const other = await bookOnDevice(phone, 'Someone Else');
    expect(await profileIdOf(other.id)).toBe(await profileIdOf(owner.id));
    expect(await json(await details(other))).toEqual({
      profile: {
        nationality: null,
        dateOfBirth: null,
        documentType: null,
        documentNumber: null,
        documentExpiry: null,
      },
    });
    const theirs = {
      nationality: 'US',
      documentType: 'passport',
      documentNumber: 'X9999999',
      documentExpiry: '2030-01-01',
    };
    const answer = await json<{ profile: Record<string, unknown> }>(await give(other, theirs));
    expect(answer.profile).toMatchObject(theirs);
    expect(JSON.stringify(answer)).not.toContain('P1234567');

    // Her details on file are unchanged; the staff see them.
    const { profile } = await json<{ profile: Profile }>(await getGuest(await profileIdOf(owner.id)));
    expect(profile).toMatchObject({
      nationality: 'OM',
      documentNumber: 'P1234567',
      dateOfBirth: '1990-01-02',
    });
    // And through her own booking she no longer reads them either (it is shared now).
    expect(JSON.stringify(await json(await details(owner)))).not.toContain('P1234567');
  });
});

describe('the front desk', () => {
  it("shows an arrival's earlier stays, VIP and do-not-rent from the profile", async () => {
    const phone = uniquePhone();
    const today = hotelToday();
    const earlier = await book({ phoneNumber: phone, fullName: 'Returning Guest' });
    await setBookingStatus(earlier.id, 'approved');
    await markCheckedIn(earlier.id, Date.now() - 400 * 24 * 60 * 60_000);
    const arrival = await book({
      phoneNumber: phone,
      fullName: 'Returning Guest',
      checkInDate: today,
      checkOutDate: addDays(today, 1),
    });
    await setBookingStatus(arrival.id, 'approved');
    const newcomer = await book({
      fullName: 'First Timer',
      checkInDate: today,
      checkOutDate: addDays(today, 1),
    });
    await setBookingStatus(newcomer.id, 'approved');
    await patchGuest(await profileIdOf(arrival.id), { vip: true, doNotRent: true });
    const day = await json<{ arrivals: { id: number; guest: unknown }[] }>(
      await call(`/api/front-desk?date=${today}`, { cookie: staff }),
    );
    expect(day.arrivals.find((a) => a.id === arrival.id)?.guest).toMatchObject({
      previousStays: 1,
      vip: true,
      doNotRent: true,
    });
    expect(day.arrivals.find((a) => a.id === newcomer.id)?.guest).toMatchObject({
      previousStays: 0,
      vip: false,
      doNotRent: false,
    });
  });
});

describe('personal data', () => {
  it("the account's export holds its profile; erasing the account removes it and what the audit lines copied", async () => {
    const { cookie, password } = await signUp('Erase Me Guest');
    await call('/api/account/guest-profile', {
      method: 'PATCH',
      cookie,
      json: { nationality: 'GB', documentType: 'passport', documentNumber: 'GB123456' },
    });
    const booking = await book({}, { cookie });
    const id = await profileIdOf(booking.id);
    await patchGuest(id, { notes: 'Allergic to nuts' });
    const exported = await json<{ guestProfile: { nationality: string; notes: string } }>(
      await call('/api/account/export', { cookie }),
    );
    expect(exported.guestProfile).toMatchObject({ nationality: 'GB', notes: 'Allergic to nuts' });
    await setBookingStatus(booking.id, 'cancelled');
    const erased = await call('/api/account', { method: 'DELETE', cookie, json: { password } });
    expect(erased.status, await erased.clone().text()).toBe(200);
    expect((await getGuest(id)).status).toBe(404);
    const left = await env.DB.prepare(
      "select count(*) as n from audit_log where entity_type = 'guest_profile' and entity_id = ? and (before like '%GB123456%' or after like '%GB123456%' or after like '%nuts%')",
    )
      .bind(String(id))
      .first<{ n: number }>();
    expect(left!.n).toBe(0);
    const row = await env.DB.prepare('select profile_id from booking_submissions where id = ?')
      .bind(booking.id)
      .first<{ profile_id: number | null }>();
    expect(row!.profile_id).toBeNull();
  });
});
