import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { decodeProtectedHeader, importJWK, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { formatBookingReference } from '@shared/booking-reference';
import type { PushMessage } from '@shared/push-schemas';
import { cleanUp } from '../../cleanup';
import { expireStalePending } from '../bookings';
import { deliverPush } from './push-delivery';
import { endpointAllowed } from './push-subscriptions';
import { book as bookThrough, staffAccount, staffCookie as staff, stays } from '@worker-test/builders';
import { call, entryCall, logIn, signUp, someAddress } from '@worker-test/helpers';

/**
 * Web Push: subscriptions through the API, one message per trigger queued
 * in the change's own batch, and delivered to a local push service (scripts/push-receiver.ts)
 * that keeps what it receives; each message is decrypted here with the subscription's own
 * private key (RFC 8291 aes128gcm) and its VAPID token verified (RFC 8292), as a browser and a
 * push service would.
 */

const db = () => drizzle(env.DB);

/**
 * Sends what is due, and waits for any delivery already under way: every write through the app
 * also delivers after its answer (worker/src/index.ts, waitUntil), racing the test's own call;
 * the claim makes sure each message goes once, whichever of them sends it.
 */
async function deliverAll(at?: number) {
  await deliverPush(env, db(), at);
  // Up to 15 s: the first delivery of an isolate loads the push library, slow on a busy machine.
  for (const end = Date.now() + 15_000; Date.now() < end;) {
    const busy = await env.DB.prepare("select count(*) as n from push_outbox where state = 'sending'").first<{
      n: number;
    }>();
    if (!busy?.n) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('a push delivery never finished');
}
const RECEIVER = env.TEST_PUSH_RECEIVER_URL;
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

const b64url = (bytes: ArrayBuffer | Uint8Array) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const fromB64url = (text: string) =>
  Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
const fromB64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** A browser's side of a subscription: a real P-256 key pair and auth secret, and its endpoint on the receiver. */
async function browser(name = crypto.randomUUID()) {
  const keys = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
    'deriveBits',
  ])) as CryptoKeyPair;
  const publicRaw = new Uint8Array((await crypto.subtle.exportKey('raw', keys.publicKey)) as ArrayBuffer);
  const auth = crypto.getRandomValues(new Uint8Array(16));
  return {
    name,
    keys,
    publicRaw,
    auth,
    device: crypto.randomUUID(),
    subscription: {
      endpoint: `${RECEIVER}/push/${name}`,
      keys: { p256dh: b64url(publicRaw), auth: b64url(auth) },
    },
  };
}
type Browser = Awaited<ReturnType<typeof browser>>;

function subscribe(
  b: Browser,
  opts: { cookie?: string; lang?: 'ar' | 'en'; body?: unknown; device?: string } = {},
) {
  return call('/api/push/subscriptions', {
    method: 'POST',
    json: opts.body ?? b.subscription,
    cookie: opts.cookie,
    lang: opts.lang ?? 'en',
    headers: { 'x-device-id': opts.device ?? b.device },
  });
}

async function hkdf(salt: Uint8Array, ikm: ArrayBuffer | Uint8Array, info: Uint8Array, bytes: number) {
  const key = await crypto.subtle.importKey('raw', ikm, 'HKDF', false, ['deriveBits']);
  return new Uint8Array(
    await crypto.subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt, info }, key, bytes * 8),
  );
}
const utf8 = (s: string) => new TextEncoder().encode(s);
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) out.set(p, (at += p.length) - p.length);
  return out;
};

/** RFC 8291 section 3 / RFC 8188: what the browser does with the encrypted body. */
async function decrypt(b: Browser, body: Uint8Array): Promise<PushMessage> {
  const salt = body.slice(0, 16);
  const recordSize = new DataView(body.buffer, body.byteOffset + 16, 4).getUint32(0);
  const idLength = body[20]!;
  const serverPublic = body.slice(21, 21 + idLength);
  const ciphertext = body.slice(21 + idLength);
  expect(idLength).toBe(65);
  expect(ciphertext.length).toBeLessThanOrEqual(recordSize);
  const serverKey = await crypto.subtle.importKey(
    'raw',
    serverPublic,
    { name: 'ECDH', namedCurve: 'P-256' },
    false,
    [],
  );
  // workers-types names the ECDH peer `$public`; WebCrypto (and workerd) read `public`.
  const ecdh = { name: 'ECDH', public: serverKey } as unknown as SubtleCryptoDeriveKeyAlgorithm;
  const shared = await crypto.subtle.deriveBits(ecdh, b.keys.privateKey, 256);
  const ikm = await hkdf(b.auth, shared, concat(utf8('WebPush: info\0'), b.publicRaw, serverPublic), 32);
  const cek = await hkdf(salt, ikm, utf8('Content-Encoding: aes128gcm\0'), 16);
  const nonce = await hkdf(salt, ikm, utf8('Content-Encoding: nonce\0'), 12);
  const aes = await crypto.subtle.importKey('raw', cek, 'AES-GCM', false, ['decrypt']);
  const padded = new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: nonce }, aes, ciphertext));
  let end = padded.length - 1;
  while (end > 0 && padded[end] === 0) end--;
  expect(padded[end]).toBe(2); // the last record's delimiter
  return JSON.parse(new TextDecoder().decode(padded.slice(0, end))) as PushMessage;
}

type Received = { headers: Record<string, string>; body: string };
async function received(b: Browser): Promise<Received[]> {
  return (await (await fetch(`${RECEIVER}/received/${b.name}`)).json()) as Received[];
}
/** The push service answers these statuses to the next messages (then 201). */
async function answerNext(b: Browser, statuses: number[]) {
  await fetch(`${RECEIVER}/answers/${b.name}`, { method: 'POST', body: JSON.stringify(statuses) });
}

/** Every message the browser received, decrypted, with its VAPID token checked. */
async function messages(b: Browser) {
  const out: (PushMessage & { headers: Record<string, string> })[] = [];
  for (const r of await received(b)) {
    expect(r.headers['content-encoding']).toBe('aes128gcm');
    await verifyVapid(r.headers.authorization ?? '');
    out.push({ ...(await decrypt(b, fromB64(r.body))), headers: r.headers });
  }
  return out;
}

async function verifyVapid(authorization: string) {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(authorization);
  expect(match, authorization).not.toBeNull();
  const [, token, k] = match!;
  expect(k).toBe(env.VAPID_PUBLIC_KEY);
  expect(decodeProtectedHeader(token!).alg).toBe('ES256');
  const point = fromB64url(k!);
  const key = await importJWK(
    { kty: 'EC', crv: 'P-256', x: b64url(point.slice(1, 33)), y: b64url(point.slice(33, 65)) },
    'ES256',
  );
  const { payload } = await jwtVerify(token!, key, {
    audience: new URL(RECEIVER).origin.replace('http:', 'https:'),
  });
  expect(payload.sub).toBe(env.VAPID_SUBJECT);
  expect(payload.exp! - Date.now() / 1000).toBeLessThanOrEqual(24 * 60 * 60);
}

let phone = 93_100_000;
const stay = stays({ from: 303, every: 3 });
const book = (device: string | null, cookie?: string) =>
  bookThrough(
    { fullName: 'Push Guest' },
    { cookie, stay, headers: device ? { 'x-device-id': device } : undefined },
  );
function setStatus(cookie: string, id: number, status: string, reason?: string) {
  return call(`/api/booking-submissions/${id}/status`, { method: 'PATCH', json: { status, reason }, cookie });
}

async function photographyEntry(device: string) {
  const dataUrl = `data:image/png;base64,${PNG_BASE64}`;
  const key = crypto.randomUUID();
  const send = () =>
    entryCall('/api/photography-submissions', {
      method: 'POST',
      json: { participantPhone: String(phone), photoUrls: [dataUrl, dataUrl, dataUrl] },
      headers: { 'x-device-id': device, 'idempotency-key': key },
    });
  phone += 1;
  const res = await send();
  expect(res.status).toBe(201);
  const id = ((await res.json()) as { id: number }).id;
  // The outbox rows queued in the entry's batch leave its images and its stored answer alone
  // (both found by last_insert_rowid()).
  const images = await env.DB.prepare(
    "select count(*) as n from event_images where event_type = 'photography' and submission_id = ?",
  )
    .bind(id)
    .first<{ n: number }>();
  expect(images?.n).toBe(3);
  expect(((await (await send()).json()) as { id: number }).id).toBe(id);
  return id;
}

async function outboxRows(subscriptionEndpoint: string) {
  return (
    await env.DB.prepare(
      `select o.* from push_outbox o join push_subscriptions s on s.id = o.subscription_id where s.endpoint = ?`,
    )
      .bind(subscriptionEndpoint)
      .all<{ state: string; attempts: number; kind: string; next_attempt_at: number }>()
  ).results;
}

describe('the push API', () => {
  it('gives the public key and keeps a valid subscription', async () => {
    const key = await call('/api/push/public-key');
    expect(key.status).toBe(200);
    expect(await key.json()).toEqual({ publicKey: env.VAPID_PUBLIC_KEY });
    expect(fromB64url(env.VAPID_PUBLIC_KEY!)).toHaveLength(65);

    const b = await browser();
    expect((await subscribe(b)).status).toBe(201);
    // The same browser again (the language changed): one row, updated.
    expect((await subscribe(b, { lang: 'ar' })).status).toBe(201);
    const rows = await env.DB.prepare(
      'select lang, device_id, user_id, role from push_subscriptions where endpoint = ?',
    )
      .bind(b.subscription.endpoint)
      .all();
    expect(rows.results).toEqual([{ lang: 'ar', device_id: b.device, user_id: null, role: 'guest' }]);
  });

  it('refuses bad endpoints, bad keys and huge bodies with a clear 4xx, never a 500', async () => {
    const b = await browser();
    const bad = async (body: unknown, field?: string, opts: { device?: string } = {}) => {
      const res = await subscribe(b, { body, ...opts });
      expect(res.status, JSON.stringify(body).slice(0, 200)).toBe(400);
      const error = (
        (await res.json()) as { error: { code: string; message: string; fields?: Record<string, string> } }
      ).error;
      expect(error.message).toBeTruthy();
      if (field) expect(Object.keys(error.fields ?? {})).toContain(field);
    };
    const keys = b.subscription.keys;
    await bad({ ...b.subscription, endpoint: 'https://evil.example.com/push/1' }, 'endpoint');
    await bad({ ...b.subscription, endpoint: 'http://fcm.googleapis.com/fcm/send/1' }, 'endpoint');
    await bad({ ...b.subscription, endpoint: 'https://fcm.googleapis.com.evil.com/x' }, 'endpoint');
    await bad({ ...b.subscription, endpoint: 'http://localhost:8926/push/x' }, 'endpoint');
    await bad({ ...b.subscription, endpoint: 'javascript:alert(1)' }, 'endpoint');
    await bad({ ...b.subscription, endpoint: `https://fcm.googleapis.com/${'a'.repeat(2000)}` }, 'endpoint');
    await bad({ ...b.subscription, keys: { ...keys, p256dh: keys.p256dh.slice(0, -2) } }, 'keys.p256dh');
    // 65 bytes, but not a point of the curve.
    await bad(
      { ...b.subscription, keys: { ...keys, p256dh: b64url(new Uint8Array(65).fill(4)) } },
      'keys.p256dh',
    );
    await bad({ ...b.subscription, keys: { ...keys, p256dh: '!'.repeat(87) } }, 'keys.p256dh');
    await bad({ ...b.subscription, keys: { ...keys, auth: b64url(new Uint8Array(15)) } }, 'keys.auth');
    await bad({ ...b.subscription, keys: { ...keys, auth: 42 } }, 'keys.auth');
    await bad({ endpoint: b.subscription.endpoint }, 'keys');
    await bad([1, 2, 3]);
    await bad(b.subscription, undefined, { device: 'not-a-uuid' });
    const huge = await call('/api/push/subscriptions', {
      method: 'POST',
      json: { ...b.subscription, padding: 'x'.repeat(2_000_000) },
      headers: { 'x-device-id': b.device },
    });
    expect(huge.status).toBe(413);
    const notJson = await call('/api/push/subscriptions', {
      method: 'POST',
      body: '{"endpoint":',
      headers: { 'content-type': 'application/json', 'x-device-id': b.device },
    });
    expect(notJson.status).toBe(400);
    // Neither an account nor a device: nobody to tie it to.
    const nobody = await call('/api/push/subscriptions', { method: 'POST', json: b.subscription });
    expect(nobody.status).toBe(400);
  });

  it('takes only the known push services in production, and 127.0.0.1 over http in development', () => {
    for (const ok of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QGx',
      'https://wns2-by3p.notify.windows.com/w/?token=abc',
    ]) {
      expect(endpointAllowed(ok, 'production'), ok).toBe(true);
    }
    for (const no of [
      'http://127.0.0.1:8926/push/x',
      'https://127.0.0.1/push/x',
      'https://push.apple.com.evil.com/x',
      'https://fcm.googleapis.com:8443/x',
      'https://user:pw@fcm.googleapis.com/x',
    ]) {
      expect(endpointAllowed(no, 'production'), no).toBe(false);
    }
    expect(endpointAllowed('http://127.0.0.1:8926/push/x', 'development')).toBe(true);
  });

  it('keeps an endpoint as the URL standard writes it: other spellings of one host and stray spaces or line breaks are one endpoint', async () => {
    const b = await browser();
    const canonical = b.subscription.endpoint;
    const spelled = (host: string) => canonical.replace('127.0.0.1', host);
    const typed = `  ${spelled('2130706433')}\r\n`;
    expect((await subscribe(b, { body: { ...b.subscription, endpoint: typed } })).status).toBe(201);
    expect(
      (await subscribe(b, { body: { ...b.subscription, endpoint: spelled('0x7f000001') } })).status,
    ).toBe(201);
    const stored = await env.DB.prepare('select endpoint from push_subscriptions where p256dh = ?')
      .bind(b.subscription.keys.p256dh)
      .all<{ endpoint: string }>();
    expect(stored.results.map((r) => r.endpoint)).toEqual([canonical]);
    const gone = await call('/api/push/subscriptions', {
      method: 'DELETE',
      json: { endpoint: spelled('127.1') },
      headers: { 'x-device-id': b.device },
    });
    expect(gone.status).toBe(200);
    expect((await outboxRows(canonical)).length).toBe(0);
    const count = await env.DB.prepare('select count(*) as n from push_subscriptions where p256dh = ?')
      .bind(b.subscription.keys.p256dh)
      .first<{ n: number }>();
    expect(count?.n).toBe(0);
    for (const endpoint of ['not a url', 'http://[::1', ' ']) {
      const res = await subscribe(b, { body: { ...b.subscription, endpoint } });
      expect(res.status, endpoint).toBe(400);
    }
  });

  it("never lets anyone take or delete another's subscription", async () => {
    const b = await browser();
    expect((await subscribe(b)).status).toBe(201);
    // Someone who learnt the endpoint, from another device, with their own keys: refused.
    const thief = await browser();
    const taken = await subscribe(thief, { body: { ...b.subscription, keys: thief.subscription.keys } });
    expect(taken.status).toBe(409);
    // Deleting it from another device or account: 404, and it is still there.
    const guest = await signUp();
    for (const init of [{ headers: { 'x-device-id': thief.device } }, { cookie: guest.cookie }, {}]) {
      const res = await call('/api/push/subscriptions', {
        method: 'DELETE',
        json: { endpoint: b.subscription.endpoint },
        ...init,
      });
      expect(res.status).toBe(404);
    }
    const left = await env.DB.prepare('select p256dh from push_subscriptions where endpoint = ?')
      .bind(b.subscription.endpoint)
      .first<{ p256dh: string }>();
    expect(left?.p256dh).toBe(b.subscription.keys.p256dh);
    // Its own device deletes it.
    const own = await call('/api/push/subscriptions', {
      method: 'DELETE',
      json: { endpoint: b.subscription.endpoint },
      headers: { 'x-device-id': b.device },
    });
    expect(own.status).toBe(200);
    expect((await outboxRows(b.subscription.endpoint)).length).toBe(0);
  });
});

describe('push messages', () => {
  it("tells the front desk, managers and admins of a new request, not a housekeeper's device", async () => {
    const guest = await browser();
    expect((await subscribe(guest, { lang: 'en' })).status).toBe(201);
    const housekeeping = await browser();
    const manager = await browser();
    const housekeeper = await staffAccount({ role: 'housekeeper' });
    expect((await subscribe(housekeeping, { cookie: housekeeper.cookie, lang: 'en' })).status).toBe(201);
    expect(
      (await subscribe(manager, { cookie: (await staffAccount({ role: 'manager' })).cookie })).status,
    ).toBe(201);

    const booking = await book(guest.device);
    await deliverAll();
    const tag = `staff-booking-${booking.id}`;
    expect((await messages(manager)).filter((m) => m.tag === tag)).toHaveLength(1);
    expect(await received(housekeeping)).toHaveLength(0);
  });

  it('tells a guest without an account, on the device that booked, that staff approved, and staff of the request', async () => {
    const guest = await browser();
    expect((await subscribe(guest, { lang: 'en' })).status).toBe(201);
    const desk = await browser();
    const staffCookie = await staff();
    expect((await subscribe(desk, { cookie: staffCookie, lang: 'ar' })).status).toBe(201);

    const booking = await book(guest.device);
    await deliverAll();
    const alerts = (await messages(desk)).filter((m) => m.tag === `staff-booking-${booking.id}`);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ title: 'طلب حجز جديد', url: '/admin/bookings', lang: 'ar' });
    // The reference as every screen shows it ("K7M-Q4PX"), never the stored "K7MQ4PX".
    expect(alerts[0]!.body).toContain(formatBookingReference(booking.reference));
    expect(alerts[0]!.body).not.toContain(booking.reference);
    expect(alerts[0]!.body).toMatch(/[٠-٩]/); // dates in Arabic-Indic digits
    expect(alerts[0]!.headers.urgency).toBe('high');
    expect(Number(alerts[0]!.headers.ttl)).toBeGreaterThan(0);
    expect(await received(guest)).toHaveLength(0); // a guest is not told of their own request

    expect((await setStatus(staffCookie, booking.id, 'approved')).status).toBe(200);
    // Approving it again is refused (409): nothing more is queued.
    expect((await setStatus(staffCookie, booking.id, 'approved')).status).toBe(409);
    await deliverAll();
    const [approved, ...more] = await messages(guest);
    expect(more).toHaveLength(0);
    expect(approved).toMatchObject({
      title: 'Your booking is approved',
      url: '/?bookings=true',
      tag: `booking-${booking.id}`,
      lang: 'en',
    });
    expect(approved!.body).toContain(formatBookingReference(booking.reference));
    expect(approved!.headers.urgency).toBe('normal');
    expect(approved!.headers.ttl).toBe(String(24 * 60 * 60));
    expect(approved!.headers.topic).toBe(`booking-${booking.id}`);
    // Sent: nothing is sent twice.
    await deliverAll();
    expect(await received(guest)).toHaveLength(1);
    expect((await outboxRows(guest.subscription.endpoint)).map((r) => r.state)).toEqual(['sent']);
  });

  it("tells a signed-in guest's account of a declined request with the reason, and of a cancellation", async () => {
    const guest = await signUp();
    const phoneSub = await browser();
    expect((await subscribe(phoneSub, { cookie: guest.cookie, lang: 'ar' })).status).toBe(201);
    const staffCookie = await staff();
    // Booked from another device of the account (no device id): the account's subscription hears.
    const declined = await book(null, guest.cookie);
    expect((await setStatus(staffCookie, declined.id, 'cancelled', 'No rooms that week')).status).toBe(200);
    const cancelled = await book(null, guest.cookie);
    expect((await setStatus(staffCookie, cancelled.id, 'approved')).status).toBe(200);
    expect((await setStatus(staffCookie, cancelled.id, 'cancelled', 'Guest called')).status).toBe(200);
    await deliverAll();
    const got = await messages(phoneSub);
    expect(got.map((m) => [m.tag, m.title])).toEqual([
      [`booking-${declined.id}`, 'تعذّر قبول طلب حجزك'],
      [`booking-${cancelled.id}`, 'تمت الموافقة على حجزك'],
      [`booking-${cancelled.id}`, 'تم إلغاء حجزك'],
    ]);
    expect(got[0]!.body).toContain('No rooms that week');
  });

  it('tells the device that booked of a change staff made to its booking, in its language', async () => {
    const guest = await browser();
    expect((await subscribe(guest, { lang: 'en' })).status).toBe(201);
    const booking = await book(guest.device);
    const edited = await call(`/api/admin/booking-submissions/${booking.id}`, {
      method: 'PATCH',
      json: { numberOfGuests: 3 },
      cookie: await staff(),
    });
    expect(edited.status, await edited.clone().text()).toBe(200);
    await deliverAll();
    const got = await messages(guest);
    expect(got.map((m) => [m.tag, m.title])).toEqual([
      [`booking-${booking.id}`, 'The hotel changed your booking'],
    ]);
  });

  it('tells the device that a pending request was released after its hold', async () => {
    const guest = await browser();
    expect((await subscribe(guest)).status).toBe(201);
    const booking = await book(guest.device);
    await expireStalePending(db(), 60_000, Date.now() + 365 * 24 * 60 * 60_000);
    await deliverAll();
    const got = await messages(guest);
    expect(got.map((m) => m.tag)).toEqual([`booking-${booking.id}`]);
    expect(got[0]!.title).toBe('Your booking request ran out of time and the room was released');
  });

  it('tells staff of a new entry, and the device that sent it of the decisions; and of its approved review', async () => {
    const guest = await browser();
    expect((await subscribe(guest, { lang: 'en' })).status).toBe(201);
    const desk = await browser();
    const staffCookie = await staff();
    expect((await subscribe(desk, { cookie: staffCookie, lang: 'en' })).status).toBe(201);
    // A second staff tablet: each entry queues two alerts (so the outbox's row ids are not the entry's).
    const office = await browser();
    const adminCookie = (await logIn('admin@example.com', 'change-me-admin')).cookie;
    expect((await subscribe(office, { cookie: adminCookie, lang: 'ar' })).status).toBe(201);

    const approvedId = await photographyEntry(guest.device);
    const rejectedId = await photographyEntry(guest.device);
    await deliverAll();
    const alerts = (await messages(desk)).filter((m) => m.tag.startsWith('staff-entry-photography-'));
    expect(alerts.map((m) => m.tag).sort()).toEqual(
      [`staff-entry-photography-${approvedId}`, `staff-entry-photography-${rejectedId}`].sort(),
    );
    expect(alerts[0]).toMatchObject({ title: 'New photography entry', url: '/photography-admin' });

    const decide = (id: number, verb: string) =>
      call(`/api/photography-submissions/${id}/${verb}`, { method: 'POST', json: {}, cookie: staffCookie });
    expect((await decide(approvedId, 'approve')).status).toBe(200);
    expect((await decide(rejectedId, 'reject')).status).toBe(200);

    const review = await call('/api/reviews', {
      method: 'POST',
      json: { starRating: 5, name: 'Push', overallReview: 'A lovely stay by the sea.' },
      headers: { 'x-device-id': guest.device, 'cf-connecting-ip': someAddress() },
    });
    expect(review.status).toBe(201);
    const reviewId = ((await review.json()) as { id: number }).id;
    const decided = await call(`/api/admin/reviews/${reviewId}`, {
      method: 'PATCH',
      json: { isApproved: true },
      cookie: staffCookie,
    });
    expect(decided.status).toBe(200);

    await deliverAll();
    const got = await messages(guest);
    expect(got.map((m) => [m.tag, m.title, m.url])).toEqual([
      [`entry-photography-${approvedId}`, 'Your photography entry was approved', '/?events=true'],
      [`entry-photography-${rejectedId}`, 'Your photography entry was not accepted', '/?events=true'],
      [`review-${reviewId}`, 'Your review is published', '/'],
    ]);
  });
});

describe('delivery', () => {
  it('deletes a subscription the push service answers 410 (gone)', async () => {
    const guest = await browser();
    expect((await subscribe(guest)).status).toBe(201);
    await answerNext(guest, [410]);
    const booking = await book(guest.device);
    expect((await setStatus(await staff(), booking.id, 'approved')).status).toBe(200);
    await deliverAll();
    expect(await received(guest)).toHaveLength(1);
    const left = await env.DB.prepare('select count(*) as n from push_subscriptions where endpoint = ?')
      .bind(guest.subscription.endpoint)
      .first<{ n: number }>();
    expect(left?.n).toBe(0);
  });

  it('tries a failed message again later, with backoff, and sends it once', async () => {
    const guest = await browser();
    expect((await subscribe(guest)).status).toBe(201);
    await answerNext(guest, [500]);
    const booking = await book(guest.device);
    const staffCookie = await staff();
    // Before the approval: its answer's own delivery may be the first try.
    const now = Date.now();
    expect((await setStatus(staffCookie, booking.id, 'approved')).status).toBe(200);
    await deliverAll(now);
    expect(await received(guest)).toHaveLength(1);
    const [failed] = await outboxRows(guest.subscription.endpoint);
    expect(failed).toMatchObject({ state: 'pending', attempts: 1 });
    expect(failed!.next_attempt_at).toBeGreaterThanOrEqual(now + 60_000);
    // Not due yet: nothing is sent.
    await deliverAll(now + 1_000);
    expect(await received(guest)).toHaveLength(1);
    // Due: two deliveries at once send it once.
    await Promise.all([deliverPush(env, db(), now + 61_000), deliverPush(env, db(), now + 61_000)]);
    await deliverAll(now + 10 * 60_000);
    const got = await received(guest);
    expect(got).toHaveLength(2);
    expect((await decrypt(guest, fromB64(got[1]!.body))).tag).toBe(`booking-${booking.id}`);
    expect((await outboxRows(guest.subscription.endpoint)).map((r) => [r.state, r.attempts])).toEqual([
      ['sent', 2],
    ]);
  });

  it('forgets sent messages after 30 days (the daily clean-up), never pending ones', async () => {
    const guest = await browser();
    expect((await subscribe(guest)).status).toBe(201);
    // The approval is sent; the push service refuses the cancellation for now (it stays pending).
    await answerNext(guest, [201, 500]);
    const booking = await book(guest.device);
    expect((await setStatus(await staff(), booking.id, 'approved')).status).toBe(200);
    await deliverAll();
    expect((await setStatus(await staff(), booking.id, 'cancelled')).status).toBe(200);
    await deliverAll();
    await env.DB.prepare(
      `update push_outbox set state = 'sent' where id = (select min(o.id) from push_outbox o
        join push_subscriptions s on s.id = o.subscription_id where s.endpoint = ?)`,
    )
      .bind(guest.subscription.endpoint)
      .run();
    await cleanUp(env, Date.now() + 31 * 24 * 60 * 60_000);
    expect((await outboxRows(guest.subscription.endpoint)).map((r) => r.state)).toEqual(['pending']);
  });
});
