import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { emptyStorage } from '@worker-test/apply-migrations';

/**
 * Migration 0095 puts every stored phone in full (docs/decisions/096-phone-numbers-in-full.md):
 * an Omani number stored as its 8 digits gets its 968, a number stored with its country code stays,
 * in every table that keeps a guest's phone; the search indexes hold them in full. Migration 0096
 * rebuilds the templates' table (any of Meta's language codes, their components and fields). This
 * file builds the database of the migrations before, fills it as the old code did, applies the
 * two, and checks that what matched before still matches.
 */
const FIRST = '0095_phones_in_full.sql';
const LOCAL = '91234567';
const FULL = '96891234567';
const FOREIGN = '447700900123';

describe('migrations 0095 and 0096: phones in full, templates as Meta makes them', () => {
  it('put every stored Omani phone in full, leave the others, and keep every match', async () => {
    const migrations = env.TEST_MIGRATIONS;
    const at = migrations.findIndex((m) => m.name === FIRST);
    expect(at).toBeGreaterThan(0);
    await emptyStorage();
    await applyD1Migrations(env.DB, migrations.slice(0, at));
    const db = env.DB;
    const now = Date.now();
    await db.batch([
      db.prepare("insert into users (id, full_name, email) values (7, 'Old Guest', 'old.guest@example.com')"),
      db
        .prepare(
          `insert into booking_submissions (id, reference, full_name, phone_number, id_number, check_in_date,
           check_out_date, room_type, status) values
           (41, 'KQ7MXPA', 'Maryam Al Said', ?, 'A1234567', '2030-03-01', '2030-03-03', 'gold', 'approved'),
           (42, 'KQ7MXPB', 'John Smith', ?, 'B1234567', '2030-03-01', '2030-03-03', 'gold', 'approved'),
           (43, 'KQ7MXPC', 'Maryam Al Said', ?, 'C1234567', '2030-04-01', '2030-04-03', 'gold', 'pending')`,
        )
        .bind(LOCAL, FOREIGN, LOCAL),
      db
        .prepare('insert into user_phones (user_id, phone_number, verified_at) values (7, ?, ?)')
        .bind(LOCAL, now),
      db
        .prepare(
          "insert into whatsapp_consents (phone, opted_in, source, changed_at) values (?, 1, 'booking', ?)",
        )
        .bind(LOCAL, now),
      db
        .prepare(
          "insert into whatsapp_messages (wamid, phone, direction, kind, body, status) values ('wamid.OLD', ?, 'in', 'text', 'hi', 'received')",
        )
        .bind(LOCAL),
      db.prepare("insert into conversation_threads (phone, last_channel) values (?, 'whatsapp')").bind(LOCAL),
      db
        .prepare(
          "insert into monthly_participations (participant_phone, event_type, participation_month, submission_date) values (?, 'photography', '2030-03', ?)",
        )
        .bind(LOCAL, now),
      db
        .prepare(
          "insert into notifications (user_phone, title, title_ar, message, message_ar, type) values (?, 'T', 'ت', 'M', 'م', 'general')",
        )
        .bind(LOCAL),
      db
        .prepare(
          "insert into email_outbox (kind, recipient, entity_type, entity_id, next_attempt_at, channel) values ('booking_received', ?, 'booking', 41, ?, 'sms'), ('booking_received', 'someone@example.com', 'booking', 42, ?, 'email')",
        )
        .bind(LOCAL, now, now),
      db.prepare(
        "insert into whatsapp_templates (name, language, category, body, parameter_count, status) values ('review_request', 'en', 'UTILITY', 'Hello {{1}}, tell us: {{2}} please.', 2, 'APPROVED')",
      ),
    ]);
    const profileBefore = await db
      .prepare('select profile_id from booking_submissions where id = 41')
      .first<{ profile_id: number }>();
    expect(profileBefore?.profile_id).toBeGreaterThan(0);

    await applyD1Migrations(env.DB, migrations.slice(0, at + 2));

    const one = (query: string) => db.prepare(query).first<Record<string, unknown>>();
    expect(await one('select phone_number from booking_submissions where id = 41')).toEqual({
      phone_number: FULL,
    });
    expect(await one('select phone_number from booking_submissions where id = 42')).toEqual({
      phone_number: FOREIGN,
    });
    expect(
      await one(
        'select phone from guest_profiles where id = (select profile_id from booking_submissions where id = 41)',
      ),
    ).toEqual({ phone: FULL });
    expect(await one('select phone_number from user_phones')).toEqual({ phone_number: FULL });
    expect(await one('select phone from whatsapp_consents')).toEqual({ phone: FULL });
    expect(await one('select phone from whatsapp_messages')).toEqual({ phone: FULL });
    expect(await one('select phone from conversation_threads')).toEqual({ phone: FULL });
    expect(await one('select participant_phone from monthly_participations')).toEqual({
      participant_phone: FULL,
    });
    expect(await one('select user_phone from notifications')).toEqual({ user_phone: FULL });
    expect(await one("select recipient from email_outbox where channel = 'sms'")).toEqual({
      recipient: FULL,
    });
    expect(await one("select recipient from email_outbox where channel = 'email'")).toEqual({
      recipient: 'someone@example.com',
    });
    // The two bookings of one phone still share their profile.
    const profiles = await db
      .prepare('select distinct profile_id from booking_submissions where id in (41, 43)')
      .all();
    expect(profiles.results).toHaveLength(1);
    // The desk's searches find the phone by any part of it, with or without its country code.
    for (const part of ['91234567', '96891234', '1234567']) {
      expect(
        await db
          .prepare('select count(*) as n from booking_search where booking_search match ?')
          .bind(`phone : "${part}"`)
          .first('n'),
      ).toBe(2);
      expect(
        await db
          .prepare('select count(*) as n from guest_search where guest_search match ?')
          .bind(`phone : "${part}"`)
          .first('n'),
      ).toBe(1);
    }
    // A booking made now is indexed in full too.
    await db
      .prepare(
        `insert into booking_submissions (reference, full_name, phone_number, id_number, check_in_date,
           check_out_date, room_type) values ('KQ7MXPD', 'Khalid', '96551234567', 'D1234567', '2030-05-01', '2030-05-02', 'gold')`,
      )
      .run();
    expect(
      await db
        .prepare('select count(*) as n from booking_search where booking_search match ?')
        .bind('phone : "96551234"')
        .first('n'),
    ).toBe(1);

    // The template kept, its body its one component and its two fields; Meta's codes now taken.
    const template = await one(
      "select language, parameter_format, components, fields from whatsapp_templates where name = 'review_request'",
    );
    expect(template).toMatchObject({ language: 'en', parameter_format: 'POSITIONAL' });
    expect(JSON.parse(String(template!.components))).toEqual([
      { type: 'BODY', text: 'Hello {{1}}, tell us: {{2}} please.' },
    ]);
    expect(JSON.parse(String(template!.fields))).toEqual([
      { key: 'body.1', component: 'body', name: '1', kind: 'text' },
      { key: 'body.2', component: 'body', name: '2', kind: 'text' },
    ]);
    await db
      .prepare(
        "insert into whatsapp_templates (name, language, category, body, parameter_count, status, parameter_format) values ('review_request', 'en_GB', 'UTILITY', 'Hi {{guest_name}} there.', 1, 'APPROVED', 'NAMED')",
      )
      .run();
    await expect(
      db
        .prepare(
          "insert into whatsapp_templates (name, language, category, body, parameter_count, status) values ('x', 'fr', 'UTILITY', 'Bonjour', 0, 'APPROVED')",
        )
        .run(),
    ).rejects.toThrow(/CHECK/);
  });
});
