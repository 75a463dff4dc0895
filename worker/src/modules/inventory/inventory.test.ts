import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { addDays, hotelToday } from '@shared/dates';

const call = (path: string, init?: RequestInit) =>
  exports.default.fetch(new Request(`http://127.0.0.1:8787${path}`, init));

type Row = {
  roomType: string;
  availableCount: number;
  totalCount: number;
  bedType?: string;
  smokingType?: string;
};

async function rows(path: string) {
  const res = await call(path);
  expect(res.status).toBe(200);
  return (await res.json()) as Row[];
}

describe('inventory reads', () => {
  it('gives the default room counts: silver 12, gold 36, diamond 8, deluxe 4', async () => {
    const list = await rows('/api/room-inventory');
    expect(list.map((r) => [r.roomType, r.availableCount, r.totalCount])).toEqual([
      ['silver', 12, 12],
      ['gold', 36, 36],
      ['diamond', 8, 8],
      ['deluxe', 4, 4],
    ]);
  });

  it('gives the spec bed split (single/double)', async () => {
    const list = await rows('/api/room-bed-inventory');
    const split = Object.fromEntries(list.map((r) => [`${r.roomType}:${r.bedType}`, r.availableCount]));
    expect(split).toEqual({
      'silver:single': 1,
      'silver:double': 11,
      'gold:single': 7,
      'gold:double': 29,
      'diamond:single': 0,
      'diamond:double': 8,
      'deluxe:single': 0,
      'deluxe:double': 4,
    });
  });

  it('gives the spec smoking split (smoking/non_smoking)', async () => {
    const list = await rows('/api/room-smoking-inventory');
    const split = Object.fromEntries(list.map((r) => [`${r.roomType}:${r.smokingType}`, r.availableCount]));
    expect(split).toEqual({
      'silver:smoking': 4,
      'silver:non_smoking': 8,
      'gold:smoking': 8,
      'gold:non_smoking': 28,
      'diamond:smoking': 4,
      'diamond:non_smoking': 4,
      'deluxe:smoking': 0,
      'deluxe:non_smoking': 4,
    });
  });

  it('subtracts per-night holds on the busiest night of the window only', async () => {
    const night = addDays(hotelToday(), 10);
    const booking = await env.DB.prepare(
      `insert into booking_submissions (reference, full_name, phone_number, id_number, check_in_date, check_out_date, room_type, bed_type, smoking_preference)
       values ('test-ref', 'Test', '91234567', '12345', ?1, ?2, 'deluxe', 'double', 'non_smoking') returning id`,
    )
      .bind(night, addDays(night, 1))
      .first<{ id: number }>();
    await env.DB.prepare(
      `insert into booking_nights (booking_id, night, room_type, bed_type, smoking_type) values (?1, ?2, 'deluxe', 'double', 'non_smoking')`,
    )
      .bind(booking!.id, night)
      .run();

    const during = await rows(`/api/room-inventory?from=${addDays(night, -1)}&to=${addDays(night, 2)}`);
    expect(during.find((r) => r.roomType === 'deluxe')).toMatchObject({ availableCount: 3, totalCount: 4 });
    const beds = await rows(`/api/room-bed-inventory?from=${night}&to=${addDays(night, 1)}`);
    expect(beds.find((r) => r.roomType === 'deluxe' && r.bedType === 'double')?.availableCount).toBe(3);
    const after = await rows(`/api/room-inventory?from=${addDays(night, 1)}&to=${addDays(night, 3)}`);
    expect(after.find((r) => r.roomType === 'deluxe')?.availableCount).toBe(4);
  });

  it('refuses a malformed window with field messages in the request language', async () => {
    const res = await call('/api/room-inventory?from=2026-12-05&to=2026-12-01', {
      headers: { 'Accept-Language': 'en' },
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; fields: Record<string, string> } };
    expect(body.error.code).toBe('validation_failed');
    expect(Object.values(body.error.fields)).toContain('The end date must be after the start date');
    const ar = await call('/api/room-inventory?from=tomorrow');
    const arBody = (await ar.json()) as { error: { fields: Record<string, string> } };
    expect(arBody.error.fields.from).toBe('التاريخ غير صالح (YYYY-MM-DD)');
  });
});
