import { env } from 'cloudflare:workers';
import { sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { drizzle } from 'drizzle-orm/d1';
import { describe, expect, it } from 'vitest';
import { emailOutbox } from './email-outbox-tables';
import type { Env } from '../../platform/env';
import { deliverEmails } from './email-delivery';
import { notifyStatements } from '../../platform/notify';
import { bookingRequest, staffCookie as staff, stays } from '@worker-test/builders';
import { uniqueEmail } from '@worker-test/helpers';
import { book, mailbox, mailsTo, outbox, setStatus } from '@worker-test/mail';

/**
 * The e-mail outbox: every state change queues its e-mails in its own batch (email_outbox), or
 * none when the change loses or fails, and each is sent once, after the answer or by the cron.
 * What the messages say: email-messages.test.ts.
 */
const db = drizzle(env.DB);
const workerEnv = env as unknown as Env;

const stay = stays({ from: 43, every: 3 });
const request = (over: Record<string, unknown> = {}) => bookingRequest({ numberOfGuests: 3, ...over }, stay);

describe('queued with the change, or not at all', () => {
  it('queues nothing for a losing concurrent status change or a booking the database refuses', async () => {
    const email = uniqueEmail('race');
    const { body } = await book(request({ email }));
    const cookie = await staff();
    const answers = await Promise.all([
      setStatus(body.booking.id, 'approved', cookie),
      setStatus(body.booking.id, 'approved', cookie),
      setStatus(body.booking.id, 'approved', cookie),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect((await outbox(email)).map((r) => r.kind)).toEqual(['booking_received', 'booking_approved']);

    // No room left: the booking's batch fails on its holds, after the booking's own insert.
    await env.DB.prepare("update room_inventory set total_count = 0 where room_type = 'diamond'").run();
    const refusedTo = uniqueEmail('refused');
    const refused = await book(request({ email: refusedTo, roomType: 'diamond' }));
    expect(refused.res.status).toBe(409);
    await env.DB.prepare(
      "update room_inventory set total_count = max_capacity where room_type = 'diamond'",
    ).run();
    expect(await outbox(refusedTo)).toEqual([]);
  });

  it('queues nothing when a later statement of the batch fails', async () => {
    const email = uniqueEmail('rollback');
    const { body } = await book(request({ email }));
    const id = body.booking.id;
    const queue = notifyStatements(db, { kind: 'booking_confirmed', where: sql`id = ${id}` });
    await expect(
      db.batch([
        ...queue,
        // Breaks the outbox's status CHECK: the whole batch rolls back.
        db.insert(emailOutbox).values({
          kind: 'booking_confirmed',
          recipient: email,
          entityType: 'booking',
          entityId: id,
          status: 'lost' as 'queued',
          nextAttemptAt: new Date(),
        }),
      ] as unknown as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]),
    ).rejects.toThrow();
    expect((await outbox(email)).map((r) => r.kind)).toEqual(['booking_received']);
  });
});

describe('sending once', () => {
  it('retries after a provider failure and sends exactly once', async () => {
    const email = uniqueEmail('flaky');
    const { body } = await book(request({ email }));
    await mailsTo(email, 1);
    await db.batch(
      notifyStatements(db, {
        kind: 'booking_cancelled',
        where: sql`id = ${body.booking.id}`,
        reason: 'test',
      }) as [ReturnType<typeof notifyStatements>[number]],
    );
    const [, row] = await outbox(email);
    const provider = new URL(env.TEST_FAKE_MODEL_URL).origin;
    const httpEnv: Env = {
      ...workerEnv,
      ENVIRONMENT: 'production',
      MAIL_PROVIDER: 'http',
      MAIL_HTTP_URL: `${provider}/mail/flaky`,
      MAIL_HTTP_TOKEN: 'test-token',
    };
    const now = Date.now();
    expect(await deliverEmails(httpEnv, db, now)).toEqual({ sent: 0, failed: 1 });
    expect((await outbox(email))[1]).toMatchObject({
      status: 'queued',
      attempts: 1,
      last_error: 'E-mail provider answered 500',
    });
    expect((await outbox(email))[1]!.next_attempt_at).toBe(now + 60_000);
    // Not due yet: nothing is tried.
    expect(await deliverEmails(httpEnv, db, now + 30_000)).toEqual({ sent: 0, failed: 0 });
    expect(await deliverEmails(httpEnv, db, now + 61_000)).toEqual({ sent: 1, failed: 0 });
    expect(await deliverEmails(httpEnv, db, now + 10 * 3600_000)).toEqual({ sent: 0, failed: 0 });
    expect((await outbox(email))[1]).toMatchObject({ status: 'sent', attempts: 2 });
    const accepted = (await (
      await fetch(`${provider}/mail/accepted?key=email-outbox-${row!.id}`)
    ).json()) as {
      tries: number;
      accepted: number;
      body: string;
    };
    expect(accepted).toMatchObject({ tries: 2, accepted: 1 });
    expect(JSON.parse(accepted.body)).toMatchObject({
      to: [email],
      subject: expect.stringContaining('إلغاء'),
    });
  });

  it('sends each message once when two deliveries race', async () => {
    const emails = [uniqueEmail('racer'), uniqueEmail('racer'), uniqueEmail('racer')];
    const ids: number[] = [];
    for (const email of emails) ids.push((await book(request({ email }))).body.booking.id);
    for (const email of emails) await mailsTo(email, 1);
    await db.batch(
      notifyStatements(db, {
        kind: 'booking_confirmed',
        where: sql`id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      }) as [ReturnType<typeof notifyStatements>[number]],
    );
    const results = await Promise.all([
      deliverEmails(workerEnv, db),
      deliverEmails(workerEnv, db),
      deliverEmails(workerEnv, db),
    ]);
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(3);
    for (const email of emails) {
      const mails = await mailbox(email);
      expect(mails.filter((m) => m.subject.includes('تم تأكيد حجزك'))).toHaveLength(1);
      expect(mails).toHaveLength(2);
    }
  });
});
