import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import { addDays } from '@shared/dates';
import { json, rows, staffCookie as staff } from '@worker-test/builders';
import { call } from '@worker-test/helpers';
import {
  assignRoom,
  booking,
  dropFaults,
  failOn,
  freshDay,
  nightsOf,
  room,
  roomOfBooking,
} from '@worker-test/room-assignment';

/**
 * The room suggestion for the day and the next day (clean rooms first, a dirty one flagged, the
 * rest unplaceable) and applying a reviewed set, all or nothing. Assigning one room at a time and
 * the tape chart are room-assignment.test.ts.
 */

afterEach(dropFaults);

type Suggestion = {
  date: string;
  assignments: {
    bookingId: number;
    roomId: number;
    roomNumber: string;
    notClean: boolean;
    checkInDate: string;
    checkOutDate: string;
    candidates: { roomId: number }[];
  }[];
  unplaceable: { bookingId: number }[];
};

describe('the suggestion for the day and the next day', () => {
  it('clean rooms first, then a dirty one flagged, then unplaceable; never two stays on one room-night', async () => {
    const date = freshDay();
    // Deluxe has four rooms: 601 dirty, 602 out of order, 603 taken by an earlier stay, 604 clean.
    const [r601, r602, r603, r604] = [
      await room('601'),
      await room('602'),
      await room('603'),
      await room('604'),
    ];
    await env.DB.prepare(`update hotel_rooms set status = 'dirty' where id = ?`).bind(r601.id).run();
    await env.DB.prepare(`update hotel_rooms set status = 'out_of_order' where id = ?`).bind(r602.id).run();
    try {
      const earlier = await booking('deluxe', addDays(date, -1), 3);
      expect((await assignRoom(earlier.id, r603.id)).status).toBe(200);
      const first = await booking('deluxe', date, 2);
      const second = await booking('deluxe', date, 1, 'confirmed');
      const third = await booking('deluxe', addDays(date, 1), 1);
      const pending = await booking('gold', date, 1, 'pending');
      const later = await booking('gold', addDays(date, 2), 1);
      const gold = await booking('gold', addDays(date, 1), 2);

      const res = await call(`/api/admin/room-assignments/suggestion?date=${date}`, {
        cookie: await staff(),
      });
      expect(res.status).toBe(200);
      const suggestion = await json<Suggestion>(res);
      const byBooking = new Map(suggestion.assignments.map((a) => [a.bookingId, a]));
      // The longer stay first gets the clean room; the next one the dirty room, flagged.
      expect(byBooking.get(first.id)).toMatchObject({ roomId: r604.id, notClean: false });
      expect(byBooking.get(second.id)).toMatchObject({ roomId: r601.id, notClean: true });
      // 604 is the first stay's for both nights, 603 the earlier stay's, 602 out of order: the
      // next day's deluxe arrival gets the dirty room 601, free that night.
      expect(byBooking.get(third.id)).toMatchObject({ roomId: r601.id, notClean: true });
      expect(suggestion.unplaceable).toEqual([]);
      expect(byBooking.get(gold.id)?.notClean).toBe(false);
      // Not suggested: a pending booking, one arriving the day after tomorrow, one with a room.
      for (const b of [pending, later, earlier]) {
        expect(byBooking.has(b.id)).toBe(false);
        expect(suggestion.unplaceable.map((u) => u.bookingId)).not.toContain(b.id);
      }
      const nightsTaken = suggestion.assignments.flatMap((a) =>
        Array.from({ length: 31 }, (_, i) => addDays(a.checkInDate, i))
          .filter((n) => n < a.checkOutDate)
          .map((n) => `${a.roomId}|${n}`),
      );
      expect(new Set(nightsTaken).size).toBe(nightsTaken.length);
    } finally {
      await env.DB.prepare(`update hotel_rooms set status = 'clean' where id in (?, ?)`)
        .bind(r601.id, r602.id)
        .run();
    }
  });

  it('a type with no free room leaves its arrivals unplaceable', async () => {
    const date = freshDay();
    const stays = await Promise.all(Array.from({ length: 4 }, () => booking('deluxe', date)));
    const rooms = await rows<{ id: number }>(
      `select id from hotel_rooms where room_type = 'deluxe' order by number`,
    );
    // Three of the four deluxe rooms taken by assigned stays, the fourth out of order.
    for (let i = 0; i < 3; i += 1) expect((await assignRoom(stays[i]!.id, rooms[i]!.id)).status).toBe(200);
    await env.DB.prepare(`update hotel_rooms set status = 'out_of_order' where id = ?`)
      .bind(rooms[3]!.id)
      .run();
    try {
      const suggestion = await json<Suggestion>(
        await call(`/api/admin/room-assignments/suggestion?date=${date}`, { cookie: await staff() }),
      );
      expect(suggestion.unplaceable.map((u) => u.bookingId)).toEqual([stays[3]!.id]);
      expect(suggestion.assignments.map((a) => a.bookingId)).not.toContain(stays[3]!.id);
    } finally {
      await env.DB.prepare(`update hotel_rooms set status = 'clean' where id = ?`).bind(rooms[3]!.id).run();
    }
  });

  it('applying a reviewed set: one batch, all or nothing; 409 room_taken names the booking', async () => {
    const date = freshDay();
    const a = await booking('gold', date, 2);
    const b = await booking('gold', addDays(date, 1), 1);
    const c = await booking('gold', date, 1);
    const [r301, r302] = [await room('301'), await room('302')];
    const post = async (assignments: { bookingId: number; roomId: number }[]) =>
      call('/api/admin/room-assignments', {
        method: 'POST',
        cookie: await staff(),
        lang: 'en',
        json: { assignments },
      });

    // b and a would share 301 on the night after `date`: refused, and a's valid pick is not kept.
    const clash = await post([
      { bookingId: a.id, roomId: r301.id },
      { bookingId: c.id, roomId: r302.id },
      { bookingId: b.id, roomId: r301.id },
    ]);
    expect(clash.status).toBe(409);
    const body = await json<{ error: { code: string; fields: { bookingId: string; reference: string } } }>(
      clash,
    );
    expect(body.error).toMatchObject({
      code: 'room_taken',
      fields: { bookingId: String(b.id), reference: b.reference },
    });
    for (const x of [a, b, c]) expect(await nightsOf(x.id)).toEqual([]);

    // Cut short midway (the audit lines fail): nothing of the set remains.
    await failOn('audit_log');
    expect((await post([{ bookingId: a.id, roomId: r301.id }])).status).toBe(500);
    expect(await nightsOf(a.id)).toEqual([]);
    expect(await roomOfBooking(a.id)).toBeNull();
    await dropFaults();

    const ok = await post([
      { bookingId: a.id, roomId: r301.id },
      { bookingId: b.id, roomId: r302.id },
      { bookingId: c.id, roomId: r302.id },
    ]);
    expect(ok.status, await ok.clone().text()).toBe(200);
    expect(await json(ok)).toMatchObject({
      assigned: [
        { bookingId: a.id, roomNumber: '301' },
        { bookingId: b.id, roomNumber: '302' },
        { bookingId: c.id, roomNumber: '302' },
      ],
    });
    expect((await nightsOf(a.id)).map((n) => n.room_id)).toEqual([r301.id, r301.id]);
    expect(await roomOfBooking(b.id)).toBe(r302.id);

    // A stay already in another room taken meanwhile by a set: 409 names the stay whose room is taken.
    const d = await booking('gold', date, 1);
    const taken = await post([{ bookingId: d.id, roomId: r301.id }]);
    expect(taken.status).toBe(409);
    expect((await json<{ error: { fields: { reference: string } } }>(taken)).error.fields.reference).toBe(
      d.reference,
    );
    // A pending stay or a room of another type spoils the whole set.
    const p = await booking('gold', date, 1, 'pending');
    const silver = await room('107');
    expect(
      (
        await post([
          { bookingId: d.id, roomId: (await room('303')).id },
          { bookingId: p.id, roomId: (await room('304')).id },
        ])
      ).status,
    ).toBe(409);
    expect((await post([{ bookingId: d.id, roomId: silver.id }])).status).toBe(422);
    expect(await nightsOf(d.id)).toEqual([]);
  });
});
