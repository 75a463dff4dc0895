import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { drizzle } from 'drizzle-orm/d1';
import { sendPhoneMessage } from '../../platform/phone-messages';
import { readPhoneProofs, requestPhoneCode } from './phone-verification';
import { uniquePhone } from '@worker-test/builders';
import {
  call,
  latestPhoneCode,
  logIn,
  phoneProof,
  proofCookie,
  signUp,
  someAddress,
} from '@worker-test/helpers';

/**
 * Verified phones for the prize draws: the code's rules (10 minutes,
 * single use, 5 tries, resends throttled per phone and per client address), the 30-day proof
 * on the device (several phones), the account that remembers, and the entries and the
 * participation check refused without a proof unless an admin turned the requirement off.
 */

const toArabicIndic = (s: string) => s.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
/** One clock hour: the phone's and the address's hourly counters' window. */
const HOUR_MS = 60 * 60_000;

type ErrorJson = { error: { code: string; message: string } };

function requestCode(phoneNumber: string, address = someAddress(), lang: 'ar' | 'en' = 'ar') {
  return call('/api/phone-verification/request', {
    method: 'POST',
    json: { phoneNumber },
    headers: { 'cf-connecting-ip': address },
    lang,
  });
}

function verify(phoneNumber: string, verificationCode: string, cookie?: string, lang: 'ar' | 'en' = 'en') {
  return call('/api/phone-verification/verify', {
    method: 'POST',
    json: { phoneNumber, verificationCode },
    cookie,
    lang,
  });
}

function enterLocation(participantPhone: string, cookie?: string, lang: 'ar' | 'en' = 'en') {
  return call('/api/location-sharing-submissions', {
    method: 'POST',
    json: { participantPhone },
    cookie,
    lang,
  });
}

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('phone verification', () => {
  it("the issue's attack: a signed-out entry for an unproven phone is 403 phone_unverified, in the request's language", async () => {
    const en = await enterLocation('98765432', undefined, 'en');
    expect(en.status).toBe(403);
    const enBody = (await en.json()) as ErrorJson;
    expect(enBody.error.code).toBe('phone_unverified');
    expect(enBody.error.message).toMatch(/verify your phone/i);
    const ar = await enterLocation('98765432', undefined, 'ar');
    expect(ar.status).toBe(403);
    expect(((await ar.json()) as ErrorJson).error.message).toMatch(/[\u0600-\u06ff]/);
    // Nothing was taken: the phone's real owner can still enter once proven.
    const proof = await phoneProof('98765432');
    expect((await enterLocation('98765432', proof)).status).toBe(201);
  });

  it("sends a 6-digit code in the request's language; the code proves the normalised phone (Arabic-Indic digits)", async () => {
    const phone = uniquePhone();
    const sent = await requestCode(
      toArabicIndic(`+968 ${phone.slice(3, 7)} ${phone.slice(7)}`),
      someAddress(),
      'ar',
    );
    expect(sent.status).toBe(200);
    const [message] = (await (await call(`/api/dev/messages?to=${phone}`)).json()) as {
      to: string;
      channel: string;
      text: string;
      createdAt: string;
    }[];
    expect(message).toMatchObject({ to: phone, channel: 'sms' });
    expect(message!.text).toMatch(/رمز التحقق/);
    expect(message!.text).toMatch(/\b\d{6}\b/);
    const code = await latestPhoneCode(phone);

    // Unproven: the participation check does not answer.
    const check = (cookie?: string) =>
      call('/api/check-monthly-participation', {
        method: 'POST',
        json: { participantPhone: phone, eventType: 'location_sharing' },
        cookie,
        lang: 'en',
      });
    const refused = await check();
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as ErrorJson).error.code).toBe('phone_unverified');

    const ok = await verify(`00${phone}`, toArabicIndic(code));
    expect(ok.status).toBe(200);
    const setCookie = ok.headers.getSetCookie().find((c) => c.startsWith('phone_proofs='))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const expires = Date.parse(/Expires=([^;]+)/i.exec(setCookie)![1]!);
    expect(Math.abs(expires - (Date.now() + 30 * 24 * 60 * 60_000))).toBeLessThan(5 * 60_000);
    const cookie = proofCookie(ok);
    expect(await (await check(cookie)).json()).toMatchObject({ hasParticipated: false, isEnabled: true });
    expect((await enterLocation(phone, cookie)).status).toBe(201);
    expect(await (await check(cookie)).json()).toMatchObject({ hasParticipated: true });

    // English text for an English request.
    const other = uniquePhone();
    await requestCode(other, someAddress(), 'en');
    const [english] = (await (await call(`/api/dev/messages?to=${other}`)).json()) as { text: string }[];
    expect(english!.text).toMatch(/verification code: \d{6}/);
    expect(english!.text).toMatch(/10 minutes/);
  });

  it('a code is single use, dies after 10 minutes, and after 5 wrong tries', async () => {
    const phone = uniquePhone();
    await requestCode(phone);
    const code = await latestPhoneCode(phone);
    expect((await verify(phone, code)).status).toBe(200);
    const again = await verify(phone, code);
    expect(again.status).toBe(400);
    expect(((await again.json()) as ErrorJson).error.code).toBe('code_invalid');

    // Expired after 10 minutes.
    const late = uniquePhone();
    await requestCode(late);
    const lateCode = await latestPhoneCode(late);
    await env.DB.prepare('update phone_verification_requests set expires_at = ? where phone_number = ?')
      .bind(Date.now() - 1000, late)
      .run();
    const expired = await verify(late, lateCode);
    expect(expired.status).toBe(400);
    expect(((await expired.json()) as ErrorJson).error.code).toBe('code_expired');
    const [row] = (
      await env.DB.prepare(
        'select expires_at - created_at as ttl from phone_verification_requests where phone_number = ?',
      )
        .bind(phone)
        .all<{ ttl: number }>()
    ).results;
    expect(Math.abs(row!.ttl - 10 * 60_000)).toBeLessThan(5_000);

    // Five wrong tries kill it, even for the right code afterwards.
    const guessed = uniquePhone();
    await requestCode(guessed);
    const right = await latestPhoneCode(guessed);
    const codes: string[] = [];
    for (let i = 0; i < 5; i++) {
      codes.push(((await (await verify(guessed, wrongCode(right))).json()) as ErrorJson).error.code);
    }
    expect(codes).toEqual(['code_invalid', 'code_invalid', 'code_invalid', 'code_invalid', 'code_locked']);
    const locked = await verify(guessed, right);
    expect(((await locked.json()) as ErrorJson).error.code).toBe('code_locked');

    // A code is stored only as a hash.
    const stored = await env.DB.prepare(
      'select verification_code_hash as hash from phone_verification_requests where phone_number = ?',
    )
      .bind(guessed)
      .first<{ hash: string }>();
    expect(stored!.hash).not.toContain(right);
    expect(stored!.hash).toHaveLength(64);

    // Bad input: a clear 400.
    const short = await verify(phone, '123');
    expect(short.status).toBe(400);
    expect(((await short.json()) as ErrorJson).error.code).toBe('validation_failed');
    const shortPhone = await requestCode('1234567');
    expect(shortPhone.status).toBe(400);
  });

  it('a new code ends the older one; resends are throttled per phone (1 a minute, 5 an hour) and per address', async () => {
    // The counters are clock minutes and hours (platform/rate-limit.ts). The first two codes are
    // asked within one minute (a busy machine once took the second into the next, which let it
    // through).
    const leftOfMinute = 60_000 - (Date.now() % 60_000);
    if (leftOfMinute < 10_000) await new Promise((resolve) => setTimeout(resolve, leftOfMinute + 100));
    // A test that crossed an hour would count in two of them, so it starts in a new hour when less
    // than 20 s of this one are left.
    const leftOfHour = HOUR_MS - (Date.now() % HOUR_MS);
    if (leftOfHour < 20_000) await new Promise((resolve) => setTimeout(resolve, leftOfHour + 100));
    const phone = uniquePhone();
    const address = someAddress();
    expect((await requestCode(phone, address)).status).toBe(200);
    const first = await latestPhoneCode(phone);
    const soon = await requestCode(phone, someAddress());
    expect(soon.status).toBe(429);
    expect(Number(soon.headers.get('retry-after'))).toBeGreaterThan(0);

    // A minute later (the minute's counter gone): a new code, and the first one no longer works.
    const nextMinute = () =>
      env.DB.prepare(`delete from rate_limits where key = ?`).bind(`phone:m:${phone}`).run();
    await nextMinute();
    expect((await requestCode(phone, address)).status).toBe(200);
    const second = await latestPhoneCode(phone);
    if (second !== first) expect((await verify(phone, first)).status).toBe(400);
    for (let i = 0; i < 3; i++) {
      await nextMinute();
      expect((await requestCode(phone, someAddress())).status).toBe(200);
    }
    await nextMinute();
    const before = Date.now();
    const sixth = await requestCode(phone, someAddress());
    const after = Date.now();
    expect(sixth.status).toBe(429);
    // The hour's limit, not the minute's: the seconds left of the clock hour it was refused in.
    const toHourEnd = (at: number) => Math.ceil((HOUR_MS - (at % HOUR_MS)) / 1000);
    const retryAfter = Number(sixth.headers.get('retry-after'));
    expect(retryAfter).toBeLessThanOrEqual(toHourEnd(before));
    expect(retryAfter).toBeGreaterThanOrEqual(toHourEnd(after));

    // Per client address: 30 codes an hour, whatever the phones.
    const hotelWifi = someAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await requestCode(uniquePhone(), hotelWifi)).status);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('proves several phones on one device for 30 days; a forged or expired proof proves nothing', async () => {
    const [a, b] = [uniquePhone(), uniquePhone()];
    await requestCode(a);
    const first = proofCookie(await verify(a, await latestPhoneCode(a)));
    await requestCode(b);
    const both = await verify(b, await latestPhoneCode(b), first);
    const cookie = proofCookie(both);
    expect((await enterLocation(a, cookie)).status).toBe(201);
    expect((await enterLocation(b, cookie)).status).toBe(201);
    // Another phone is not proven by it.
    expect((await enterLocation(uniquePhone(), cookie)).status).toBe(403);

    const token = cookie.slice('phone_proofs='.length);
    const pepper = env.PASSWORD_PEPPER;
    expect([...(await readPhoneProofs(token, pepper)).keys()].sort()).toEqual([a, b].sort());
    const in29Days = Date.now() + 29 * 24 * 60 * 60_000;
    expect((await readPhoneProofs(token, pepper, in29Days)).size).toBe(2);
    const in31Days = Date.now() + 31 * 24 * 60 * 60_000;
    expect((await readPhoneProofs(token, pepper, in31Days)).size).toBe(0);
    // Signed with the server's key: another key, or a changed payload, proves nothing.
    expect((await readPhoneProofs(token, 'another-pepper')).size).toBe(0);
    const [header, , signature] = token.split('.');
    const forged = `${header}.${btoa(JSON.stringify({ ph: [['98765432', Date.now() + 1e9]], aud: 'phone-proofs' })).replace(/=+$/, '')}.${signature}`;
    expect((await enterLocation('98765432', `phone_proofs=${forged}`)).status).toBe(403);
  });

  it("a signed-in guest's proven phone is remembered on the account, on any device", async () => {
    const guest = await signUp();
    const phone = uniquePhone();
    await requestCode(phone);
    const res = await verify(phone, await latestPhoneCode(phone), guest.cookie);
    expect(res.status).toBe(200);
    // Another device: a new session, no proof cookie.
    const { cookie: elsewhere } = await logIn(guest.email, guest.password);
    expect((await enterLocation(phone, elsewhere)).status).toBe(201);
    const photoCheck = await call('/api/check-monthly-participation', {
      method: 'POST',
      json: { participantPhone: phone, eventType: 'photography' },
      cookie: elsewhere,
    });
    expect(photoCheck.status).toBe(200);
    // Proven again later (a new code, the same account): still one row, its time renewed.
    await env.DB.prepare('delete from rate_limits where key = ?').bind(`phone:m:${phone}`).run();
    await requestCode(phone);
    expect((await verify(phone, await latestPhoneCode(phone), elsewhere)).status).toBe(200);
    const rows = await env.DB.prepare('select count(*) as n from user_phones where phone_number = ?')
      .bind(phone)
      .first<{ n: number }>();
    expect(rows!.n).toBe(1);
    // Someone else's account does not have it.
    const stranger = await signUp();
    expect((await enterLocation(phone, stranger.cookie)).status).toBe(403);
  });

  it('an admin can turn the requirement off per event type (on by default)', async () => {
    const settings = (await (await call('/api/event-settings')).json()) as {
      eventType: string;
      requirePhoneVerification: boolean;
    }[];
    expect(settings.every((s) => s.requirePhoneVerification)).toBe(true);
    const { cookie: admin } = await logIn('admin@example.com', 'change-me-admin');
    const { cookie: staff } = await logIn('staff@example.com', 'change-me-staff');
    const turnOff = (cookie: string) =>
      call('/api/event-settings/location_sharing', {
        method: 'PUT',
        cookie,
        json: { requirePhoneVerification: false },
      });
    expect((await turnOff(staff)).status).toBe(403);
    const off = await turnOff(admin);
    expect(await off.json()).toEqual({
      eventType: 'location_sharing',
      isEnabled: true,
      requirePhoneVerification: false,
    });
    try {
      expect((await enterLocation(uniquePhone())).status).toBe(201);
      const check = await call('/api/check-monthly-participation', {
        method: 'POST',
        json: { participantPhone: uniquePhone(), eventType: 'location_sharing' },
      });
      expect(check.status).toBe(200);
      // Only that event: photography still needs a proof.
      const photo = await call('/api/check-monthly-participation', {
        method: 'POST',
        json: { participantPhone: uniquePhone(), eventType: 'photography' },
      });
      expect(photo.status).toBe(403);
      const audit = await env.DB.prepare(
        `select after from audit_log where entity_type = 'event_setting' and entity_id = 'location_sharing' order by id desc limit 1`,
      ).first<{ after: string }>();
      expect(JSON.parse(audit!.after)).toMatchObject({ requirePhoneVerification: false });
    } finally {
      await call('/api/event-settings/location_sharing', {
        method: 'PUT',
        cookie: admin,
        json: { requirePhoneVerification: true },
      });
    }
    expect((await enterLocation(uniquePhone())).status).toBe(403);
  });

  it('the dev outbox exists only in development', async () => {
    const bad = await call('/api/dev/messages?to=12');
    expect(bad.status).toBe(400);
  });
});

describe('the SMS and WhatsApp adapters (a local stand-in for the providers)', () => {
  const base = env.TEST_FAKE_MODEL_URL.replace(/\/v1$/, '/providers');
  const production = { ...env, ENVIRONMENT: 'production' as const };
  const message = { to: '96891234567', text: 'Your code: 123456', code: '123456', language: 'ar' as const };
  const receivedAt = async (path: string) =>
    (
      (await (await fetch(`${base}/received`)).json()) as {
        path: string;
        authorization: string;
        body: unknown;
      }[]
    )
      .filter((r) => r.path === path)
      .at(-1);

  it('SMS: posts {from, to in E.164, text} with the bearer token', async () => {
    const path = `/providers/sms-${crypto.randomUUID()}`;
    const channel = await sendPhoneMessage(
      {
        ...production,
        PHONE_PROVIDER: 'sms',
        SMS_HTTP_URL: `${base}${path.slice('/providers'.length)}`,
        SMS_HTTP_TOKEN: 'sms-token',
        SMS_FROM: 'AlMaabila',
      },
      drizzle(env.DB),
      message,
    );
    expect(channel).toBe('sms');
    expect(await receivedAt(path)).toEqual({
      path,
      authorization: 'Bearer sms-token',
      body: { from: 'AlMaabila', to: '+96891234567', text: 'Your code: 123456' },
    });
  });

  it('PHONE_PROVIDER=whatsapp: the code goes as the authentication template to +<country code>, accepted, delivered only when the webhook says so', async () => {
    const phone = uniquePhone();
    // Through the WhatsApp module (its fake in development), as every WhatsApp message.
    await requestPhoneCode(
      { ...env, PHONE_PROVIDER: 'whatsapp' as const },
      drizzle(env.DB),
      phone,
      someAddress(),
      'en',
    );
    const code = await latestPhoneCode(phone);
    const sent = (
      (await (await call('/api/dev/whatsapp/sent')).json()) as {
        wamid: string;
        to: string;
        waId: string;
        type: string;
        template: { name: string; language: string; parameters: string[] } | null;
        payload: { template: { components: unknown[] } };
      }[]
    ).find((s) => s.waId === phone);
    expect(sent).toMatchObject({
      to: `+${phone}`,
      type: 'template',
      template: { name: 'verification_code', language: 'en', parameters: [code] },
    });
    // Meta's authentication template: the code on its copy-code button too.
    expect(sent!.payload.template.components).toContainEqual({
      type: 'button',
      sub_type: 'url',
      index: '0',
      parameters: [{ type: 'text', text: code }],
    });
    const status = async () =>
      (
        await env.DB.prepare('select status from whatsapp_messages where wamid = ?')
          .bind(sent!.wamid)
          .first<{ status: string }>()
      )?.status;
    // The provider's 200 is "accepted", not "delivered": that comes by the status webhook.
    expect(await status()).toBe('accepted');
    await call('/api/dev/whatsapp/status', {
      method: 'POST',
      json: { messageId: sent!.wamid, status: 'delivered' },
    });
    expect(await status()).toBe('delivered');
  });

  it('a provider that fails: 503 phone_send_failed, never a 500', async () => {
    const failing = {
      ...production,
      PHONE_PROVIDER: 'sms' as const,
      SMS_HTTP_URL: `${base}/fail/sms`,
      SMS_HTTP_TOKEN: 't',
    };
    await expect(
      requestPhoneCode(failing, drizzle(env.DB), uniquePhone(), someAddress(), 'en'),
    ).rejects.toMatchObject({
      status: 503,
      code: 'phone_send_failed',
    });
  });
});
