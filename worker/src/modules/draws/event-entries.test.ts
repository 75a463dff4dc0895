import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { staffCookie as staff, uniquePhone, rows } from '@worker-test/builders';
import { call, entryCall } from '@worker-test/helpers';
import { createPhotography, jpeg, png, PNG_BASE64, upload, uploadIds } from '@worker-test/event-entries';

/**
 * Prize-draw entries on the real D1 and R2 bindings: idempotent creates, the once-a-month unique
 * index under concurrency, phone normalisation, magic-byte checks and the 5 MB limit. What the
 * hotel's people do with them: event-moderation.test.ts.
 */

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
    // The local Omani number, as a guest types it (stored in full: 968 in front).
    const phone = uniquePhone().slice(3);
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
