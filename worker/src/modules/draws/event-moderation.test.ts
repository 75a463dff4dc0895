import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { cleanUp } from '../../cleanup';
import { adminCookie as admin, staffCookie as staff, uniquePhone, rows } from '@worker-test/builders';
import { call, entryCall, signUp } from '@worker-test/helpers';
import { createPhotography, png, PNG_BASE64, uploadIds } from '@worker-test/event-entries';

/**
 * Prize-draw entries on the hotel's side, on the real D1 and R2 bindings: staff-only reading,
 * moderation and its notices, the events' switches and overview, and the daily clean-up. The
 * entries themselves: event-entries.test.ts.
 */

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
      { participantPhone: `+968 ${phone.slice(3)}`, uploadIds: await uploadIds(3) },
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
