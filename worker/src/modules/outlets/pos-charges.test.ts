import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { call } from '@worker-test/helpers';
import { json, one } from '@worker-test/builders';
import { folioLinesOf, inHouse, manager, outletWithItems, type Body, type Check } from '@worker-test/outlets';

/**
 * An outside point-of-sale system's charges (POST /api/pos/charges, decision 090): a live key or
 * 401, an Idempotency-Key or 400, a malformed body 400 and never 500, one post per key however
 * raced, one per till check number, the surname compared, a checked-out room 409.
 */

describe('an outside point-of-sale system', () => {
  async function keyFor(outletId: number) {
    const res = await call(`/api/admin/outlets/${outletId}/keys`, {
      method: 'POST',
      cookie: await manager(),
      json: { label: 'Micros till 1' },
    });
    expect(res.status).toBe(201);
    return (await json<{ key: { id: number; key: string; hint: string } }>(res)).key;
  }
  const charge = (body: unknown, { key, idem }: { key?: string; idem?: string }) =>
    call('/api/pos/charges', {
      method: 'POST',
      lang: 'en',
      json: body,
      headers: {
        ...(key ? { Authorization: `Bearer ${key}` } : {}),
        ...(idem ? { 'Idempotency-Key': idem } : {}),
      },
    });
  const body = (over: Record<string, unknown> = {}) => ({
    roomNumber: '310',
    guestSurname: 'Balushi',
    items: [
      { name: 'Club sandwich', quantity: 1, amountBaisa: 4_500, department: 'restaurant' },
      { name: 'Laundry bag', quantity: 2, amountBaisa: 3_000, department: 'laundry' },
    ],
    checkNumber: 'M-1001',
    ...over,
  });

  it('posts with its key once per Idempotency-Key (a retry, a race); never without a live key; 409 a checked-out room', async () => {
    const grill = await outletWithItems({ nameEn: 'Grill', nameAr: 'المشواة', kind: 'restaurant' });
    const booking = await inHouse('310', 'Hamed Al Balushi');
    const { key, id: keyId, hint } = await keyFor(grill.id);
    expect(key.endsWith(hint)).toBe(true);
    // Only its hash is kept.
    expect(await one('select id from outlet_keys where key_hash = ?', key)).toBeNull();
    expect((await charge(body(), { idem: 'k1' })).status).toBe(401);
    expect((await charge(body(), { key: `${key}x`, idem: 'k1' })).status).toBe(401);
    expect((await charge(body(), { key })).status).toBe(400);
    for (const bad of [
      body({ items: 'x' }),
      body({ roomNumber: undefined }),
      body({ items: [{ name: 'x', quantity: 1, amountBaisa: -1, department: 'restaurant' }] }),
      'not json',
    ]) {
      const res = await charge(bad, { key, idem: crypto.randomUUID() });
      expect(res.status).toBe(400);
    }
    const raced = await Promise.all([1, 2, 3].map(() => charge(body(), { key, idem: 'till-1-1001' })));
    expect(raced.map((r) => r.status)).toEqual([201, 201, 201]);
    const ids = await Promise.all(raced.map(async (r) => (await json<{ check: Check }>(r)).check.id));
    expect(new Set(ids).size).toBe(1);
    const retried = await charge(body(), { key, idem: 'till-1-1001' });
    expect(retried.headers.get('Idempotent-Replayed')).toBe('true');
    const lines = await folioLinesOf(booking);
    expect(lines.map((l) => [l.department, l.amount_baisa])).toEqual([
      ['restaurant', 4_500],
      ['laundry', 3_000],
    ]);
    // The till's number reads as on its slip in both halves (the Arabic one isolated left to
    // right), never turned into Arabic-Indic digits.
    expect(lines[0]!.description).toBe(
      'Grill, check M-1001: Club sandwich · المشواة رقم \u2066M-1001\u2069: Club sandwich',
    );
    // The same till check under another key is the same check: refused.
    const twice = await charge(body(), { key, idem: 'till-1-1001-b' });
    expect(twice.status).toBe(409);
    expect((await json<Body>(twice)).error!.code).toBe('check_number_taken');
    // The surname is compared; a stay checked out takes nothing.
    const wrong = await charge(body({ checkNumber: 'M-1002', guestSurname: 'Smith' }), {
      key,
      idem: crypto.randomUUID(),
    });
    expect([wrong.status, (await json<Body>(wrong)).error!.code]).toEqual([409, 'guest_surname_mismatch']);
    await env.DB.prepare('update booking_submissions set checked_out_at = ?, status = ? where id = ?')
      .bind(Date.now(), 'completed', booking)
      .run();
    const gone = await charge(body({ checkNumber: 'M-1003' }), { key, idem: crypto.randomUUID() });
    expect([gone.status, (await json<Body>(gone)).error!.code]).toEqual([409, 'room_not_in_house']);
    const byBooking = await charge(
      body({ roomNumber: undefined, bookingId: booking, checkNumber: 'M-1004' }),
      { key, idem: crypto.randomUUID() },
    );
    expect(byBooking.status).toBe(409);
    // A revoked key is refused from its next request.
    const revoke = await call(`/api/admin/outlets/${grill.id}/keys/${keyId}`, {
      method: 'DELETE',
      cookie: await manager(),
    });
    expect(revoke.status).toBe(200);
    expect((await charge(body({ checkNumber: 'M-1005' }), { key, idem: crypto.randomUUID() })).status).toBe(
      401,
    );
  });

  it('keeps each outlet’s Idempotency-Keys its own: two tills sending the same key and the same check both post', async () => {
    // Two tills of two outlets number their checks alike and make their keys alike (a counter):
    // the pool bar's check is never answered with the spa's, nor left unposted.
    const bar = await outletWithItems({ nameEn: 'Pool Bar', nameAr: 'بار المسبح', kind: 'pool_bar' });
    const spa = await outletWithItems({ nameEn: 'Spa', nameAr: 'السبا', kind: 'spa' });
    const booking = await inHouse('311', 'Hamed Al Balushi');
    const barKey = (await keyFor(bar.id)).key;
    const spaKey = (await keyFor(spa.id)).key;
    const same = body({ roomNumber: '311', checkNumber: 'T-1' });
    const atBar = await charge(same, { key: barKey, idem: 'till-0001' });
    const atSpa = await charge(same, { key: spaKey, idem: 'till-0001' });
    expect([atBar.status, atSpa.status]).toEqual([201, 201]);
    expect(atSpa.headers.get('Idempotent-Replayed')).toBeNull();
    const barCheck = (await json<{ check: Check & { outletId: number } }>(atBar)).check;
    const spaCheck = (await json<{ check: Check & { outletId: number } }>(atSpa)).check;
    expect([barCheck.outletId, spaCheck.outletId]).toEqual([bar.id, spa.id]);
    expect(spaCheck.id).not.toBe(barCheck.id);
    // Both checks are on the folio, each with its two lines.
    const lines = await folioLinesOf(booking);
    expect(lines.map((l) => l.outlet_check_id)).toEqual([barCheck.id, barCheck.id, spaCheck.id, spaCheck.id]);
    // Each till's retry is still answered with its own check.
    const retried = await charge(same, { key: spaKey, idem: 'till-0001' });
    expect(retried.headers.get('Idempotent-Replayed')).toBe('true');
    expect((await json<{ check: Check }>(retried)).check.id).toBe(spaCheck.id);
    expect(await folioLinesOf(booking)).toHaveLength(4);
  });
});
