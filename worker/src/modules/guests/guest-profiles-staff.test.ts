import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { hotelToday } from '@shared/dates';
import { emailKey, nameKey } from '@shared/guest-profile-schemas';
import { book, json, setBookingStatus, staffAccount, staffCookie, uniquePhone } from '@worker-test/builders';
import { call, signUp } from '@worker-test/helpers';
import { getGuest, patchGuest, profileIdOf, search, type Profile } from '@worker-test/guest-profiles';

/**
 * Guest profiles at the desk: a booking joins its guest's profile as it is made (the account's,
 * else its phone's), staff find, change and merge profiles (staff only: a housekeeper and a guest
 * are refused). The registration list, the guest's own details and the retention:
 * guest-details.test.ts.
 */

let staff: string;
let housekeeper: string;

beforeAll(async () => {
  staff = await staffCookie();
  housekeeper = (await staffAccount({ role: 'housekeeper' })).cookie;
});

describe('a booking joins its guest profile', () => {
  it('bookings from one phone without an account share one profile; another phone makes another', async () => {
    const phone = uniquePhone();
    const first = await book({ phoneNumber: phone, fullName: 'Maryam Al Said' });
    const second = await book({ phoneNumber: `+968 ${phone.slice(3)}`, fullName: 'Maryam Al Said' });
    const other = await book({ fullName: 'Maryam Al Said' });
    const id = await profileIdOf(first.id);
    expect(await profileIdOf(second.id)).toBe(id);
    expect(await profileIdOf(other.id)).not.toBe(id);
  });

  it('two bookings racing from a new phone make one profile', async () => {
    const phone = uniquePhone();
    const [a, b] = await Promise.all([
      book({ phoneNumber: phone, fullName: 'Racing Guest' }),
      book({ phoneNumber: phone, fullName: 'Racing Guest' }),
    ]);
    expect(await profileIdOf(a.id)).toBe(await profileIdOf(b.id));
    const n = await env.DB.prepare(
      'select count(*) as n from guest_profiles where phone = ? and user_id is null',
    )
      .bind(phone)
      .first<{ n: number }>();
    expect(n!.n).toBe(1);
  });

  it("an account's bookings share the account's profile, apart from the same phone's bookings without one", async () => {
    const phone = uniquePhone();
    const { cookie } = await signUp('Huda Al Lawati');
    const a = await book({ phoneNumber: phone }, { cookie });
    const b = await book({}, { cookie });
    const anonymous = await book({ phoneNumber: phone });
    expect(await profileIdOf(a.id)).toBe(await profileIdOf(b.id));
    expect(await profileIdOf(anonymous.id)).not.toBe(await profileIdOf(a.id));
  });
});

describe('search keys', () => {
  it("the database's name and e-mail keys are the code's (nameKey, emailKey)", async () => {
    for (const [fullName, email] of [
      ['  Ahmed AL-Balushi ', 'Ahmed.B@Example.COM'],
      ['إبراهيم آل سعيد', null],
      ['فاطمة مصطفى', null],
      ['ٱمنة أحمد', null],
    ] as const) {
      const booking = await book({ fullName, ...(email && { email }) });
      const row = await env.DB.prepare(
        'select p.name_key, p.email_key from guest_profiles p join booking_submissions b on b.profile_id = p.id where b.id = ?',
      )
        .bind(booking.id)
        .first<{ name_key: string; email_key: string | null }>();
      expect(row!.name_key, fullName).toBe(nameKey(fullName));
      expect(row!.email_key, fullName).toBe(email ? emailKey(email) : null);
    }
  });
});

describe('staff find and change profiles', () => {
  it('finds a profile by its name (Arabic alef forms folded), phone, e-mail or document', async () => {
    const phone = uniquePhone();
    const booking = await book({
      phoneNumber: phone,
      fullName: 'أحمد البوسعيدي',
      email: 'Ahmed.B@example.com',
    });
    const id = await profileIdOf(booking.id);
    expect((await patchGuest(id, { documentType: 'passport', documentNumber: 'P-99 12345' })).status).toBe(
      200,
    );
    for (const q of ['احمد البو', phone.slice(0, 5), 'ahmed.b@', 'p9912', toArabicIndic(phone.slice(0, 6))]) {
      const res = await search(q);
      expect(res.status, q).toBe(200);
      const { guests } = await json<{ guests: Profile[] }>(res);
      expect(
        guests.map((g) => g.id),
        q,
      ).toContain(id);
    }
    expect((await search('x')).status).toBe(400);
    expect((await search('a'.repeat(101))).status).toBe(400);
  });

  it('changes nationality, document, flags and notes with an audit line; refuses bad values with 4xx in the language', async () => {
    const booking = await book({ fullName: 'Rashid Al Hinai' });
    const id = await profileIdOf(booking.id);
    const res = await patchGuest(id, {
      nationality: 'om',
      dateOfBirth: '١٩٨٥-٠٣-١٢',
      documentType: 'national_id',
      documentNumber: '12345678',
      documentExpiry: '2030-01-31',
      vip: true,
      notes: 'Prefers a high floor',
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const { profile, stays } = await json<{ profile: Profile & { dateOfBirth: string }; stays: unknown[] }>(
      await getGuest(id),
    );
    expect(profile).toMatchObject({
      nationality: 'OM',
      dateOfBirth: '1985-03-12',
      vip: true,
      documentNumber: '12345678',
    });
    expect(stays).toHaveLength(1);
    const audit = await env.DB.prepare(
      "select before, after from audit_log where action = 'guest.updated' and entity_id = ? order by id desc",
    )
      .bind(String(id))
      .first<{ before: string; after: string }>();
    expect(JSON.parse(audit!.after)).toMatchObject({ nationality: 'OM', vip: true });
    expect(JSON.parse(audit!.before)).toMatchObject({ nationality: null, vip: false });

    for (const bad of [
      { nationality: 'XX' },
      { nationality: 'EU' },
      { dateOfBirth: '2999-01-01' },
      { dateOfBirth: '1985-02-30' },
      { documentType: 'driving_licence' },
      { documentNumber: '=cmd|x' },
      { notes: 'x'.repeat(1001) },
      { vip: 'yes' },
      { unknown: 1 },
      {},
    ]) {
      const refused = await patchGuest(id, bad, staff, 'ar');
      expect(refused.status, JSON.stringify(bad)).toBe(400);
      const body = await json<{ error: { code: string; message: string } }>(refused);
      expect(body.error.message, JSON.stringify(bad)).toMatch(/[\u0600-\u06FF]/);
    }
    expect((await patchGuest(999_999, { vip: true })).status).toBe(404);
    expect((await patchGuest(id, 'x'.repeat(200_000))).status).toBeGreaterThanOrEqual(400);
  });

  it('refuses housekeepers and guests everything, signed-out callers too', async () => {
    const booking = await book({});
    const id = await profileIdOf(booking.id);
    const { cookie: guestCookie } = await signUp('Curious Guest');
    for (const cookie of [housekeeper, guestCookie]) {
      expect((await getGuest(id, cookie)).status).toBe(403);
      expect((await search('Khalid', cookie)).status).toBe(403);
      expect((await patchGuest(id, { vip: true }, cookie)).status).toBe(403);
      expect(
        (await call(`/api/admin/guests/${id}/merge`, { method: 'POST', cookie, json: { otherId: id + 1 } }))
          .status,
      ).toBe(403);
      expect((await call(`/api/admin/registrations?date=${hotelToday()}`, { cookie })).status).toBe(403);
      expect(
        (await call(`/api/admin/registrations?date=${hotelToday()}&format=csv`, { cookie })).status,
      ).toBe(403);
    }
    expect((await getGuest(id, '')).status).toBe(401);
  });
});

/** The profile's row in the full-text index of the guest search (0 or 1). */
async function searchRows(id: number): Promise<number> {
  const row = await env.DB.prepare('select count(*) as n from guest_search where rowid = ?')
    .bind(id)
    .first<{ n: number }>();
  return row!.n;
}

const foundIds = async (q: string) => {
  const res = await search(q);
  expect(res.status, q).toBe(200);
  return (await json<{ guests: Profile[] }>(res)).guests.map((g) => g.id);
};

describe('staff find a profile by any part of it', () => {
  it('a family name in English and in Arabic, whatever alef or taa marbuta the receptionist types', async () => {
    const english = await profileIdOf((await book({ fullName: 'Salim Al Harthy' })).id);
    const arabic = await profileIdOf((await book({ fullName: 'سالم الإسماعيلي' })).id);
    const marbuta = await profileIdOf((await book({ fullName: 'عائشة بنت سالم المعمرية' })).id);
    const harthi = await profileIdOf((await book({ fullName: 'سالم الحارثي' })).id);
    expect(await foundIds('الحارثي')).toContain(harthi);
    expect(await foundIds('الحارثى')).toContain(harthi);
    expect(await foundIds('Harthy')).toContain(english);
    expect(await foundIds('harthy')).toContain(english);
    expect(await foundIds('al harth')).toContain(english);
    expect(await foundIds('الاسماعيلي')).toContain(arabic);
    expect(await foundIds('اسماعيل')).toContain(arabic);
    expect(await foundIds('المعمريه')).toContain(marbuta);
    expect(await foundIds('Harthy')).not.toContain(arabic);
  });

  it('a middle part of a phone or of a document number', async () => {
    const phone = uniquePhone();
    const booking = await book({ phoneNumber: phone, fullName: 'Middle Part Guest' });
    const id = await profileIdOf(booking.id);
    expect((await patchGuest(id, { documentType: 'passport', documentNumber: 'QZ-4471 9306' })).status).toBe(
      200,
    );
    expect(await foundIds(phone.slice(2, 7))).toContain(id);
    expect(await foundIds(toArabicIndic(phone.slice(3)))).toContain(id);
    expect(await foundIds('719 30')).toContain(id);
    expect(await foundIds('z447')).toContain(id);
    // Two characters: still the start of a field only.
    expect(await foundIds('QZ')).toContain(id);
  });

  it('a query holding the full-text syntax is text, never an error', async () => {
    await book({ fullName: 'Syntax "Quoted" Guest' });
    for (const q of [
      '""',
      '"Harthy',
      'Har*',
      '***',
      'NEAR(Salim Harthy)',
      'name_key : x',
      'Salim OR',
      '-Harthy',
      "'; drop",
      '(())',
      '^Sal',
    ]) {
      expect((await search(q)).status, q).toBe(200);
    }
    expect((await foundIds('"Quoted"')).length).toBeGreaterThan(0);
  });

  it('a merge leaves the kept profile findable by what it took, and no search row of the other', async () => {
    const keep = await profileIdOf((await book({ fullName: 'Zuhair Al Qambarani' })).id);
    const gone = await profileIdOf((await book({ fullName: 'Zuhair Qambarani' })).id);
    await patchGuest(gone, { documentType: 'passport', documentNumber: 'KQ-5581 927' });
    expect(await foundIds('Qambarani')).toEqual(expect.arrayContaining([keep, gone]));
    const res = await call(`/api/admin/guests/${keep}/merge`, {
      method: 'POST',
      cookie: staff,
      json: { otherId: gone },
    });
    expect(res.status).toBe(200);
    expect(await searchRows(gone)).toBe(0);
    const found = await foundIds('Qambarani');
    expect(found).toContain(keep);
    expect(found).not.toContain(gone);
    expect(await foundIds('5581 92')).toEqual([keep]);
  });

  it('erasing an account leaves no search row of its profile', async () => {
    const { cookie, password } = await signUp('Erased Search Guest');
    const booking = await book({ fullName: 'Ghalib Al Zubairi' }, { cookie });
    const id = await profileIdOf(booking.id);
    expect(await foundIds('Zubairi')).toContain(id);
    await setBookingStatus(booking.id, 'cancelled');
    const erased = await call('/api/account', { method: 'DELETE', cookie, json: { password } });
    expect(erased.status, await erased.clone().text()).toBe(200);
    expect(await searchRows(id)).toBe(0);
    expect(await foundIds('Zubairi')).not.toContain(id);
  });
});

describe('merging duplicates', () => {
  it('moves the stays, keeps what either knew, leaves one profile; refuses itself and unknown ids; a second identical merge finds nothing', async () => {
    const a = await book({ fullName: 'Said Al Rawahi' });
    const b = await book({ fullName: 'Said Al-Rawahi' });
    const keep = await profileIdOf(a.id);
    const gone = await profileIdOf(b.id);
    await patchGuest(gone, { nationality: 'OM', doNotRent: true, notes: 'Left without paying the minibar' });
    await patchGuest(keep, { notes: 'Quiet room' });
    const merge = (id: number, otherId: unknown) =>
      call(`/api/admin/guests/${id}/merge`, { method: 'POST', cookie: staff, json: { otherId } });
    expect((await merge(keep, keep)).status).toBe(422);
    expect((await merge(keep, 999_999)).status).toBe(404);
    expect((await merge(keep, 'x')).status).toBe(400);
    const [first, second] = await Promise.all([merge(keep, gone), merge(keep, gone)]);
    expect([first.status, second.status].sort()).toEqual([200, 404]);
    const { profile, stays } = await json<{ profile: Profile; stays: { id: number }[] }>(
      await getGuest(keep),
    );
    expect(profile).toMatchObject({ nationality: 'OM', doNotRent: true });
    expect(profile.notes).toContain('Quiet room');
    expect(profile.notes).toContain('minibar');
    expect(stays.map((s) => s.id).sort()).toEqual([a.id, b.id].sort());
    expect((await getGuest(gone)).status).toBe(404);
    const audits = await env.DB.prepare(
      "select count(*) as n from audit_log where action = 'guest.merged' and entity_id = ?",
    )
      .bind(String(keep))
      .first<{ n: number }>();
    expect(audits!.n).toBe(1);
  });

  it('refuses merging two accounts', async () => {
    const one = await book({}, { cookie: (await signUp('One Account')).cookie });
    const two = await book({}, { cookie: (await signUp('Two Account')).cookie });
    const res = await call(`/api/admin/guests/${await profileIdOf(one.id)}/merge`, {
      method: 'POST',
      cookie: staff,
      json: { otherId: await profileIdOf(two.id) },
    });
    expect(res.status).toBe(409);
  });
});

function toArabicIndic(digits: string) {
  return digits.replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]!);
}
