import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addRoomType,
  bookingRequest,
  day,
  familySuite as familySuiteType,
  staffCookie,
} from '@worker-test/builders';
import { call, uniqueEmail } from '@worker-test/helpers';
import { book, mailsTo, setStatus } from '@worker-test/mail';
import type { Env } from '../../platform/env';
import { roomNameSql, roomTierSql } from '../../platform/messages';
import { deliverEmails } from './email-delivery';

/**
 * What the hotel writes about a booking of a room type an admin added at run time names the type
 * by its own name, in each language: the e-mail, its calendar file, the text message; and the
 * notices written by SQL. The spec's four are said as they always were.
 */
const familySuite = familySuiteType({ pointsPerStay: 25 });
const db = drizzle(env.DB);
const workerEnv = env as unknown as Env;
let staff = '';

beforeAll(async () => {
  staff = await staffCookie();
  await addRoomType(familySuite);
});

async function textsTo(phone: string, count: number): Promise<{ text: string }[]> {
  for (const end = Date.now() + 15_000; Date.now() < end;) {
    await deliverEmails(workerEnv, db);
    const texts = (await (await call(`/api/dev/messages?to=${phone}`)).json()) as { text: string }[];
    if (texts.length >= count) return texts.reverse();
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${phone} never received ${count} text messages`);
}

describe('a room type added at run time, in what the hotel writes', () => {
  it('is named by its own name in the e-mail and its calendar file, in each language', async () => {
    for (const [lang, name] of [
      ['en', 'Family Suite'],
      ['ar', 'جناح عائلي'],
    ] as const) {
      const email = uniqueEmail(`suite-${lang}`);
      const { res, body } = await book(
        bookingRequest({ email, roomType: 'family-suite', checkInDate: day(50), checkOutDate: day(52) }),
        { lang },
      );
      expect(res.status).toBe(201);
      expect((await setStatus(body.booking.id, 'approved', staff)).status).toBe(200);
      const mails = await mailsTo(email, 2);
      for (const mail of mails) {
        expect(mail.text).toContain(name);
        expect(mail.text).not.toContain('family-suite');
      }
      const [ics] = mails.flatMap((m) => m.attachments);
      const calendar = new TextDecoder().decode(Uint8Array.from(atob(ics!.content), (c) => c.charCodeAt(0)));
      expect(calendar).toContain(name);
    }
  });

  it('is named by its own name in a text message', async () => {
    const request = bookingRequest({ roomType: 'family-suite', checkInDate: day(60), checkOutDate: day(61) });
    const { res } = await book(request);
    expect(res.status).toBe(201);
    const [text] = await textsTo(request.phoneNumber, 1);
    expect(text!.text).toContain('جناح عائلي');
  });

  it("is named by its own name in the guest's in-app notice of the hotel's decision", async () => {
    const { res, body } = await book(
      bookingRequest({ roomType: 'family-suite', checkInDate: day(70), checkOutDate: day(71) }),
    );
    expect(res.status).toBe(201);
    expect((await setStatus(body.booking.id, 'cancelled', staff, 'Closed for works')).status).toBe(200);
    const notice = await env.DB.prepare('select message, message_ar from notifications where booking_id = ?')
      .bind(body.booking.id)
      .first<{ message: string; message_ar: string }>();
    expect(notice!.message).toMatch(/^Family Suite, .+\. Reason: Closed for works$/);
    expect(notice!.message_ar).toMatch(/^جناح عائلي، /);
  });

  it('is named by its own name in notices written by SQL; the spec types as before', async () => {
    const [row] = await db.all<Record<string, string>>(
      sql`select ${roomNameSql(sql`'family-suite'`, 'en')} as en, ${roomNameSql(sql`'family-suite'`, 'ar')} as ar,
        ${roomTierSql(sql`'family-suite'`, 'ar')} as short, ${roomNameSql(sql`'gold'`, 'ar')} as gold,
        ${roomNameSql(sql`'gone'`, 'en')} as gone`,
    );
    expect(row).toEqual({
      en: 'Family Suite',
      ar: 'جناح عائلي',
      short: 'جناح عائلي',
      gold: 'الغرفة الذهبية',
      gone: 'gone',
    });
  });
});
