import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { cleanUp } from '../../cleanup';
import { adminCookie as admin, staffCookie as staff, uniquePhone, rows } from '@worker-test/builders';
import { call, entryCall, signUp } from '@worker-test/helpers';
import { jpegBytes } from '@worker-test/image-bytes';

/**
 * Prize-draw entries on the real D1 and R2 bindings:
 * idempotent creates, the once-a-month unique index under concurrency, phone
 * normalisation, magic-byte checks, the 5 MB limit, and staff-only reading.
 */

// A real 1x1 PNG and a JPEG's header: the server reads the first bytes and the dimensions.
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const png = () => Uint8Array.from(atob(PNG_BASE64), (c) => c.charCodeAt(0));
const jpeg = (size = 2048) => jpegBytes(1600, 1200, size);

/** A fresh Omani mobile number per test: the monthly rule keys on the phone. */
function upload(bytes: Uint8Array | string, eventType = 'photography', id: string = crypto.randomUUID()) {
  return call(`/api/event-uploads/${id}?eventType=${eventType}`, {
    method: 'PUT',
    headers: { 'content-type': 'image/png' },
    body: bytes,
  });
}

async function uploadIds(n: number, eventType = 'photography') {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const id = crypto.randomUUID();
    const res = await upload(i % 2 ? jpeg() : png(), eventType, id);
    expect(res.status).toBe(201);
    ids.push(id);
  }
  return ids;
}

function createPhotography(body: Record<string, unknown>, key?: string, cookie?: string) {
  return entryCall('/api/photography-submissions', {
    method: 'POST',
    json: body,
    cookie,
    headers: key ? { 'idempotency-key': key } : {},
  });
}

describe('uploads', () => {
  it('stores an image in R2 under a server-made key, once per upload id', async () => {
    const id = crypto.randomUUID();
    const first = await upload(png(), 'photography', id);
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({
      uploadId: id,
      contentType: 'image/png',
      byteSize: png().byteLength,
    });
    const again = await upload(png(), 'photography', id);
    expect(again.status).toBe(200);

    const stored = await rows<{ r2_key: string }>('select r2_key from event_images where id = ?', id);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.r2_key).toMatch(/^events\/photography\/\d{4}-\d{2}\/[0-9a-f-]{36}\.png$/);
    expect(stored[0]!.r2_key).not.toContain(id);
    const object = await env.IMAGES.get(stored[0]!.r2_key);
    expect(new Uint8Array(await object!.arrayBuffer())).toEqual(png());
  });

  it('refuses HTML and SVG named .png, whatever the declared type', async () => {
    for (const text of [
      '<!doctype html><html><body><script>alert(1)</script></body></html>',
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    ]) {
      const res = await upload(new TextEncoder().encode(text));
      expect(res.status).toBe(415);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('image_type_invalid');
    }
  });

  it('refuses an image over 5 MB, in English or Arabic', async () => {
    const big = jpeg(6 * 1024 * 1024);
    const res = await call(`/api/event-uploads/${crypto.randomUUID()}?eventType=photography`, {
      method: 'PUT',
      body: big,
      lang: 'en',
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({
      error: { code: 'image_too_large', message: 'Please select an image smaller than 5MB' },
    });
    const ar = await call(`/api/event-uploads/${crypto.randomUUID()}?eventType=hotel_rating`, {
      method: 'PUT',
      body: big,
      lang: 'ar',
    });
    expect(((await ar.json()) as { error: { message: string } }).error.message).toContain('٥ ميغابايت');
  });

  it('refuses a bad upload id or event type', async () => {
    expect(
      (await call('/api/event-uploads/not-a-uuid?eventType=photography', { method: 'PUT', body: png() }))
        .status,
    ).toBe(400);
    expect((await upload(png(), 'location_sharing')).status).toBe(400);
  });
});

describe('photography entries', () => {
  it('stores one entry when the same entry is sent five times with one key', async () => {
    const phone = uniquePhone();
    const ids = await uploadIds(3);
    const key = crypto.randomUUID();
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push(await createPhotography({ participantPhone: phone, uploadIds: ids }, key));

    expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect(answers.map((r) => r.headers.get('idempotent-replayed'))).toEqual([
      null,
      'true',
      'true',
      'true',
      'true',
    ]);
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as { id: number; imageCount: number }[];
    expect(new Set(bodies.map((b) => b.id)).size).toBe(1);
    expect(bodies[0]).toMatchObject({ participantPhone: phone, imageCount: 3, status: 'pending' });
    expect(bodies[4]).toEqual(bodies[0]);

    const entries = await rows<{ id: number }>(
      'select id from photography_submissions where participant_phone = ?',
      phone,
    );
    expect(entries).toHaveLength(1);
    const images = await rows<{ id: string; position: number }>(
      'select id, position from event_images where submission_id = ? and event_type = ? order by position',
      entries[0]!.id,
      'photography',
    );
    expect(images.map((i) => i.id)).toEqual(ids);
  });

  it('stores one entry when five copies with one key arrive at once', async () => {
    const phone = uniquePhone();
    const ids = await uploadIds(3);
    const key = crypto.randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => createPhotography({ participantPhone: phone, uploadIds: ids }, key)),
    );
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as { id: number }[];
    expect(new Set(bodies.map((b) => b.id)).size).toBe(1);
    expect(
      await rows('select id from photography_submissions where participant_phone = ?', phone),
    ).toHaveLength(1);
  });

  it('stores one of five different entries for one phone in one month, sent at once', async () => {
    const phone = uniquePhone();
    const uploadSets = [];
    for (let i = 0; i < 5; i++) uploadSets.push(await uploadIds(3));
    const answers = await Promise.all(
      uploadSets.map((ids) =>
        createPhotography({ participantPhone: phone, uploadIds: ids }, crypto.randomUUID()),
      ),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    const refused = answers.find((r) => r.status === 409)!;
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('already_participated');
    expect(
      await rows('select id from photography_submissions where participant_phone = ?', phone),
    ).toHaveLength(1);
    expect(
      await rows(
        "select id from monthly_participations where participant_phone = ? and event_type = 'photography'",
        phone,
      ),
    ).toHaveLength(1);
    // The losers' uploads stay unattached: nothing of theirs reached an entry.
    const attached = await rows<{ n: number }>(
      `select count(*) as n from event_images where submission_id is not null and id in (${uploadSets
        .flat()
        .map(() => '?')
        .join(',')})`,
      ...uploadSets.flat(),
    );
    expect(attached[0]!.n).toBe(3);
  });

  it('counts a phone typed with Arabic-Indic digits, spaces or +968 as the same phone', async () => {
    const phone = uniquePhone();
    const arabic = phone.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
    const spaced = `${arabic.slice(0, 4)} ${arabic.slice(4)}`;
    expect(
      (
        await createPhotography(
          { participantPhone: spaced, uploadIds: await uploadIds(3) },
          crypto.randomUUID(),
        )
      ).status,
    ).toBe(201);

    const check = await entryCall('/api/check-monthly-participation', {
      method: 'POST',
      json: { participantPhone: `+968 ${phone}`, eventType: 'photography' },
    });
    expect(await check.json()).toEqual({ hasParticipated: true, isEnabled: true });
    const other = await entryCall('/api/check-monthly-participation', {
      method: 'POST',
      json: { participantPhone: phone, eventType: 'location_sharing' },
    });
    expect(await other.json()).toEqual({ hasParticipated: false, isEnabled: true });

    const again = await createPhotography(
      { participantPhone: `+968 ${phone.slice(0, 4)} ${phone.slice(4)}`, uploadIds: await uploadIds(3) },
      crypto.randomUUID(),
    );
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({
      error: {
        code: 'already_participated',
        message: 'لقد شاركت بالفعل في هذه الفعالية هذا الشهر. يمكنك المشاركة مرة أخرى الشهر القادم.',
      },
    });
  });

  it('needs at least three photos, real uploads of this event, and a phone', async () => {
    const ids = await uploadIds(2);
    const few = await createPhotography(
      { participantPhone: uniquePhone(), uploadIds: ids },
      crypto.randomUUID(),
    );
    expect(few.status).toBe(400);
    expect(await few.json()).toMatchObject({ error: { fields: { images: expect.any(String) } } });

    const unknown = await createPhotography(
      { participantPhone: uniquePhone(), uploadIds: [...ids, crypto.randomUUID()] },
      crypto.randomUUID(),
    );
    expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe('upload_not_found');

    const ratingUpload = await uploadIds(1, 'hotel_rating');
    const wrongEvent = await createPhotography(
      { participantPhone: uniquePhone(), uploadIds: [...ids, ...ratingUpload] },
      crypto.randomUUID(),
    );
    expect(((await wrongEvent.json()) as { error: { code: string } }).error.code).toBe('upload_not_found');

    const noPhone = await createPhotography({ participantPhone: ' ', uploadIds: await uploadIds(3) });
    expect(noPhone.status).toBe(400);
    expect(await noPhone.json()).toMatchObject({
      error: { fields: { participantPhone: 'رقم الهاتف مطلوب' } },
    });
  });

  it('refuses a key reused for a different entry, and uploads already in another entry', async () => {
    const key = crypto.randomUUID();
    const ids = await uploadIds(3);
    expect((await createPhotography({ participantPhone: uniquePhone(), uploadIds: ids }, key)).status).toBe(
      201,
    );
    const reused = await createPhotography({ participantPhone: uniquePhone(), uploadIds: ids }, key);
    expect(reused.status).toBe(422);
    const stolen = await createPhotography(
      { participantPhone: uniquePhone(), uploadIds: ids },
      crypto.randomUUID(),
    );
    expect(stolen.status).toBe(409);
    expect(((await stolen.json()) as { error: { code: string } }).error.code).toBe('upload_already_used');
  });

  it("accepts the spec's JSON shape (photoUrls as data URLs) and checks each image", async () => {
    const phone = uniquePhone();
    const dataUrl = `data:image/png;base64,${PNG_BASE64}`;
    const svg = `data:image/png;base64,${btoa('<svg xmlns="http://www.w3.org/2000/svg"/>')}`;
    const bad = await createPhotography({ participantPhone: phone, photoUrls: [dataUrl, dataUrl, svg] });
    expect(bad.status).toBe(415);
    const res = await createPhotography({ participantPhone: phone, photoUrls: [dataUrl, dataUrl, dataUrl] });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    const images = await rows<{ r2_key: string }>(
      "select r2_key from event_images where event_type = 'photography' and submission_id = ?",
      id,
    );
    expect(images).toHaveLength(3);
    for (const image of images) expect(await env.IMAGES.head(image.r2_key)).not.toBeNull();
  });
});

describe('Google review and location entries', () => {
  it('accepts screenshotsBase64 and screenshotBase64; the rating page needs three', async () => {
    const modal = await entryCall('/api/google-review-submissions', {
      method: 'POST',
      json: { participantPhone: uniquePhone(), screenshotBase64: PNG_BASE64 },
    });
    expect(modal.status).toBe(201);

    const pagePhone = uniquePhone();
    const short = await entryCall('/api/google-review-submissions', {
      method: 'POST',
      json: {
        participantPhone: pagePhone,
        source: 'rating_page',
        uploadIds: await uploadIds(2, 'hotel_rating'),
      },
    });
    expect(short.status).toBe(400);
    const full = await entryCall('/api/google-review-submissions', {
      method: 'POST',
      headers: { 'idempotency-key': crypto.randomUUID() },
      json: {
        participantPhone: pagePhone,
        source: 'rating_page',
        screenshotsBase64: [PNG_BASE64, PNG_BASE64, PNG_BASE64],
      },
    });
    expect(full.status).toBe(201);
    expect(await full.json()).toMatchObject({ imageCount: 3, source: 'rating_page' });
  });

  it('enters the location draw once all five shares are done, once a month', async () => {
    const phone = uniquePhone();
    const three = await entryCall('/api/location-sharing-submissions', {
      method: 'POST',
      json: { participantPhone: phone, shareCount: 3 },
    });
    expect(three.status).toBe(400);
    const ok = await entryCall('/api/location-sharing-submissions', {
      method: 'POST',
      json: { participantPhone: phone },
    });
    expect(ok.status).toBe(201);
    expect(await ok.json()).toMatchObject({ participantPhone: phone, shareCount: 5, isCompleted: true });
    const again = await entryCall('/api/location-sharing-submissions', {
      method: 'POST',
      json: { participantPhone: phone },
    });
    expect(again.status).toBe(409);

    const list = await call('/api/location-sharing-submissions', { cookie: await staff() });
    expect(
      ((await list.json()) as { participantPhone: string }[]).filter((r) => r.participantPhone === phone),
    ).toHaveLength(1);
  });
});

describe('staff only', () => {
  it('refuses guests and anonymous callers the lists and the images; staff get them', async () => {
    const phone = uniquePhone();
    const res = await createPhotography(
      { participantPhone: phone, uploadIds: await uploadIds(3) },
      crypto.randomUUID(),
    );
    expect(res.status).toBe(201);
    const guest = (await signUp()).cookie;
    const staffCookie = await staff();

    for (const path of [
      '/api/photography-submissions',
      '/api/google-review-submissions',
      '/api/location-sharing-submissions',
    ]) {
      expect((await call(path)).status).toBe(401);
      expect((await call(path, { cookie: guest })).status).toBe(403);
    }

    const list = (await (await call('/api/photography-submissions', { cookie: staffCookie })).json()) as {
      participantPhone: string;
      photoUrls: string[];
      status: string;
    }[];
    const mine = list.filter((e) => e.participantPhone === phone);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.photoUrls).toHaveLength(3);
    expect(mine[0]!.status).toBe('pending');

    const url = mine[0]!.photoUrls[0]!;
    expect((await call(url)).status).toBe(401);
    expect((await call(url, { cookie: guest })).status).toBe(403);
    const image = await call(`${url}?download=1`, { cookie: staffCookie });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('content-disposition')).toMatch(
      /^attachment; filename="photography-\d+-1\.png"$/,
    );
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(png());

    // Decisions are staff only too.
    const id = (await res.clone().json()) as { id: number };
    expect(
      (
        await call(`/api/photography-submissions/${id.id}/approve`, {
          method: 'POST',
          json: {},
          cookie: guest,
        })
      ).status,
    ).toBe(403);
  });
});

describe('moderation', () => {
  it("approves once and notifies the participant's phone", async () => {
    const phone = uniquePhone();
    const created = await createPhotography(
      { participantPhone: `+968 ${phone}`, uploadIds: await uploadIds(3) },
      crypto.randomUUID(),
    );
    const { id } = (await created.json()) as { id: number };
    const cookie = await staff();

    const approved = await call(`/api/photography-submissions/${id}/approve`, {
      method: 'POST',
      cookie,
      json: { adminNotes: 'Lovely sunset', userPhone: phone },
    });
    expect(approved.status).toBe(200);
    expect(await approved.json()).toMatchObject({
      id,
      status: 'approved',
      isApproved: true,
      adminNotes: 'Lovely sunset',
    });

    const twice = await call(`/api/photography-submissions/${id}/approve`, {
      method: 'POST',
      cookie,
      json: {},
    });
    expect(twice.status).toBe(409);

    const notes = (await (await call(`/api/notifications/${phone}`, { cookie })).json()) as {
      type: string;
      titleAr: string;
    }[];
    expect(notes.map((n) => n.type)).toEqual(['photography_approved']);
    const audit = await rows<{ action: string }>(
      "select action from audit_log where entity_type = 'photography_submission' and entity_id = ?",
      String(id),
    );
    expect(audit.map((a) => a.action)).toEqual(['approve']);
  });

  it('rejects with the notes (or the quick note) and writes the rating notification', async () => {
    const phone = uniquePhone();
    const created = await entryCall('/api/google-review-submissions', {
      method: 'POST',
      json: { participantPhone: phone, screenshotsBase64: [PNG_BASE64] },
    });
    const { id } = (await created.json()) as { id: number };
    const cookie = await staff();
    const list = (await (await call('/api/google-review-submissions', { cookie })).json()) as {
      id: number;
      isApproved: boolean | null;
      screenshotUrl: string | null;
    }[];
    const entry = list.find((e) => e.id === id)!;
    expect(entry.isApproved).toBeNull();
    expect(entry.screenshotUrl).toMatch(/^\/api\/event-images\//);

    const rejected = await call(`/api/google-review-submissions/${id}/reject`, {
      method: 'POST',
      cookie,
      json: {},
    });
    expect(await rejected.json()).toMatchObject({
      status: 'rejected',
      isApproved: false,
      adminNotes: 'تم الرفض',
    });
    const notes = (await (await call(`/api/notifications/${phone}`, { cookie })).json()) as {
      type: string;
      message: string;
    }[];
    expect(notes[0]).toMatchObject({ type: 'rating_rejected' });
    expect(notes[0]!.message).toContain('Please contact us for more information.');
  });

  it('takes the PATCH .../status form too', async () => {
    const created = await createPhotography({
      participantPhone: uniquePhone(),
      uploadIds: await uploadIds(3),
    });
    const { id } = (await created.json()) as { id: number };
    const res = await call(`/api/photography-submissions/${id}/status`, {
      method: 'PATCH',
      cookie: await staff(),
      json: { isApproved: false, adminNotes: 'Blurry' },
    });
    expect(await res.json()).toMatchObject({ status: 'rejected', adminNotes: 'Blurry' });
    expect(
      (
        await call('/api/photography-submissions/999999/status', {
          method: 'PATCH',
          cookie: await staff(),
          json: { isApproved: true },
        })
      ).status,
    ).toBe(404);
  });

  it('lets staff write a notification (POST /api/notifications), not guests', async () => {
    const phone = uniquePhone();
    const body = {
      userPhone: phone,
      title: 'Hi',
      titleAr: 'مرحباً',
      message: 'Test',
      messageAr: 'اختبار',
      type: 'general',
    };
    expect((await call('/api/notifications', { method: 'POST', json: body })).status).toBe(401);
    const res = await call('/api/notifications', { method: 'POST', json: body, cookie: await staff() });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ userPhone: phone, titleAr: 'مرحباً' });
  });
});

describe('event switches', () => {
  it('an admin can switch an event off (entries and uploads refused) and on again; staff cannot', async () => {
    const adminCookie = await admin();
    expect(
      (
        await call('/api/event-settings/location_sharing', {
          method: 'PUT',
          cookie: await staff(),
          json: { isEnabled: false },
        })
      ).status,
    ).toBe(403);
    const off = await call('/api/event-settings/location_sharing', {
      method: 'PUT',
      cookie: adminCookie,
      json: { isEnabled: false },
    });
    expect(await off.json()).toEqual({
      eventType: 'location_sharing',
      isEnabled: false,
      requirePhoneVerification: true,
    });
    try {
      const settings = (await (await call('/api/event-settings')).json()) as {
        eventType: string;
        isEnabled: boolean;
      }[];
      expect(settings.find((s) => s.eventType === 'location_sharing')?.isEnabled).toBe(false);
      const res = await entryCall('/api/location-sharing-submissions', {
        method: 'POST',
        json: { participantPhone: uniquePhone() },
        lang: 'en',
      });
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ error: { code: 'event_closed' } });
    } finally {
      await call('/api/event-settings/location_sharing', {
        method: 'PUT',
        cookie: adminCookie,
        json: { isEnabled: true },
      });
    }
    const res = await entryCall('/api/location-sharing-submissions', {
      method: 'POST',
      json: { participantPhone: uniquePhone() },
    });
    expect(res.status).toBe(201);
  });
});

describe('events management overview', () => {
  type Overview = {
    month: string;
    events: { eventType: string; isEnabled: boolean; entriesThisMonth: number; pending: number | null }[];
  };
  const overview = async (cookie: string) =>
    (await (await call('/api/event-settings/overview', { cookie })).json()) as Overview;
  const of = (o: Overview, eventType: string) => o.events.find((e) => e.eventType === eventType)!;

  it('counts entries this month and those waiting for a decision; staff only', async () => {
    expect((await call('/api/event-settings/overview')).status).toBe(401);
    const guest = await signUp('Overview Guest');
    expect((await call('/api/event-settings/overview', { cookie: guest.cookie })).status).toBe(403);

    const cookie = await staff();
    const before = await overview(cookie);
    expect(before.events.map((e) => e.eventType).sort()).toEqual([
      'hotel_rating',
      'location_sharing',
      'photography',
    ]);
    expect(of(before, 'location_sharing').pending).toBeNull();

    const created = await createPhotography(
      { participantPhone: uniquePhone(), uploadIds: await uploadIds(3) },
      crypto.randomUUID(),
    );
    const { id } = (await created.json()) as { id: number };
    const shared = await entryCall('/api/location-sharing-submissions', {
      method: 'POST',
      json: { participantPhone: uniquePhone() },
    });
    expect(shared.status).toBe(201);

    const after = await overview(cookie);
    expect(of(after, 'photography').pending).toBe(of(before, 'photography').pending! + 1);
    expect(of(after, 'photography').entriesThisMonth).toBe(of(before, 'photography').entriesThisMonth + 1);
    expect(of(after, 'location_sharing').entriesThisMonth).toBe(
      of(before, 'location_sharing').entriesThisMonth + 1,
    );
    expect(of(after, 'hotel_rating')).toEqual(of(before, 'hotel_rating'));

    await call(`/api/photography-submissions/${id}/approve`, { method: 'POST', cookie, json: {} });
    const decided = await overview(cookie);
    expect(of(decided, 'photography').pending).toBe(of(before, 'photography').pending);
    expect(of(decided, 'photography').entriesThisMonth).toBe(of(after, 'photography').entriesThisMonth);
  });
});

describe('daily clean-up', () => {
  it('removes uploads never attached after 7 days, from D1 and R2, and keeps entries', async () => {
    const [orphan] = await uploadIds(1);
    const kept = await uploadIds(3);
    expect((await createPhotography({ participantPhone: uniquePhone(), uploadIds: kept })).status).toBe(201);
    const [row] = await rows<{ r2_key: string }>('select r2_key from event_images where id = ?', orphan);

    // Not yet: a week has not passed.
    await cleanUp(env, Date.now() + 6 * 24 * 60 * 60_000);
    expect(await rows('select id from event_images where id = ?', orphan)).toHaveLength(1);

    await cleanUp(env, Date.now() + 8 * 24 * 60 * 60_000);
    expect(await rows('select id from event_images where id = ?', orphan)).toHaveLength(0);
    expect(await env.IMAGES.head(row!.r2_key)).toBeNull();
    expect(await rows(`select id from event_images where id in (?, ?, ?)`, ...kept)).toHaveLength(3);
  });
});
