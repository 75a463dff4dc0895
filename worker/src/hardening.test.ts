import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { describe, expect, it } from 'vitest';
import { PENDING_CAPS } from '@shared/constants';
import { addDays, hotelToday } from '@shared/dates';
import { expireStalePending } from './modules/bookings/booking-status';
import { hashPassword } from './modules/accounts/passwords';
import { bookingRequest, json } from '@worker-test/builders';
import { call, entryCall, latestCode, logIn, sessionCookie, signUp, uniqueEmail } from '@worker-test/helpers';

/**
 * Every hole an outside probe found, each checked over the worker's real
 * HTTP surface with real D1 and R2. Each of these failed on the code before the fix.
 */
type Booking = { id: number; status: string; userEmail: string | null; holdExpiresAt: string | null };

let phoneSeq = 93_000_000;
const nextPhone = () => String((phoneSeq += 1));
let addressSeq = 0;
const nextAddress = () => `10.10.${Math.floor((addressSeq += 1) / 250)}.${addressSeq % 250}`;
let dayOffset = 400;
function stay(nights = 2) {
  const checkInDate = addDays(hotelToday(), (dayOffset += nights + 1));
  return { checkInDate, checkOutDate: addDays(checkInDate, nights) };
}
const bookingBody = (over: Record<string, unknown> = {}) =>
  bookingRequest(
    {
      fullName: 'Fatma Al Siyabi',
      phoneNumber: nextPhone(),
      idNumber: '87654321',
      roomType: 'silver',
      ...over,
    },
    stay,
  );
function book(
  body: Record<string, unknown>,
  opts: { cookie?: string; address?: string; lang?: 'ar' | 'en' } = {},
) {
  return call('/api/booking-submissions', {
    method: 'POST',
    json: body,
    cookie: opts.cookie,
    lang: opts.lang,
    headers: { 'cf-connecting-ip': opts.address ?? nextAddress() },
  });
}
const login = (email: string, password: string, address: string) =>
  call('/api/auth/login', {
    method: 'POST',
    json: { email, password },
    headers: { 'cf-connecting-ip': address },
  });

describe('accounts', () => {
  it('1. registering again before verification changes nothing: the first password is the one that works', async () => {
    const email = uniqueEmail('owner');
    const first = await call('/api/auth/register', {
      method: 'POST',
      json: { fullName: 'The Owner', email, password: 'owner-first-pass' },
    });
    expect(first.status).toBe(201);
    const code = await latestCode(email);
    const again = await call('/api/auth/register', {
      method: 'POST',
      json: { fullName: 'An Attacker', email, password: 'attacker-pass-1' },
    });
    // The same answer as a first registration: nothing tells the caller the address is taken.
    expect(again.status).toBe(201);
    const verified = await call('/api/auth/verify-email', {
      method: 'POST',
      json: { email, verificationCode: code },
    });
    expect(verified.status).toBe(200);
    expect(await json(verified)).toMatchObject({ user: { fullName: 'The Owner' } });
    expect((await logIn(email, 'attacker-pass-1')).res.status).toBe(401);
    expect((await logIn(email, 'owner-first-pass')).res.status).toBe(200);
  });

  it('2. a forgotten password is reset with an e-mailed code, which ends every other session', async () => {
    const { email, cookie: oldSession } = await signUp('Reset Me', uniqueEmail('reset'), 'first-long-pass');
    const unknown = await call('/api/auth/forgot-password', {
      method: 'POST',
      json: { email: uniqueEmail('nobody') },
      lang: 'en',
    });
    const known = await call('/api/auth/forgot-password', { method: 'POST', json: { email }, lang: 'en' });
    // The same answer whether or not the address has an account.
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await json(known)).toEqual(await json(unknown));
    // Resends are throttled like verification codes.
    expect((await call('/api/auth/forgot-password', { method: 'POST', json: { email } })).status).toBe(429);

    const code = await latestCode(email);
    const reset = (body: Record<string, unknown>, lang: 'ar' | 'en' = 'en') =>
      call('/api/auth/reset-password', { method: 'POST', json: { email, ...body }, lang });
    const weak = await reset({ code, password: 'password1' }, 'ar');
    expect(weak.status).toBe(400);
    expect(await json(weak)).toMatchObject({
      error: { fields: { password: 'كلمة المرور هذه شائعة جداً ويسهل تخمينها، يرجى اختيار كلمة أخرى' } },
    });
    const wrongCode = code === '000000' ? '111111' : '000000';
    expect((await reset({ code: wrongCode, password: 'a-new-long-pass' })).status).toBe(400);
    const done = await reset({
      code: code.replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]!),
      password: 'a-new-long-pass',
    });
    expect(done.status).toBe(200);
    const newSession = sessionCookie(done);
    expect((await call('/api/auth/me', { cookie: newSession })).status).toBe(200);
    expect((await call('/api/auth/me', { cookie: oldSession })).status).toBe(401);
    // Single use.
    expect((await reset({ code, password: 'another-long-pass' })).status).toBe(400);
    expect((await logIn(email, 'first-long-pass')).res.status).toBe(401);
    expect((await logIn(email, 'a-new-long-pass')).res.status).toBe(200);
  });

  it('2. a reset code dies after 5 wrong tries', async () => {
    const { email } = await signUp('Five Tries', uniqueEmail('tries'), 'first-long-pass');
    await call('/api/auth/forgot-password', { method: 'POST', json: { email } });
    const code = await latestCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      await call('/api/auth/reset-password', {
        method: 'POST',
        json: { email, code: wrong, password: 'a-new-long-pass' },
      });
    }
    const late = await call('/api/auth/reset-password', {
      method: 'POST',
      json: { email, code, password: 'a-new-long-pass' },
    });
    expect(late.status).toBe(400);
    expect((await logIn(email, 'first-long-pass')).res.status).toBe(200);
  });

  it('3. failures from one address do not lock the owner out from another, until the account ceiling', async () => {
    const { email, password } = await signUp('Lock Target', uniqueEmail('lock'), 'target-long-pass');
    const attacker = nextAddress();
    for (let i = 0; i < 10; i++) expect((await login(email, 'wrong-password', attacker)).status).toBe(401);
    expect((await login(email, password, attacker)).status).toBe(429);
    const owner = nextAddress();
    expect((await login(email, password, owner)).status).toBe(200);

    // 50 failures an hour across addresses: then the account itself waits. Four more
    // addresses fail at once (each login hashes a password: 52 of them took 8 s on a
    // busy 2-core machine, past vitest's 5 s default; hence also the longer timeout).
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        const address = nextAddress();
        for (let i = 0; i < 10; i++) await login(email, 'wrong-password', address);
      }),
    );
    const ceiling = await login(email, password, nextAddress());
    expect(ceiling.status).toBe(429);
    expect(Number(ceiling.headers.get('retry-after'))).toBeGreaterThan(0);
  }, 30_000);

  it('4. new passwords: 8+ characters, not only spaces, not the e-mail, not common; staff 12+', async () => {
    const register = (password: string, email = uniqueEmail('policy')) =>
      call('/api/auth/register', {
        method: 'POST',
        json: { fullName: 'Policy', email, password },
        lang: 'en',
      });
    const field = async (res: Response) =>
      (await json<{ error: { fields: Record<string, string> } }>(res)).error.fields.password;
    expect(await field(await register('123456'))).toBe('Password must be at least 8 characters');
    expect(await field(await register(' '.repeat(8)))).toBe('Password must be at least 8 characters');
    expect(await field(await register('12345678'))).toBe(
      'This password is too common and easy to guess. Please choose another.',
    );
    const email = uniqueEmail('samepass');
    expect(await field(await register(email, email))).toBe('The password cannot be your e-mail address');
    expect((await register('a-sound-passphrase')).status).toBe(201);

    const admin = await logIn('admin@example.com', 'change-me-admin');
    const staff = await call('/api/admin/staff', {
      method: 'POST',
      cookie: admin.cookie,
      lang: 'en',
      json: { fullName: 'Short Pass', email: uniqueEmail('staff'), password: 'eleven-char' },
    });
    expect(staff.status).toBe(400);
    expect(await field(staff)).toBe('Staff passwords must be at least 12 characters');

    // An existing account with an old short password keeps signing in.
    const oldEmail = uniqueEmail('old');
    await env.DB.prepare(
      `insert into users (full_name, email, password_hash, role, is_verified) values ('Old', ?, ?, 'guest', 1)`,
    )
      .bind(oldEmail, await hashPassword('123456', env.PASSWORD_PEPPER))
      .run();
    expect((await logIn(oldEmail, '123456')).res.status).toBe(200);
  });

  it('5. verify-email answers unknown and verified addresses the same way', async () => {
    const { email } = await signUp();
    const verified = await call('/api/auth/verify-email', {
      method: 'POST',
      json: { email, verificationCode: '123456' },
    });
    const unknown = await call('/api/auth/verify-email', {
      method: 'POST',
      json: { email: uniqueEmail('ghost'), verificationCode: '123456' },
    });
    expect(verified.status).toBe(unknown.status);
    const [a, b] = [
      await json<{ error: { code: string } }>(verified),
      await json<{ error: { code: string } }>(unknown),
    ];
    expect(a.error.code).toBe(b.error.code);
  });
});

describe('bookings', () => {
  it('6. impossible dates are refused with 400 in the request language, never read as another day', async () => {
    for (const [checkInDate, checkOutDate] of [
      ['2027-04-31', '2027-05-02'],
      ['2027-13-01', '2027-13-03'],
      ['2027-00-10', '2027-00-12'],
      ['2100-01-01', '2100-01-02'],
      ['2027-02-29', '2027-03-01'],
    ]) {
      const res = await book(bookingBody({ checkInDate, checkOutDate }), { lang: 'en' });
      expect(res.status, checkInDate).toBe(400);
      expect(await json(res)).toMatchObject({
        error: { fields: { checkInDate: 'Invalid date (YYYY-MM-DD)' } },
      });
    }
    const ar = await book(bookingBody({ checkInDate: '2027-04-31', checkOutDate: '2027-05-02' }), {
      lang: 'ar',
    });
    expect(await json(ar)).toMatchObject({
      error: { fields: { checkInDate: 'التاريخ غير صالح (YYYY-MM-DD)' } },
    });
    // A real leap day is a date.
    expect((await book(bookingBody({ checkInDate: '2028-02-29', checkOutDate: '2028-03-01' }))).status).toBe(
      201,
    );
    for (const query of ['from=2027-02-30&to=2027-03-02', 'from=2027-13-01&to=2027-13-02']) {
      expect((await call(`/api/room-inventory?${query}`)).status).toBe(400);
    }
    const staff = await logIn('staff@example.com', 'change-me-staff');
    const vip = await call('/api/vip-beneficiaries', {
      method: 'POST',
      cookie: staff.cookie,
      json: {
        fullName: 'VIP Guest',
        phoneNumber: nextPhone(),
        civilId: '1234567',
        cardType: 'gold',
        startDate: '9999-99-99',
      },
    });
    expect(vip.status).toBe(400);
    const guest = await signUp();
    const freeNight = await call('/api/points/free-night', {
      method: 'POST',
      cookie: guest.cookie,
      json: bookingBody({ checkInDate: '2027-06-31', checkOutDate: '2027-07-01' }),
    });
    expect(freeNight.status).toBe(400);
  });

  it('7. a 30-night stay books, with all 30 nights held', async () => {
    const res = await book(bookingBody({ ...stay(30), roomType: 'diamond' }));
    expect(res.status).toBe(201);
    const { booking } = await json<{ booking: Booking }>(res);
    const held = await env.DB.prepare('select count(*) as n from booking_nights where booking_id = ?')
      .bind(booking.id)
      .first<{ n: number }>();
    expect(held?.n).toBe(30);
  });

  it('8. staff search takes any text up to 100 characters, Arabic included, and Arabic-Indic digits', async () => {
    const staff = await logIn('staff@example.com', 'change-me-staff');
    const name = 'عبدالرحمن بن سالم بن حمد بن خلفان البوسعيدي';
    const phoneNumber = nextPhone();
    const res = await book(bookingBody({ fullName: name, phoneNumber }));
    expect(res.status).toBe(201);
    const search = (q: string) =>
      call(`/api/booking-submissions?q=${encodeURIComponent(q)}`, { cookie: staff.cookie });
    const long = await search(name);
    expect(long.status).toBe(200);
    expect((await json<Booking[]>(long)).length).toBeGreaterThan(0);
    const arabicDigits = phoneNumber.replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]!);
    const byPhone = await json<{ phoneNumber: string }[]>(await search(arabicDigits));
    // Stored in full: an eight-digit number is Omani (968 before it).
    expect(byPhone.map((b) => b.phoneNumber)).toContain(`968${phoneNumber}`);
    // Digits inside a name are not a phone search: "Walk-in <4 digits of that phone>" finds
    // no booking by its phone.
    const nameWithDigits = await json<{ phoneNumber: string }[]>(
      await search(`Walk-in ${phoneNumber.slice(-4)}`),
    );
    expect(nameWithDigits.map((b) => b.phoneNumber)).not.toContain(`968${phoneNumber}`);
    expect((await search('x'.repeat(100))).status).toBe(200);
    expect((await search('x'.repeat(101))).status).toBe(400);
  });

  it('9. pending requests are capped per phone and per address, and desk bookings are not', async () => {
    const phoneNumber = nextPhone();
    for (let i = 0; i < PENDING_CAPS.perPhone; i++) {
      expect((await book(bookingBody({ phoneNumber }))).status).toBe(201);
    }
    const capped = await book(bookingBody({ phoneNumber }), { lang: 'en' });
    expect(capped.status).toBe(409);
    expect(await json(capped)).toMatchObject({ error: { code: 'pending_cap_phone' } });

    const address = nextAddress();
    for (let i = 0; i < PENDING_CAPS.perClientAddress; i++) {
      expect((await book(bookingBody(), { address })).status).toBe(201);
    }
    const busy = await book(bookingBody(), { address, lang: 'ar' });
    expect(busy.status).toBe(429);
    expect(await json(busy)).toMatchObject({ error: { code: 'pending_cap_address' } });

    const staff = await logIn('staff@example.com', 'change-me-staff');
    const desk = await book(bookingBody({ phoneNumber, bookingType: 'quick_management' }), {
      cookie: staff.cookie,
      address,
    });
    expect(desk.status).toBe(201);
  });

  it('9. a request left pending past the hold time releases its nights and tells its guest', async () => {
    const guest = await signUp();
    const res = await book(bookingBody({ roomType: 'gold' }), { cookie: guest.cookie });
    const { booking } = await json<{ booking: Booking }>(res);
    expect(new Date(booking.holdExpiresAt!).getTime()).toBeGreaterThan(Date.now() + 47 * 3600_000);
    const fresh = await json<{ booking: Booking }>(await book(bookingBody({ roomType: 'gold' })));
    // Created 49 hours ago.
    await env.DB.prepare('update booking_submissions set created_at = ? where id = ?')
      .bind(Date.now() - 49 * 3600_000, booking.id)
      .run();
    const { expired } = await expireStalePending(drizzle(env.DB), 48 * 3600_000);
    expect(expired).toBeGreaterThanOrEqual(1);
    const rows = await env.DB.prepare(
      'select id, status, status_reason, (select count(*) from booking_nights where booking_id = b.id) as nights from booking_submissions b where id in (?, ?)',
    )
      .bind(booking.id, fresh.booking.id)
      .all<{ id: number; status: string; status_reason: string; nights: number }>();
    const byId = Object.fromEntries(rows.results.map((r) => [r.id, r]));
    expect(byId[booking.id]).toMatchObject({ status: 'cancelled', status_reason: 'expired', nights: 0 });
    expect(byId[fresh.booking.id]).toMatchObject({ status: 'pending', nights: 2 });
    const { items: mine } = await json<{ items: { type: string; bookingId: number }[] }>(
      await call('/api/notifications/mine', { cookie: guest.cookie }),
    );
    expect(mine).toContainEqual(expect.objectContaining({ type: 'booking_expired', bookingId: booking.id }));
  });

  it('10. only staff make desk bookings; a booking belongs to the session, never to an e-mail in the body', async () => {
    const victim = uniqueEmail('victim');
    const anonymous = await json<{ booking: Booking }>(
      await book(bookingBody({ bookingType: 'quick_management', email: victim, userEmail: victim })),
    );
    expect(anonymous.booking.userEmail).toBeNull();
    const guest = await signUp();
    const own = await json<{ booking: Booking }>(
      await book(bookingBody({ bookingType: 'quick_management', email: victim }), { cookie: guest.cookie }),
    );
    expect(own.booking.userEmail).toBe(guest.email);
    const staff = await logIn('staff@example.com', 'change-me-staff');
    const desk = await json<{ booking: Booking }>(
      await book(bookingBody({ bookingType: 'quick_management', email: victim }), { cookie: staff.cookie }),
    );
    expect(desk.booking.userEmail).toBe(victim);
  });

  it('11. numbers must be exactly numbers: null, hex and padded ids are refused', async () => {
    const staff = await logIn('staff@example.com', 'change-me-staff');
    const put = (body: unknown) =>
      call('/api/room-inventory/silver', { method: 'PUT', cookie: staff.cookie, json: body });
    expect((await put({ availableCount: null })).status).toBe(400);
    expect((await put({ availableCount: '0x10' })).status).toBe(400);
    expect((await put({ availableCount: true })).status).toBe(400);
    expect((await put({ availableCount: 1.5 })).status).toBe(400);
    // Typed by a person in Arabic-Indic digits: accepted.
    expect((await put({ availableCount: '٣' })).status).toBe(200);
    for (const id of ['0x10', '%201', '1e1', '-1', '01']) {
      const res = await call(`/api/booking-submissions/${id}/status`, {
        method: 'PATCH',
        cookie: staff.cookie,
        json: { status: 'approved' },
      });
      expect(res.status, id).toBe(400);
    }
    expect((await book(bookingBody({ numberOfGuests: null }))).status).toBe(400);
    expect((await book(bookingBody({ roomNumber: '0x2' }))).status).toBe(400);
    const admin = await logIn('admin@example.com', 'change-me-admin');
    for (const limit of ['0x10', '%2010', '1e2', '0']) {
      const res = await call(`/api/admin/audit-log?limit=${limit}`, { cookie: admin.cookie, lang: 'en' });
      expect(res.status, limit).toBe(400);
    }
    expect((await call('/api/admin/audit-log?limit=16', { cookie: admin.cookie })).status).toBe(200);
  });
});

describe('data and transport', () => {
  it('12. a guest reads notifications about their own bookings only, never by phone match', async () => {
    const staff = await logIn('staff@example.com', 'change-me-staff');
    const victim = await signUp();
    const attacker = await signUp();
    const phoneNumber = nextPhone();
    const victimBooking = await json<{ booking: Booking }>(
      await book(bookingBody({ phoneNumber }), { cookie: victim.cookie }),
    );
    await call(`/api/booking-submissions/${victimBooking.booking.id}/status`, {
      method: 'PATCH',
      cookie: staff.cookie,
      json: { status: 'approved' },
    });
    // The attacker types the victim's phone into a booking of their own.
    const attackerBooking = await json<{ booking: Booking }>(
      await book(bookingBody({ phoneNumber }), { cookie: attacker.cookie }),
    );
    const mine = async (cookie: string) =>
      (
        await json<{ items: { bookingId: number | null }[] }>(
          await call('/api/notifications/mine', { cookie }),
        )
      ).items;
    // First the leak itself (the old code answered the victim's approval here)...
    expect(await mine(attacker.cookie)).toEqual([]);
    // ...then the victim still reads it, linked to the booking.
    expect((await mine(victim.cookie)).map((n) => n.bookingId)).toContain(victimBooking.booking.id);
    await call(`/api/booking-submissions/${attackerBooking.booking.id}/status`, {
      method: 'PATCH',
      cookie: staff.cookie,
      json: { status: 'cancelled', reason: 'test' },
    });
    expect((await mine(attacker.cookie)).map((n) => n.bookingId)).toEqual([attackerBooking.booking.id]);
  });

  it('13. bodies past the limit are refused with 413 before parsing', async () => {
    const big = JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(10 * 1024 * 1024) });
    const res = await call('/api/auth/login', {
      method: 'POST',
      body: big,
      headers: { 'content-type': 'application/json' },
      lang: 'en',
    });
    expect(res.status).toBe(413);
    expect(await json(res)).toMatchObject({
      error: { code: 'payload_too_large', message: 'The request is too large' },
    });
    const justOver = await call('/api/booking-submissions', {
      method: 'POST',
      body: JSON.stringify({ ...bookingBody(), fullName: 'x'.repeat(70 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(justOver.status).toBe(413);
    // The spec's inline-image entry shape: room for three 5 MB images (about 20 MB of
    // base64), not the 67 MB of ten, which a Worker's 128 MB could not parse and decode.
    const inline = await call('/api/photography-submissions', {
      method: 'POST',
      body: JSON.stringify({ participantPhone: nextPhone(), photoUrls: ['x'.repeat(21 * 1024 * 1024)] }),
      headers: { 'content-type': 'application/json' },
      lang: 'en',
    });
    expect(inline.status).toBe(413);
    expect(await json(inline)).toMatchObject({ error: { code: 'payload_too_large' } });
  });

  it('14. images keep their own strict CSP; no X-Frame-Options; staff answers are not cached', async () => {
    const png = Uint8Array.from(
      atob(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      ),
      (ch) => ch.charCodeAt(0),
    );
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const id = crypto.randomUUID();
      await call(`/api/event-uploads/${id}?eventType=photography`, { method: 'PUT', body: png });
      ids.push(id);
    }
    const entry = await entryCall('/api/photography-submissions', {
      method: 'POST',
      json: { participantPhone: nextPhone(), uploadIds: ids },
    });
    expect(entry.status).toBe(201);
    const staff = await logIn('staff@example.com', 'change-me-staff');
    const list = await json<{ images: { url: string }[] }[]>(
      await call('/api/photography-submissions', { cookie: staff.cookie }),
    );
    const image = await call(list[0]!.images[0]!.url, { cookie: staff.cookie });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-security-policy')).toMatch(/^default-src 'none'/);
    expect(image.headers.get('x-frame-options')).toBeNull();

    const page = await call('/api/health');
    expect(page.headers.get('x-frame-options')).toBeNull();
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const admin = await logIn('admin@example.com', 'change-me-admin');
    for (const path of ['/api/admin/staff', '/api/vip-beneficiaries', '/api/admin/audit-log']) {
      const res = await call(path, { cookie: admin.cookie });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toContain('no-store');
    }
  });

  it("15. only the back office's worker scripts may compile WebAssembly; every page keeps the strict CSP", async () => {
    // The photo manager's AVIF encoder (docs/decisions/040-avif-on-the-device.md): a dedicated
    // worker runs under its own script's CSP, so only that answer carries 'wasm-unsafe-eval'.
    const scriptSrc = (res: Response) =>
      /(?:^|; )script-src ([^;]*)/.exec(res.headers.get('content-security-policy') ?? '')?.[1];
    for (const path of [
      '/assets/admin-avif-encoder.worker-B4ln8RGP.js',
      '/assets/admin-avif-encoder.worker-Ab_12-c-e2e7.js',
    ]) {
      expect(scriptSrc(await call(path)), path).toBe("'self' 'wasm-unsafe-eval'");
    }
    // A page may add its own inline scripts (the landing's first script, its signed-in header's and
    // its rooms' drawn before the app; elsewhere the first requests, the screen's code named), by
    // their hashes only.
    for (const path of ['/', '/admin/inventory', '/admin/settings']) {
      expect(scriptSrc(await call(path)), path).toMatch(/^'self'( 'sha256-[\w+/=]+'){0,3}$/);
    }
    for (const path of [
      '/assets/admin-photo-manager-BfM_-dAo.js',
      '/assets/index-BSL3dCSY.js',
      '/assets/avif-encoder.worker-B4ln8RGP.js',
      '/assets/admin-avif-encoder.worker-B4ln8RGP.js/x',
      '/media/admin-avif-encoder.worker-B4ln8RGP.js',
      '/api/health',
    ]) {
      expect(scriptSrc(await call(path)), path).toBe("'self'");
    }
  });
});
