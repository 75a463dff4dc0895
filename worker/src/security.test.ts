import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_MEGAPIXELS } from '@shared/constants';
import { addDays, hotelToday } from '@shared/dates';
import { toCsv } from './platform/csv';
import { call, entryCall, latestCode, logIn, signUp, uniqueEmail } from '@worker-test/helpers';
import { heifBytes, jpegBytes, pngBytes, webpBytes } from '@worker-test/image-bytes';

/**
 * The outside probe's findings on uploads, registration, CSV exports and HSTS,
 * each over the worker's real HTTP surface with real D1 and R2.
 */
type ErrorBody = { error: { code: string; message: string } };
const json = async <T = ErrorBody>(res: Response) => (await res.json()) as T;
const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

function putUpload(bytes: Uint8Array, lang: 'ar' | 'en' = 'en') {
  return call(`/api/event-uploads/${crypto.randomUUID()}?eventType=photography`, {
    method: 'PUT',
    body: bytes,
    lang,
    // Each its own client address: the upload throttle is per address.
    headers: {
      'cf-connecting-ip': `10.28.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    },
  });
}

function staffPhoto(bytes: Uint8Array, cookie: string) {
  const body = new FormData();
  body.set('w1600', new File([bytes], 'w1600.bin'));
  for (const [k, v] of Object.entries({ width: '1600', height: '1000', altAr: 'غرفة', altEn: 'Room' }))
    body.set(k, v);
  return call('/api/admin/media?ownerKind=room_type&ownerId=silver', {
    method: 'POST',
    body,
    cookie,
    lang: 'en',
  });
}

describe('19. images are refused by their dimensions, read from the header', () => {
  const limit = MAX_IMAGE_MEGAPIXELS * 1_000_000;

  it('a guest upload of a tiny file that declares a huge picture is refused, in every accepted type', async () => {
    const huge: [string, Uint8Array][] = [
      ['PNG 30000 x 30000', pngBytes(30_000, 30_000, 2_000)],
      ['JPEG SOF 65000 x 65000', jpegBytes(65_000, 65_000, 2_000)],
      ['JPEG SOF 8000 x 5001', jpegBytes(8_000, 5_001, 2_000)],
      ['WebP 16000 x 16000', webpBytes(16_000, 16_000, 2_000)],
      ['HEIC 10000 x 10000', heifBytes('heic', 10_000, 10_000, 2_000)],
      ['AVIF 8000 x 6000', heifBytes('avif', 8_000, 6_000, 2_000)],
    ];
    for (const [name, bytes] of huge) {
      const res = await putUpload(bytes);
      expect(res.status, name).toBe(422);
      expect(await json(res), name).toMatchObject({
        error: {
          code: 'image_pixels_too_many',
          message: 'The image is too large in pixels (40 megapixels at most). Please choose a smaller image.',
        },
      });
    }
    const ar = await json(await putUpload(pngBytes(30_000, 30_000), 'ar'));
    expect(ar.error.message).toBe('أبعاد الصورة كبيرة جداً (٤٠ ميغابكسل كحد أقصى)، يرجى اختيار صورة أصغر');
  });

  it('up to the limit is accepted, in every accepted type', async () => {
    expect(8_000 * 5_000).toBe(limit);
    const fine: [string, Uint8Array][] = [
      ['PNG at the limit', pngBytes(8_000, 5_000, 500)],
      ['JPEG', jpegBytes(4_032, 3_024, 500)],
      ['WebP', webpBytes(1_600, 1_200, 500)],
      ['HEIC', heifBytes('heic', 4_032, 3_024, 500)],
      ['AVIF', heifBytes('avif', 2_000, 1_500, 500)],
    ];
    for (const [name, bytes] of fine) expect((await putUpload(bytes)).status, name).toBe(201);
  });

  it('an image whose dimensions cannot be read is refused as not an image', async () => {
    const unreadable: [string, Uint8Array][] = [
      ['JPEG with no frame header', Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, ...new Uint8Array(200)])],
      ['PNG without IHDR', pngBytes(10, 10).map((b, i) => (i >= 12 && i < 16 ? 0x41 : b))],
      [
        'WebP without a VP8 chunk',
        Uint8Array.from([...new TextEncoder().encode('RIFF\0\0\0\0WEBPJUNK'), 1, 2, 3]),
      ],
      ['HEIC without ispe', heifBytes('heic', 1, 1).slice(0, 24)],
      ['PNG of 0 x 10', pngBytes(0, 10)],
    ];
    for (const [name, bytes] of unreadable) {
      const res = await putUpload(bytes);
      expect(res.status, name).toBe(415);
      expect((await json(res)).error.code, name).toBe('image_type_invalid');
    }
  });

  it('an entry carrying its images inline (base64) is checked the same way', async () => {
    const small = toBase64(pngBytes(800, 600));
    const res = await entryCall('/api/photography-submissions', {
      method: 'POST',
      lang: 'en',
      json: {
        participantPhone: `9${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
        photoUrls: [small, small, toBase64(pngBytes(30_000, 30_000))],
      },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect(res.status).toBe(422);
    expect((await json(res)).error.code).toBe('image_pixels_too_many');
  });

  it('staff photos are held to the same limit', async () => {
    const { cookie } = await logIn('staff@example.com', 'change-me-staff');
    const huge = await staffPhoto(webpBytes(16_000, 16_000, 2_000), cookie);
    expect(huge.status).toBe(422);
    expect((await json(huge)).error.code).toBe('image_pixels_too_many');
    const jpeg = await staffPhoto(jpegBytes(30_000, 30_000, 2_000), cookie);
    expect(jpeg.status).toBe(422);
    const unreadable = await staffPhoto(
      Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, ...new Uint8Array(64)]),
      cookie,
    );
    expect(unreadable.status).toBe(415);
    expect((await json(unreadable)).error.code).toBe('media_type_invalid');
    expect((await staffPhoto(webpBytes(1_600, 1_000, 500), cookie)).status).toBe(201);
  });
});

describe('20. registering with an address that has an account says nothing about it', () => {
  const register = (email: string, password = 'another-pass-42', lang: 'ar' | 'en' = 'en') =>
    call('/api/auth/register', { method: 'POST', lang, json: { fullName: 'Someone Else', email, password } });
  const mailbox = async (email: string) =>
    json<{ subject: string; text: string }[]>(await call(`/api/dev/mailbox?to=${encodeURIComponent(email)}`));
  /** A body with the address asked about and the request's id (volatile) taken out. */
  const bodyOf = async (res: Response, email: string) =>
    (await res.text()).replaceAll(email, '<email>').replace(/"requestId":"[^"]*"/, '"requestId":"<id>"');
  /** Status, headers and body, the e-mail address and the volatile request id aside. */
  const shape = async (res: Response, email: string) => {
    const headers = [...res.headers].filter(([name]) => !['x-request-id', 'date'].includes(name));
    return { status: res.status, headers, body: await bodyOf(res, email) };
  };

  it('a verified address gets the answer of a new one, and its owner an e-mail; the account is unchanged', async () => {
    const owner = await signUp('Maryam Al Harthy');
    for (const lang of ['en', 'ar'] as const) {
      // A new address as long as the owner's, so even the length of the answer is the same.
      const newEmail = uniqueEmail();
      const fresh = await shape(await register(newEmail, 'another-pass-42', lang), newEmail);
      const taken = await shape(await register(owner.email, 'another-pass-42', lang), owner.email);
      expect(taken).toEqual(fresh);
      expect(taken.status).toBe(201);
    }
    // A weak password is refused alike, whether or not the address has an account.
    const newEmail = uniqueEmail();
    const weakNew = await shape(await register(newEmail, '123456'), newEmail);
    const weakTaken = await shape(await register(owner.email, '123456'), owner.email);
    expect(weakTaken).toEqual(weakNew);
    expect(weakTaken.status).toBe(400);

    const mails = await mailbox(owner.email);
    const notice = mails[0]!;
    expect(notice.subject).toContain('Someone tried to register with your address');
    expect(notice.text).toContain('Maryam Al Harthy');
    expect(notice.text).toContain('حاول أحدهم إنشاء حساب جديد');
    expect(notice.text).toContain('reset your password');
    expect(notice.text).not.toMatch(/\b\d{6}\b/);
    // The owner's password still works, the other one signs nobody in (it is answered as a new
    // address's unverified account: go and enter the code); still one account.
    expect((await logIn(owner.email, owner.password)).res.status).toBe(200);
    expect((await logIn(owner.email, 'another-pass-42')).res.status).toBe(403);
    expect(
      (await env.DB.prepare('select count(*) as n from users where email = ?')
        .bind(owner.email)
        .first<{ n: number }>())!.n,
    ).toBe(1);
  });

  it('the notice is throttled as codes are (at most one a minute per address)', async () => {
    const owner = await signUp();
    const started = Date.now();
    for (let i = 0; i < 3; i++) expect((await register(owner.email)).status).toBe(201);
    const notices = (await mailbox(owner.email)).filter((m) => m.subject.includes('Someone tried'));
    // The throttle counts per clock minute (platform/rate-limit.ts): three tries that straddle a
    // minute's end may send one notice in each minute (it failed so once on a loaded machine).
    const minutes = Math.floor(Date.now() / 60_000) - Math.floor(started / 60_000) + 1;
    expect(notices.length).toBeGreaterThanOrEqual(1);
    expect(notices.length).toBeLessThanOrEqual(minutes);
  });

  it('what follows (verify-email, resend) answers a verified address as a new one', async () => {
    const owner = await signUp();
    const stranger = uniqueEmail('stranger');
    await register(owner.email);
    await register(stranger);
    for (const [path, body] of [
      ['/api/auth/verify-email', (email: string) => ({ email, verificationCode: '123456' })],
      ['/api/auth/resend-verification', (email: string) => ({ email })],
    ] as const) {
      const a = await call(path, { method: 'POST', json: body(owner.email), lang: 'en' });
      const b = await call(path, { method: 'POST', json: body(stranger), lang: 'en' });
      expect(a.status, path).toBe(b.status);
      expect(await bodyOf(a, owner.email), path).toBe(await bodyOf(b, stranger));
    }
  });
});

describe('20. a login after a failed registration says nothing about the address either', () => {
  const login = (email: string, password: string, lang: 'ar' | 'en') =>
    call('/api/auth/login', {
      method: 'POST',
      lang,
      json: { email, password },
      headers: { 'cf-connecting-ip': '10.28.20.1' },
    });
  const shape = async (res: Response, email: string) => ({
    status: res.status,
    headers: [...res.headers].filter(([name]) => !['x-request-id', 'date'].includes(name)),
    body: (await res.text())
      .replaceAll(email, '<email>')
      .replace(/"requestId":"[^"]*"/, '"requestId":"<id>"'),
  });
  const codes = async (email: string) =>
    (await json<{ text: string }[]>(await call(`/api/dev/mailbox?to=${encodeURIComponent(email)}`))).filter(
      (m) => /\b\d{6}\b/.test(m.text),
    ).length;

  it('the password just registered with answers alike for a new address and one with an account', async () => {
    for (const lang of ['en', 'ar'] as const) {
      const owner = await signUp('Salim Al Rawahi');
      const newEmail = uniqueEmail();
      const tried = `tried-pass-${lang}-42`;
      // The attacker registers both addresses with one password: both answered 201 (item 20).
      for (const email of [newEmail, owner.email])
        expect(
          (
            await call('/api/auth/register', {
              method: 'POST',
              lang,
              json: { fullName: 'Someone Else', email, password: tried },
            })
          ).status,
        ).toBe(201);
      // Then logs in with it: the new (unverified) account and the owner's answer the same, both
      // "go and enter the code" (the owner's account kept the password tried on it).
      const fresh = await shape(await login(newEmail, tried, lang), newEmail);
      const taken = await shape(await login(owner.email, tried, lang), owner.email);
      expect(taken).toEqual(fresh);
      expect(fresh.status).toBe(403);
      expect(JSON.parse(fresh.body)).toMatchObject({ error: { code: 'verify_required' } });
      // A second registration changes neither: its password is a wrong one for both.
      const again = `again-pass-${lang}-42`;
      for (const email of [newEmail, owner.email])
        await call('/api/auth/register', {
          method: 'POST',
          lang,
          json: { fullName: 'Someone Else', email, password: again },
        });
      const freshAgain = await shape(await login(newEmail, again, lang), newEmail);
      expect(await shape(await login(owner.email, again, lang), owner.email)).toEqual(freshAgain);
      expect(freshAgain.status).toBe(401);
      // And a wrong password answers the same for both.
      expect(await shape(await login(newEmail, 'not-the-one-42', lang), newEmail)).toEqual(freshAgain);
      expect(await shape(await login(owner.email, 'not-the-one-42', lang), owner.email)).toEqual(freshAgain);
      // The code screen accepts no code for the owner's account, and the owner still signs in.
      const code = await call('/api/auth/verify-email', {
        method: 'POST',
        lang,
        json: { email: owner.email, verificationCode: '123456' },
      });
      expect(code.status).toBe(400);
      expect((await logIn(owner.email, owner.password)).res.status).toBe(200);
    }
  });

  it('a new guest who logs in before verifying is sent a code and can still finish signing up', async () => {
    const email = uniqueEmail('pending');
    await call('/api/auth/register', {
      method: 'POST',
      json: { fullName: 'Pending Guest', email, password: 'pending-pass-42' },
    });
    await env.DB.prepare('delete from email_codes where user_id = (select id from users where email = ?)')
      .bind(email)
      .run();
    await env.DB.prepare(`delete from rate_limits where key like ?`).bind(`%${email}%`).run();
    const before = await codes(email);
    expect((await login(email, 'pending-pass-42', 'en')).status).toBe(403);
    // The code goes out after the answer (waitUntil): wait for it.
    await expect.poll(() => codes(email)).toBe(before + 1);
    // A wrong password sends nothing.
    expect((await login(email, 'wrong-pass-42', 'en')).status).toBe(401);
    const verified = await call('/api/auth/verify-email', {
      method: 'POST',
      json: { email, verificationCode: await latestCode(email) },
    });
    expect(verified.status).toBe(200);
    expect(await codes(email)).toBe(before + 1);
    expect((await login(email, 'pending-pass-42', 'en')).status).toBe(200);
  });
});

describe('21. CSV cells a spreadsheet could run are escaped', () => {
  const cellOf = (value: string) => toCsv(['v'], [{ v: value }]).split('\r\n')[1]!;

  it('formula characters, full-width ones, and ones behind spaces or invisible characters', () => {
    const escaped = [
      '=1+1',
      '+1',
      '-1',
      '@SUM(A1)',
      '|calc',
      '%0A',
      '\uFF1DHYPERLINK("x")',
      '\uFF0B1',
      '\uFF0D1',
      '\uFF20SUM(A1)',
      '\uFF5Ccalc',
      '\uFF05x',
      ' =1+1',
      '\u00A0=1',
      '\u3000=1',
      '\u200B=1+1',
      '\u200C+1',
      '\u200D-1',
      '\u2060@x',
      '\uFEFF=1',
      '\t=1',
      '\r=1',
      '\n=1',
      '\tplain',
      '\rplain',
      ' \u200B \uFF1D1',
    ];
    for (const value of escaped) {
      const cell = cellOf(value);
      expect(cell.replace(/^"/, ''), JSON.stringify(value)).toMatch(/^'/);
    }
    for (const value of [
      'سالم',
      'Salim',
      '12',
      'a=b',
      '1-2',
      'x@example.com',
      '50%',
      ' plain',
      '\u200Bplain',
    ])
      expect(cellOf(value), JSON.stringify(value)).toBe(value);
  });

  it('in the bookings export', async () => {
    const checkInDate = addDays(hotelToday(), 450 + Math.floor(Math.random() * 200));
    const names = ['\uFF1DHYPERLINK("x") سالم', '\u200B=HYPERLINK("y") سالم', '|calc سالم'];
    for (const fullName of names) {
      const res = await call('/api/booking-submissions', {
        method: 'POST',
        json: {
          fullName,
          phoneNumber: String(94_000_000 + Math.floor(Math.random() * 999_999)),
          idNumber: '87654321',
          roomType: 'silver',
          bedType: 'double',
          smokingPreference: 'non_smoking',
          numberOfGuests: 2,
          checkInDate,
          checkOutDate: addDays(checkInDate, 1),
        },
        headers: { 'cf-connecting-ip': `10.29.${Math.floor(Math.random() * 250)}.1` },
      });
      expect(res.status, await res.clone().text()).toBe(201);
    }
    const { cookie } = await logIn('staff@example.com', 'change-me-staff');
    const text = await (await call('/api/admin/bookings.csv', { cookie })).text();
    expect(text).toContain(`"'\uFF1DHYPERLINK(""x"") سالم"`);
    expect(text).toContain(`"'\u200B=HYPERLINK(""y"") سالم"`);
    expect(text).toContain(`,'|calc سالم,`);
  });
});

describe('22. HSTS only over https', () => {
  const fetchAt = (url: string) => exports.default.fetch(new Request(url));

  it('is sent on https answers and not on plain http ones', async () => {
    for (const path of ['/api/health', '/', '/api/rooms']) {
      const plain = await fetchAt(`http://127.0.0.1:8787${path}`);
      expect(plain.headers.get('strict-transport-security'), path).toBeNull();
      const secure = await fetchAt(`https://hotel.example${path}`);
      expect(secure.headers.get('strict-transport-security'), path).toBe(
        'max-age=15552000; includeSubDomains',
      );
    }
  });
});
