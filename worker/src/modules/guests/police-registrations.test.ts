import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatBookingReference } from '@shared/booking-reference';
import { addDays, hotelToday } from '@shared/dates';
import type { StayRegistration } from '@shared/registration-schemas';
import { json, markCheckedIn, one, roomIdOf, SEEDED, staffAccount, uniquePhone } from '@worker-test/builders';
import { call, logIn, signUp } from '@worker-test/helpers';
import { patchGuest, profileIdOf } from '@worker-test/guest-profiles';
import { registrationIntegrityChecks } from './registrations';

/**
 * Each stay's police registration (docs/decisions/093): its state through a stay's life
 * (incomplete, completed and due, in the day's file, sent and not in it again, changed after it
 * was sent and so corrected and in the file again, failed with its reason), kept by the database
 * in the same transaction as the change; who may read and send them; bad requests refused; the
 * nightly integrity check's line for a stay checked in more than a day and not sent.
 */

const db = drizzle(env.DB);
const T = hotelToday();
let staff: string;

beforeAll(async () => {
  staff = (await logIn(SEEDED.staff.email, SEEDED.staff.password)).cookie;
});

/**
 * A stay in room `room` checked in at `checkedInAt` (written as the desk's check-in leaves it), its
 * own guest; `adults` adults (one unless said: the police want each).
 */
async function checkedIn(
  room: string,
  opts: { checkedInAt?: number; name?: string; idNumber?: string; adults?: number } = {},
) {
  const row = await env.DB.prepare(
    `insert into booking_submissions (reference, full_name, phone_number, id_number, check_in_date, check_out_date,
       room_type, status, room_id, number_of_guests, adults, children)
     values (?, ?, ?, ?, ?, ?, 'silver', 'approved', ?, ?, ?, 0) returning id, reference`,
  )
    .bind(
      `PR${crypto.randomUUID().slice(0, 6).toUpperCase()}`,
      opts.name ?? 'Police Guest',
      uniquePhone(),
      opts.idNumber ?? '',
      T,
      addDays(T, 2),
      await roomIdOf(room),
      opts.adults ?? 1,
      opts.adults ?? 1,
    )
    .first<{ id: number; reference: string }>();
  // The check-in is an update of the stay, as the desk's is.
  await markCheckedIn(row!.id, opts.checkedInAt);
  return row!;
}

const list = async (date = T, query = '', cookie = staff) => {
  const res = await call(`/api/admin/registrations?date=${date}${query}`, { cookie });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await json<{ registrations: StayRegistration[] }>(res)).registrations;
};
const of = async (id: number, date = T) => (await list(date)).find((r) => r.bookingId === id);
const file = async (date = T) => {
  const res = await call(`/api/admin/registrations/export?date=${date}`, { cookie: staff });
  expect(res.status).toBe(200);
  return res.text();
};
const markSent = (ids: unknown, cookie = staff) =>
  call('/api/admin/registrations/sent', { method: 'POST', cookie, json: { ids }, lang: 'en' });

describe("a stay's police registration", () => {
  it('goes incomplete -> completed (due) -> in the file -> sent -> not again -> changed -> corrected -> in the file again', async () => {
    const stay = await checkedIn('201', { name: 'Salim Registration' });
    const shown = formatBookingReference(stay.reference);

    // Checked in without any registration detail: incomplete, the missing fields named.
    let r = await of(stay.id);
    expect(r?.state).toBe('incomplete');
    expect(r?.missing).toEqual(['nationality', 'documentType', 'documentNumber', 'dateOfBirth']);
    expect(r?.dueDate).toBe(T);
    expect(await file()).not.toContain(shown);
    expect((await list(T, '&state=incomplete')).some((x) => x.bookingId === stay.id)).toBe(true);

    // The desk completes all but the date of birth: still incomplete, only that one missing.
    const profile = await profileIdOf(stay.id);
    const patch = await patchGuest(profile, {
      nationality: 'om',
      documentType: 'national_id',
      documentNumber: '٩٨٧٦٥٤',
    });
    expect(patch.status).toBe(200);
    r = await of(stay.id);
    expect(r).toMatchObject({ state: 'incomplete', missing: ['dateOfBirth'], nationality: 'OM' });
    expect(await file()).not.toContain(shown);

    // Completed: due, and in the day's file as an arrival.
    expect((await patchGuest(profile, { dateOfBirth: '1985-02-03' })).status).toBe(200);
    r = await of(stay.id);
    expect(r).toMatchObject({ state: 'due', missing: [] });
    expect((await list(T, '&state=due')).some((x) => x.bookingId === stay.id)).toBe(true);
    const first = await file();
    const line = first.split('\n').find((l) => l.includes(shown))!;
    expect(line).toContain('arrival');
    expect(line).toContain('1985-02-03');
    expect(line).toContain('987654');

    // Marked sent, with who and when: out of the file; sent again, skipped.
    const sent = await markSent([stay.id]);
    expect(sent.status).toBe(200);
    expect(await json(sent)).toMatchObject({
      sent: [stay.id],
      skipped: [],
      message: 'Marked as sent to the police',
    });
    r = await of(stay.id);
    expect(r).toMatchObject({ state: 'sent', sentBy: expect.any(String) });
    expect(Date.now() - Date.parse(r!.sentAt!)).toBeLessThan(60_000);
    expect(await file()).not.toContain(shown);
    expect(await json(await markSent([stay.id]))).toMatchObject({ sent: [], skipped: [stay.id] });
    const audit = await one<{ n: number }>(
      `select count(*) as n from audit_log where action = 'registration.sent' and entity_id = ?`,
      String(stay.id),
    );
    expect(audit?.n).toBe(1);

    // The document number changes after it was sent: corrected (due again today), in the file as a correction.
    expect((await patchGuest(profile, { documentNumber: '111222' })).status).toBe(200);
    r = await of(stay.id);
    expect(r).toMatchObject({ state: 'corrected', missing: [], dueDate: T });
    const again = (await file()).split('\n').find((l) => l.includes(shown))!;
    expect(again).toContain('correction');
    expect(again).toContain('111222');

    // Sent again; then a room move is a change too.
    expect(await json(await markSent([stay.id]))).toMatchObject({ sent: [stay.id] });
    await env.DB.prepare('update booking_submissions set room_id = ? where id = ?')
      .bind(await roomIdOf('202'), stay.id)
      .run();
    expect((await of(stay.id))?.state).toBe('corrected');

    // A change that clears a field the police need: a corrected one missing it is incomplete.
    expect((await patchGuest(profile, { dateOfBirth: null })).status).toBe(200);
    expect(await of(stay.id)).toMatchObject({ state: 'incomplete', missing: ['dateOfBirth'] });
    expect(await json(await markSent([stay.id]))).toMatchObject({ sent: [], skipped: [stay.id] });
  });

  it('records a failure with its reason, puts it in the next file, and a change makes it due', async () => {
    const stay = await checkedIn('203', { idNumber: 'P7654321' });
    const profile = await profileIdOf(stay.id);
    await patchGuest(profile, { nationality: 'DE', documentType: 'passport', dateOfBirth: '1970-01-01' });
    expect((await of(stay.id))?.state).toBe('due');
    await markSent([stay.id]);
    const failed = await call('/api/admin/registrations/failed', {
      method: 'POST',
      cookie: staff,
      json: { ids: [stay.id], reason: 'Document number rejected' },
    });
    expect(failed.status).toBe(200);
    expect(await of(stay.id)).toMatchObject({ state: 'failed', failedReason: 'Document number rejected' });
    expect(await file()).toContain(formatBookingReference(stay.reference));
    // The booking's own ID number stands for the document number when the profile has none.
    expect((await of(stay.id))?.documentNumber).toBe('P7654321');
    await patchGuest(profile, { documentNumber: 'C1234567' });
    expect((await of(stay.id))?.state).toBe('due');
  });

  it('records a refusal only of what was sent: a due, corrected or failed one is a 409 in the reader’s language, nothing changed', async () => {
    const refuse = (ids: number[], lang: 'ar' | 'en' = 'en') =>
      call('/api/admin/registrations/failed', {
        method: 'POST',
        cookie: staff,
        lang,
        json: { ids, reason: 'Rejected' },
      });
    const stay = await checkedIn('205', { idNumber: 'P5550001' });
    const profile = await profileIdOf(stay.id);
    await patchGuest(profile, { nationality: 'OM', documentType: 'national_id', dateOfBirth: '1980-02-02' });
    expect((await of(stay.id))?.state).toBe('due');
    // Due: never sent, so the police cannot have refused it.
    for (const [lang, words] of [
      ['en', /sent to the police/],
      ['ar', /[\u0600-\u06FF]/],
    ] as const) {
      const res = await refuse([stay.id], lang);
      const body = await json<{ error: { code: string; message: string; ids: number[] } }>(res);
      expect([res.status, body.error.code, body.error.ids]).toEqual([
        409,
        'registration_not_sent',
        [stay.id],
      ]);
      expect(body.error.message).toMatch(words);
    }
    expect(await of(stay.id)).toMatchObject({ state: 'due', failedReason: null });
    // Sent: refused. Then failed (not sent again): a second refusal is refused.
    await markSent([stay.id]);
    expect((await refuse([stay.id])).status).toBe(200);
    expect((await of(stay.id))?.state).toBe('failed');
    expect((await refuse([stay.id])).status).toBe(409);
    // Resent, then corrected: not what the police hold; with a sent one in the same request, neither changes.
    await markSent([stay.id]);
    const other = await checkedIn('206', { idNumber: 'P5550002' });
    await patchGuest(await profileIdOf(other.id), {
      nationality: 'OM',
      documentType: 'national_id',
      dateOfBirth: '1981-03-03',
    });
    await markSent([other.id]);
    await patchGuest(profile, { documentNumber: 'C7654321' });
    expect((await of(stay.id))?.state).toBe('corrected');
    const mixed = await refuse([other.id, stay.id]);
    expect(mixed.status).toBe(409);
    expect((await json<{ error: { ids: number[] } }>(mixed)).error.ids).toEqual([stay.id]);
    expect((await of(other.id))?.state).toBe('sent');
    // An id with no registration is no refusal either.
    expect((await refuse([999_999])).status).toBe(409);
  });

  it('is not corrected when a departed guest is changed, and the list carries the unsent of earlier days', async () => {
    // Over a day ago (the integrity check's line), and still yesterday in hotel time whatever the
    // hour the test runs at (26 hours ago was the day before yesterday before 02:00 in Muscat).
    const yesterday = Date.now() - 24 * 3600_000 - 60_000;
    const old = await checkedIn('204', { checkedInAt: yesterday });
    const earlier = (await of(old.id))!;
    expect(earlier.dueDate).toBe(addDays(T, -1));
    // Today's list holds yesterday's still unsent; the integrity check names it (checked in over a day ago).
    const check = registrationIntegrityChecks(50)[0]!;
    const found = await db.all<{ bookingId: number }>(check.query);
    expect(found.map((f) => f.bookingId)).toContain(old.id);

    const profile = await profileIdOf(old.id);
    await patchGuest(profile, {
      nationality: 'IN',
      documentType: 'passport',
      documentNumber: 'K123456',
      dateOfBirth: '1991-01-01',
    });
    await markSent([old.id]);
    expect((await db.all<{ bookingId: number }>(check.query)).map((f) => f.bookingId)).not.toContain(old.id);
    await env.DB.prepare('update booking_submissions set checked_out_at = ?, status = ? where id = ?')
      .bind(Date.now(), 'completed', old.id)
      .run();
    await patchGuest(profile, { documentNumber: 'K999999' });
    expect(
      (await one<{ state: string }>('select state from stay_registrations where booking_id = ?', old.id))
        ?.state,
    ).toBe('sent');
  });
});

const putCompanions = (id: number, companions: unknown, lang: 'ar' | 'en' = 'en', cookie = staff) =>
  call(`/api/admin/registrations/${id}/companions`, { method: 'PUT', cookie, json: { companions }, lang });

describe('every adult of the room (the companions)', () => {
  it('two adults: incomplete until the companion is recorded in full, one line each in the file, a companion changed after sent corrects it', async () => {
    const stay = await checkedIn('208', { name: 'Lead Adult', adults: 2 });
    const shown = formatBookingReference(stay.reference);
    const profile = await profileIdOf(stay.id);
    await patchGuest(profile, {
      nationality: 'OM',
      documentType: 'national_id',
      documentNumber: '12345678',
      dateOfBirth: '1980-05-06',
    });
    // The lead guest complete, the second adult not recorded: incomplete, `adults` named.
    expect(await of(stay.id)).toMatchObject({
      state: 'incomplete',
      adults: 2,
      missing: ['adults'],
      companions: [],
    });

    // The companion recorded without a date of birth (Arabic-Indic digits in the number): that is named.
    const put = await putCompanions(stay.id, [
      {
        fullName: 'Second Adult',
        nationality: 'in',
        documentType: 'passport',
        documentNumber: 'Z٤٥٦٧٨٩',
        dateOfBirth: null,
      },
    ]);
    expect(put.status, await put.clone().text()).toBe(200);
    const saved = await json<{ companions: { id: number; documentNumber: string }[]; message: string }>(put);
    expect(saved.message).toBe('The other adults of the stay are saved');
    expect(saved.companions[0]!.documentNumber).toBe('Z456789');
    const companionId = saved.companions[0]!.id;
    const r = await of(stay.id);
    expect(r).toMatchObject({ state: 'incomplete', missing: ['companions.1.dateOfBirth'] });
    expect(r?.companions[0]).toMatchObject({
      fullName: 'Second Adult',
      nationality: 'IN',
      missing: ['dateOfBirth'],
    });
    expect(await file()).not.toContain(shown);

    // Completed (the date typed in Arabic-Indic digits): due, two lines in the day's file.
    const companion = {
      id: companionId,
      fullName: 'Second Adult',
      nationality: 'IN',
      documentType: 'passport',
      documentNumber: 'Z456789',
    };
    expect((await putCompanions(stay.id, [{ ...companion, dateOfBirth: '١٩٨٢-٠٧-٠٨' }])).status).toBe(200);
    expect(await of(stay.id)).toMatchObject({ state: 'due', missing: [] });
    const lines = (await file()).split('\n').filter((l) => l.includes(shown));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('Lead Adult');
    expect(lines[0]).toContain('12345678');
    expect(lines[1]).toContain('Second Adult');
    expect(lines[1]).toContain('Z456789');
    expect(lines[1]).toContain('1982-07-08');
    expect(lines[1]).toContain('IN');

    // Sent; the same companions saved again change nothing (still sent).
    expect(await json(await markSent([stay.id]))).toMatchObject({ sent: [stay.id] });
    expect((await putCompanions(stay.id, [{ ...companion, dateOfBirth: '1982-07-08' }])).status).toBe(200);
    expect((await of(stay.id))?.state).toBe('sent');

    // The companion's document changed after it was sent: corrected, in the file again as a correction.
    expect(
      (await putCompanions(stay.id, [{ ...companion, documentNumber: 'Z999999', dateOfBirth: '1982-07-08' }]))
        .status,
    ).toBe(200);
    expect(await of(stay.id)).toMatchObject({ state: 'corrected', dueDate: T });
    const again = (await file()).split('\n').filter((l) => l.includes(shown));
    expect(again).toHaveLength(2);
    expect(again[1]).toContain('correction');
    expect(again[1]).toContain('Z999999');

    // Removed after it was sent again: corrected, and incomplete (an adult short).
    await markSent([stay.id]);
    expect((await putCompanions(stay.id, [])).status).toBe(200);
    expect(await of(stay.id)).toMatchObject({ state: 'incomplete', missing: ['adults'] });
    expect(
      (await one<{ state: string }>('select state from stay_registrations where booking_id = ?', stay.id))
        ?.state,
    ).toBe('corrected');
  });

  it('refuses bad companions in the language asked, an id of another stay, a stay that has left, and a housekeeper', async () => {
    const stay = await checkedIn('209', { adults: 2 });
    const other = await checkedIn('210', { adults: 2 });
    const ok = {
      fullName: 'A Companion',
      nationality: null,
      documentType: null,
      documentNumber: null,
      dateOfBirth: null,
    };
    for (const bad of [
      [{ ...ok, fullName: ' ' }],
      [{ ...ok, nationality: 'XX' }],
      [{ ...ok, dateOfBirth: '2999-01-01' }],
      [{ ...ok, documentNumber: '<>' }],
      [{ ...ok, documentType: 'visa' }],
      new Array(12).fill(ok),
      'all',
    ]) {
      const res = await putCompanions(stay.id, bad, 'ar');
      expect(res.status, JSON.stringify(bad).slice(0, 60)).toBe(400);
      expect(JSON.stringify(await res.json())).toMatch(/[\u0600-\u06FF]/);
    }
    const mine = await json<{ companions: { id: number }[] }>(await putCompanions(stay.id, [ok]));
    const theirs = await putCompanions(other.id, [{ ...ok, id: mine.companions[0]!.id }]);
    expect(theirs.status).toBe(404);
    expect((await putCompanions(999_999_999, [ok])).status).toBe(404);
    const housekeeper = (await staffAccount({ role: 'housekeeper' })).cookie;
    expect((await putCompanions(stay.id, [], 'en', housekeeper)).status).toBe(403);
    await env.DB.prepare('update booking_submissions set checked_out_at = ?, status = ? where id = ?')
      .bind(Date.now(), 'completed', stay.id)
      .run();
    expect((await putCompanions(stay.id, [])).status).toBe(409);
    // Nothing changed by the refusals: the one companion stays.
    expect(
      (await one<{ n: number }>('select count(*) as n from stay_companions where booking_id = ?', stay.id))
        ?.n,
    ).toBe(1);
  });
});

const correct = (id: number, body: unknown, lang: 'ar' | 'en' = 'en', cookie = staff) =>
  call(`/api/admin/registrations/${id}/correction`, { method: 'POST', cookie, json: body, lang });
const refuse = (ids: number[], reason: string) =>
  call('/api/admin/registrations/failed', { method: 'POST', cookie: staff, json: { ids, reason } });

/** A stay of two adults, both complete, sent and refused by the police with `reason`. */
async function refusedStay(room: string, reason: string) {
  const stay = await checkedIn(room, { name: 'Refused Lead', adults: 2 });
  await patchGuest(await profileIdOf(stay.id), {
    nationality: 'DE',
    documentType: 'passport',
    documentNumber: 'C0000001',
    dateOfBirth: '1975-04-04',
  });
  const put = await putCompanions(stay.id, [
    {
      fullName: 'Refused Second',
      nationality: 'DE',
      documentType: 'passport',
      documentNumber: 'C0000002',
      dateOfBirth: '1976-05-05',
    },
  ]);
  const companionId = (await json<{ companions: { id: number }[] }>(put)).companions[0]!.id;
  expect(await json(await markSent([stay.id]))).toMatchObject({ sent: [stay.id] });
  expect((await refuse([stay.id], reason)).status).toBe(200);
  expect((await of(stay.id))?.state).toBe('failed');
  return { ...stay, companionId };
}

describe('correcting a registration the police refused', () => {
  it('corrects the guest and the other adults and marks it corrected, audited, in one batch; then in the file as a correction', async () => {
    const stay = await refusedStay('212', 'Passport number and second adult’s birth date wrong');
    const shown = formatBookingReference(stay.reference);
    const res = await correct(stay.id, {
      guest: { documentNumber: 'C١٢٣٤٥٦٧' },
      companions: [
        {
          id: stay.companionId,
          fullName: 'Refused Second',
          nationality: 'DE',
          documentType: 'passport',
          documentNumber: 'C0000002',
          dateOfBirth: '1977-06-06',
        },
      ],
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const body = await json<{ registration: StayRegistration; message: string }>(res);
    expect(body.message).toBe('Corrected: it goes in the next police file as a correction');
    expect(body.registration).toMatchObject({
      state: 'corrected',
      dueDate: T,
      failedReason: null,
      documentNumber: 'C1234567',
    });
    expect(body.registration.companions[0]).toMatchObject({ dateOfBirth: '1977-06-06' });
    expect(await of(stay.id)).toMatchObject({ state: 'corrected', missing: [] });
    // The audit line names what changed, never the values (no identity documents in the audit).
    const audit = await one<{ before: string; after: string; n: number }>(
      `select before, after, count(*) over () as n from audit_log where action = 'registration.corrected' and entity_id = ?`,
      String(stay.id),
    );
    expect(audit?.n).toBe(1);
    expect(JSON.parse(audit!.after)).toEqual({
      state: 'corrected',
      fields: ['documentNumber'],
      companions: 1,
    });
    expect(JSON.parse(audit!.before)).toMatchObject({
      state: 'failed',
      reason: 'Passport number and second adult’s birth date wrong',
    });
    expect(audit!.after).not.toContain('1234567');
    // In the next file, both adults, as a correction with the new details.
    const lines = (await file()).split('\n').filter((l) => l.includes(shown));
    expect(lines).toHaveLength(2);
    expect(lines.every((l) => l.includes('correction'))).toBe(true);
    expect(lines.join('\n')).toContain('C1234567');
    expect(lines.join('\n')).toContain('1977-06-06');
    // Corrected once: a second correction is refused, and changes nothing.
    const again = await correct(stay.id, { guest: { documentNumber: 'C7777777' } });
    expect([again.status, (await json<{ error: { code: string } }>(again)).error.code]).toEqual([
      409,
      'registration_not_failed',
    ]);
    expect((await of(stay.id))?.documentNumber).toBe('C1234567');
  });

  it('refuses what is not refused, nothing changed, bad details and the wrong people, in the language asked', async () => {
    const stay = await refusedStay('301', 'Nationality missing on the form');
    const code = async (res: Response) => [
      res.status,
      (await json<{ error: { code: string; message: string } }>(res)).error.code,
    ];
    // A registration never sent (due): nothing the police refused.
    const due = await checkedIn('302', { idNumber: 'P1110001' });
    const notFailed = await correct(due.id, { guest: { nationality: 'OM' } }, 'ar');
    const refused = await json<{ error: { code: string; message: string } }>(notFailed);
    expect([notFailed.status, refused.error.code]).toEqual([409, 'registration_not_failed']);
    expect(refused.error.message).toMatch(/[\u0600-\u06FF]/);
    // The same details again: nothing changed.
    expect(
      await code(await correct(stay.id, { guest: { documentNumber: 'C0000001', nationality: 'DE' } })),
    ).toEqual([422, 'registration_nothing_changed']);
    expect(await code(await correct(stay.id, {}))).toEqual([422, 'registration_nothing_changed']);
    // Bad details, unknown fields, another stay's companion, an unknown stay.
    expect(await code(await correct(stay.id, { guest: { documentNumber: '!!' } }))).toEqual([
      400,
      'validation_failed',
    ]);
    expect(await code(await correct(stay.id, { guest: { nationality: 'XX' } }))).toEqual([
      400,
      'validation_failed',
    ]);
    expect(await code(await correct(stay.id, { guest: { vip: true } }))).toEqual([400, 'validation_failed']);
    expect(
      await code(
        await correct(stay.id, {
          companions: [
            {
              id: 999999,
              fullName: 'X',
              nationality: null,
              dateOfBirth: null,
              documentType: null,
              documentNumber: null,
            },
          ],
        }),
      ),
    ).toEqual([404, 'companion_not_found']);
    expect((await correct(99_999_999, { guest: { nationality: 'OM' } })).status).toBe(404);
    // Not the desk's: a housekeeper, a guest, the signed out.
    const housekeeper = (await staffAccount({ role: 'housekeeper' })).cookie;
    expect((await correct(stay.id, { guest: { nationality: 'OM' } }, 'en', housekeeper)).status).toBe(403);
    expect(
      (await correct(stay.id, { guest: { nationality: 'OM' } }, 'en', (await signUp()).cookie)).status,
    ).toBe(403);
    expect((await correct(stay.id, { guest: { nationality: 'OM' } }, 'en', '')).status).toBe(401);
    // Still as the police refused it.
    expect(await of(stay.id)).toMatchObject({
      state: 'failed',
      nationality: 'DE',
      failedReason: 'Nationality missing on the form',
    });
  });

  it('makes one correction of two raced: the other is refused and writes nothing', async () => {
    const stay = await refusedStay('211', 'Wrong document');
    const [a, b] = await Promise.all([
      correct(stay.id, { guest: { documentNumber: 'C2222222' } }),
      correct(stay.id, { guest: { documentNumber: 'C3333333' } }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const won = a.status === 200 ? 'C2222222' : 'C3333333';
    expect(await of(stay.id)).toMatchObject({ state: 'corrected', documentNumber: won });
    const audit = await one<{ n: number }>(
      `select count(*) as n from audit_log where action = 'registration.corrected' and entity_id = ?`,
      String(stay.id),
    );
    expect(audit?.n).toBe(1);
  });
});

describe('who may read and send registrations', () => {
  it('front desk and above; a housekeeper and a guest are refused', async () => {
    const housekeeper = (await staffAccount({ role: 'housekeeper' })).cookie;
    const guest = (await signUp()).cookie;
    const manager = (await logIn(SEEDED.manager.email, SEEDED.manager.password)).cookie;
    for (const cookie of [housekeeper, guest]) {
      expect((await call(`/api/admin/registrations?date=${T}`, { cookie })).status).toBe(403);
      expect((await call(`/api/admin/registrations/export?date=${T}`, { cookie })).status).toBe(403);
      expect((await markSent([1], cookie)).status).toBe(403);
    }
    expect((await call(`/api/admin/registrations?date=${T}`)).status).toBe(401);
    expect((await call(`/api/admin/registrations?date=${T}`, { cookie: manager })).status).toBe(200);
  });
});

describe('bad requests', () => {
  it('answer 400 with the reason in the language asked, and change nothing', async () => {
    for (const q of ['date=2026-13-01', 'date=yesterday', '', `date=${T}&state=lost`]) {
      const res = await call(`/api/admin/registrations?${q}`, { cookie: staff, lang: 'ar' });
      expect(res.status, q).toBe(400);
      expect(JSON.stringify(await res.json())).toMatch(/[\u0600-\u06FF]/);
    }
    expect((await call('/api/admin/registrations/export?date=2026-02-30', { cookie: staff })).status).toBe(
      400,
    );
    for (const ids of [[], ['x'], [1.5], 'all', new Array(201).fill(1)]) {
      expect((await markSent(ids)).status, JSON.stringify(ids).slice(0, 20)).toBe(400);
    }
    const noReason = await call('/api/admin/registrations/failed', {
      method: 'POST',
      cookie: staff,
      json: { ids: [1], reason: '  ' },
    });
    expect(noReason.status).toBe(400);
    // A day after today is out of range (422), as before.
    expect((await call(`/api/admin/registrations?date=${addDays(T, 1)}`, { cookie: staff })).status).toBe(
      422,
    );
  });
});
