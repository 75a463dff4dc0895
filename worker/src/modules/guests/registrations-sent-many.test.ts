import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, hotelToday } from '@shared/dates';
import { REGISTRATION_BATCH_MAX } from '@shared/registration-schemas';
import { json, roomIdOf, SEEDED, uniquePhone } from '@worker-test/builders';
import { call, logIn } from '@worker-test/helpers';
import { patchGuest, profileIdOf } from '@worker-test/guest-profiles';

/**
 * "Mark as sent" for a full day's file: POST /api/admin/registrations/sent takes up to
 * REGISTRATION_BATCH_MAX (200) ids, and D1 binds at most 100 values in a statement; the attack of
 * docs/security/attack-2026-11-27.md found 101 ids or more answered with a 500 and nothing marked.
 */
const T = hotelToday();
let staff: string;

beforeAll(async () => {
  staff = (await logIn(SEEDED.staff.email, SEEDED.staff.password)).cookie;
});

/** A stay checked in today in `room` with everything the police need: due. */
async function dueStay(room: string) {
  const row = await env.DB.prepare(
    `insert into booking_submissions (reference, full_name, phone_number, id_number, check_in_date, check_out_date,
       room_type, status, room_id, number_of_guests, adults, children)
     values (?, 'Many Registrations', ?, '', ?, ?, 'silver', 'approved', ?, 1, 1, 0) returning id`,
  )
    .bind(
      `RS${crypto.randomUUID().slice(0, 6).toUpperCase()}`,
      uniquePhone(),
      T,
      addDays(T, 2),
      await roomIdOf(room),
    )
    .first<{ id: number }>();
  await env.DB.prepare('update booking_submissions set checked_in_at = ? where id = ?')
    .bind(Date.now(), row!.id)
    .run();
  const patched = await patchGuest(await profileIdOf(row!.id), {
    nationality: 'om',
    documentType: 'national_id',
    documentNumber: '123456',
    dateOfBirth: '1980-01-01',
  });
  expect(patched.status).toBe(200);
  return row!.id;
}

describe('a full day marked sent at once', () => {
  it(`marks ${REGISTRATION_BATCH_MAX} ids in one request: the due one sent, the others skipped`, async () => {
    const id = await dueStay('201');
    const others = Array.from({ length: REGISTRATION_BATCH_MAX - 1 }, (_, i) => 5_000_000 + i);
    const res = await call('/api/admin/registrations/sent', {
      method: 'POST',
      cookie: staff,
      lang: 'en',
      json: { ids: [id, ...others] },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const body = await json<{ sent: number[]; skipped: number[] }>(res);
    expect(body.sent).toEqual([id]);
    expect(body.skipped).toHaveLength(REGISTRATION_BATCH_MAX - 1);
  });
});
