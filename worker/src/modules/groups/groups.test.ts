import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GroupDetail, GroupList } from '@shared/group-schemas';
import { toArabicIndicDigits } from '@shared/digits';
import {
  adminCookie,
  count,
  day,
  json,
  one,
  postBooking,
  bookingRequest,
  staffCookie,
  SEEDED,
} from '@worker-test/builders';
import { call, logIn } from '@worker-test/helpers';
import { groupBlock, groupBlockRequest } from '@worker-test/groups';
import { createPlan, newPlan, patchPlan } from '@worker-test/rates';

/**
 * Group blocks: staff hold rooms of a type each night out of general sale (POST), read them with
 * each night's held and picked up (GET), change them (PATCH, never below picked up nor beyond
 * what is for sale), release what is not picked up and cancel them. The database's triggers
 * refuse a hold that would take rooms sold, and a general booking that would take held rooms.
 */

let staff: string;
let housekeeper: string;

const api = (path: string, init: Parameters<typeof call>[1] = {}) =>
  call(`/api/admin/groups${path}`, { cookie: staff, lang: 'en', ...init });

beforeAll(async () => {
  staff = await staffCookie();
  housekeeper = (await logIn(SEEDED.housekeeper.email, SEEDED.housekeeper.password)).cookie;
});

describe('a block', () => {
  it('is created by the front office (Arabic-Indic digits read), and read back night by night', async () => {
    const created = await groupBlock({
      name: 'وفد الشركة',
      releaseDate: toArabicIndicDigits(day(300)),
      rooms: [{ roomType: 'deluxe', from: day(300), to: toArabicIndicDigits(day(301)), count: '٢' }],
    });
    expect(created.group).toMatchObject({
      name: 'وفد الشركة',
      companyId: null,
      companyName: null,
      ratePlan: 'standard',
      status: 'definite',
      releaseDate: day(300),
      billing: 'individual',
      releasedAt: null,
      cancelledAt: null,
    });
    expect(created.nights).toEqual([
      { date: day(300), roomType: 'deluxe', held: 2, pickedUp: 0 },
      { date: day(301), roomType: 'deluxe', held: 2, pickedUp: 0 },
    ]);
    expect(created.members).toEqual([]);
    const read = await json<GroupDetail>(await api(`/${created.group.id}`));
    expect(read).toEqual({ group: created.group, nights: created.nights, members: [] });
    const list = await json<GroupList>(await api(''));
    expect(list.groups.find((g) => g.id === created.group.id)).toMatchObject({
      firstNight: day(300),
      lastNight: day(301),
      held: 4,
      pickedUp: 0,
    });
    expect(
      await count(
        `select count(*) as n from audit_log where action = 'group.create' and entity_id = ?`,
        String(created.group.id),
      ),
    ).toBe(1);
  });

  it('refuses a housekeeper, a guest and bad input with the field named', async () => {
    expect((await api('', { cookie: housekeeper })).status).toBe(403);
    expect((await call('/api/admin/groups')).status).toBe(401);
    const bad = await api('', {
      method: 'POST',
      json: groupBlockRequest({
        name: '',
        ratePlan: 'nope',
        rooms: [{ roomType: 'palace', from: day(10), to: day(5), count: 1 }],
      }),
    });
    expect(bad.status).toBe(400);
    const fields = (await json<{ error: { fields: Record<string, string> } }>(bad)).error.fields;
    expect(fields.name).toBe("Enter the group's name");
    expect(fields['rooms.0.to']).toMatch(/last night/);
    const unknown = await api('', {
      method: 'POST',
      json: groupBlockRequest({
        ratePlan: 'nope',
        rooms: [{ roomType: 'palace', from: day(310), to: day(310), count: 1 }],
      }),
    });
    expect(unknown.status).toBe(400);
    const unknownFields = (await json<{ error: { fields: Record<string, string> } }>(unknown)).error.fields;
    expect(Object.keys(unknownFields).sort()).toEqual(['ratePlan', 'rooms.0.roomType']);
    const noCompany = await api('', { method: 'POST', json: groupBlockRequest({ companyId: 999999 }) });
    expect(noCompany.status).toBe(404);
    const late = await api('', { method: 'POST', json: groupBlockRequest({ releaseDate: day(302) }) });
    expect(late.status).toBe(400);
  });
});

describe('the block’s plan sells its room types', () => {
  it('a line of a type the plan does not sell is refused when it is made, the line named, in both languages', async () => {
    // A plan of silver and gold only: a deluxe line at it could never be booked by its rooming list.
    expect((await createPlan(newPlan('grp_lines'))).status).toBe(201);
    const night = day(350);
    const lines = [
      { roomType: 'gold', from: night, to: night, count: 1 },
      { roomType: 'deluxe', from: night, to: day(351), count: 1 },
    ];
    const refused = await api('', {
      method: 'POST',
      json: groupBlockRequest({ ratePlan: 'grp_lines', releaseDate: night, rooms: lines }),
    });
    expect(refused.status).toBe(400);
    const body = await json<{ error: { code: string; message: string; fields: Record<string, string> } }>(
      refused,
    );
    expect(body.error).toMatchObject({
      code: 'rate_plan_room_type_unsold',
      message: 'This plan does not sell this room type',
      fields: { 'rooms.1.roomType': 'This plan does not sell this room type' },
    });
    expect(Object.keys(body.error.fields)).toEqual(['rooms.1.roomType']);
    const arabic = await api('', {
      method: 'POST',
      lang: 'ar',
      json: groupBlockRequest({ ratePlan: 'grp_lines', releaseDate: night, rooms: lines }),
    });
    expect(
      (await json<{ error: { fields: Record<string, string> } }>(arabic)).error.fields['rooms.1.roomType'],
    ).toBe('هذه الخطة لا تبيع هذا النوع من الغرف');
    expect(await count(`select count(*) as n from group_block_nights where night = ?`, day(351))).toBe(0);

    // Made with what the plan sells; a line added later is judged the same way.
    const created = await groupBlock({ ratePlan: 'grp_lines', releaseDate: night, rooms: [lines[0]!] });
    const id = created.group.id;
    const added = await api(`/${id}`, { method: 'PATCH', json: { rooms: lines } });
    expect(added.status).toBe(400);
    expect((await json<{ error: { fields: Record<string, string> } }>(added)).error.fields).toEqual({
      'rooms.1.roomType': 'This plan does not sell this room type',
    });
    // The plan stops selling gold: the block keeps what it holds (saved again, renamed), but may
    // not hold more of it; a line of 0 frees it whatever the plan sells.
    expect((await patchPlan('grp_lines', { roomTypes: ['silver'] })).status).toBe(200);
    const renamed = await api(`/${id}`, {
      method: 'PATCH',
      json: { name: 'Renamed', rooms: [lines[0]!] },
    });
    expect(renamed.status, await renamed.clone().text()).toBe(200);
    const raised = await api(`/${id}`, {
      method: 'PATCH',
      json: { rooms: [{ ...lines[0]!, count: 2 }] },
    });
    expect(raised.status).toBe(400);
    expect((await json<GroupDetail>(await api(`/${id}`))).nights).toEqual([
      { date: night, roomType: 'gold', held: 1, pickedUp: 0 },
    ]);
    const freed = await api(`/${id}`, { method: 'PATCH', json: { rooms: [{ ...lines[0]!, count: 0 }] } });
    expect(freed.status, await freed.clone().text()).toBe(200);
  });
});

describe('holds and general sale', () => {
  it('a block never takes rooms sold, and a general booking never takes held rooms', async () => {
    // deluxe has 4 rooms; two nights far ahead, nobody else books them.
    const night = day(320);
    const sold = await postBooking(
      bookingRequest({ roomType: 'deluxe', checkInDate: night, checkOutDate: day(321) }),
    );
    expect(sold.status, await sold.clone().text()).toBe(201);
    const tooBig = await api('', {
      method: 'POST',
      json: groupBlockRequest({
        releaseDate: night,
        rooms: [{ roomType: 'deluxe', from: night, to: night, count: 4 }],
      }),
    });
    expect(tooBig.status).toBe(409);
    expect((await json<{ error: { code: string; nights: unknown[] } }>(tooBig)).error).toMatchObject({
      code: 'block_over_allotment',
      nights: [{ roomType: 'deluxe', date: night, free: 3 }],
    });
    const created = await groupBlock({
      releaseDate: night,
      rooms: [{ roomType: 'deluxe', from: night, to: night, count: 3 }],
    });
    // 1 sold + 3 held = 4: the guest's next booking is refused, the hold is whole.
    const refused = await postBooking(
      bookingRequest({ roomType: 'deluxe', checkInDate: night, checkOutDate: day(321) }),
    );
    expect(refused.status).toBe(409);
    expect((await json<{ error: { code: string } }>(refused)).error.code).toBe('no_rooms_available');
    // Raising the hold beyond the count is refused; lowering it frees a room for sale.
    const raise = await api(`/${created.group.id}`, {
      method: 'PATCH',
      json: { rooms: [{ roomType: 'deluxe', from: night, to: night, count: 4 }] },
    });
    expect(raise.status).toBe(409);
    expect((await json<{ error: { nights: unknown[] } }>(raise)).error.nights).toEqual([
      { roomType: 'deluxe', date: night, free: 3 },
    ]);
    const lower = await api(`/${created.group.id}`, {
      method: 'PATCH',
      json: { name: 'Smaller', rooms: [{ roomType: 'deluxe', from: night, to: night, count: 2 }] },
    });
    expect(lower.status, await lower.clone().text()).toBe(200);
    expect((await json<GroupDetail>(lower)).nights).toEqual([
      { date: night, roomType: 'deluxe', held: 2, pickedUp: 0 },
    ]);
    const now = await postBooking(
      bookingRequest({ roomType: 'deluxe', checkInDate: night, checkOutDate: day(321) }),
    );
    expect(now.status, await now.clone().text()).toBe(201);
  });

  it('release gives back what is not picked up; cancel marks the block cancelled and frees its rooms', async () => {
    const night = day(330);
    const first = await groupBlock({
      releaseDate: night,
      rooms: [{ roomType: 'deluxe', from: night, to: night, count: 4 }],
    });
    const held = await postBooking(
      bookingRequest({ roomType: 'deluxe', checkInDate: night, checkOutDate: day(331) }),
    );
    expect(held.status).toBe(409);
    const released = await api(`/${first.group.id}/release`, { method: 'POST' });
    expect(released.status).toBe(200);
    const detail = await json<GroupDetail>(released);
    expect(detail.group.releasedAt).not.toBeNull();
    expect(detail.nights).toEqual([]);
    expect((await api(`/${first.group.id}/release`, { method: 'POST' })).status).toBe(409);
    const second = await groupBlock({
      releaseDate: night,
      rooms: [{ roomType: 'deluxe', from: night, to: night, count: 4 }],
    });
    const cancelled = await api(`/${second.group.id}/cancel`, {
      method: 'POST',
      json: { reason: 'Event moved' },
    });
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);
    expect((await json<GroupDetail>(cancelled)).group).toMatchObject({ status: 'cancelled' });
    const sold = await postBooking(
      bookingRequest({ roomType: 'deluxe', checkInDate: night, checkOutDate: day(331) }),
    );
    expect(sold.status, await sold.clone().text()).toBe(201);
    expect(
      await count(
        `select coalesce(sum(held), 0) as n from group_block_nights where group_id in (?, ?)`,
        first.group.id,
        second.group.id,
      ),
    ).toBe(0);
    expect(env.DB).toBeDefined();
  });
});

describe('billing', () => {
  it('a master-billed block whose folio has charges keeps master billing', async () => {
    const night = day(340);
    const created = await groupBlock({
      billing: 'master',
      releaseDate: night,
      rooms: [{ roomType: 'deluxe', from: night, to: night, count: 1 }],
    });
    const id = created.group.id;
    const list = await api(`/${id}/rooming-list`, {
      method: 'POST',
      json: { guests: [{ fullName: 'Holder Guest', roomType: 'deluxe', adults: 1 }] },
    });
    expect(list.status, await list.clone().text()).toBe(201);
    // Before any charge the billing may change back and forth.
    const individual = await api(`/${id}`, { method: 'PATCH', json: { billing: 'individual' } });
    expect((await json<GroupDetail>(individual)).group.billing).toBe('individual');
    expect((await api(`/${id}`, { method: 'PATCH', json: { billing: 'master' } })).status).toBe(200);
    const member = await one<{ id: number }>(`select id from booking_submissions where group_id = ?`, id);
    await env.DB.prepare(
      `insert into folio_lines (booking_id, group_id, kind, department, amount_baisa, net_baisa, business_date, night)
       values (?, ?, 'charge', 'room', 20000, 17391, ?, ?)`,
    )
      .bind(member!.id, id, day(0), day(0))
      .run();
    const refused = await api(`/${id}`, {
      method: 'PATCH',
      json: { billing: 'individual', name: 'Renamed' },
    });
    expect(refused.status).toBe(409);
    expect((await json<{ error: { code: string } }>(refused)).error.code).toBe('group_billing_locked');
    const still = await json<GroupDetail>(await api(`/${id}`));
    expect(still.group).toMatchObject({ billing: 'master', name: 'Oman LNG delegation' });
  });
});

type Refusal = { error: { code: string; message: string; fields?: Record<string, string> } };
const refusalOf = async (res: Response) => (await json<Refusal>(res)).error;

describe('what a block may hold', () => {
  it('a retired room type: never in a new block nor raised in one; freed, and its rooming list refused', async () => {
    const admin = await adminCookie();
    const created = await call('/api/admin/room-types', {
      method: 'POST',
      cookie: admin,
      json: {
        code: 'harbour-room',
        nameAr: 'غرفة الميناء',
        nameEn: 'Harbour Room',
        maxAdults: 2,
        maxChildren: 1,
        maxOccupancy: 3,
        bedTypes: ['double'],
        smokingOptions: ['non_smoking'],
        priceBaisa: 40_000,
        roomCount: 6,
      },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const night = day(350);
    const line = (count: number, from = night, to = day(351)) => ({
      roomType: 'harbour-room',
      from,
      to,
      count,
    });
    // Held while it was sold, then retired (a hold is not a booking: retiring is allowed).
    const held = await groupBlock({ name: 'Harbour guests', releaseDate: night, rooms: [line(2)] });
    const retired = await call('/api/admin/room-types/harbour-room', {
      method: 'PATCH',
      cookie: admin,
      json: { active: false },
    });
    expect(retired.status, await retired.clone().text()).toBe(200);

    const fresh = await api('', {
      method: 'POST',
      json: groupBlockRequest({ name: 'Too late', releaseDate: night, rooms: [line(1)] }),
    });
    expect(fresh.status).toBe(400);
    expect(await refusalOf(fresh)).toMatchObject({
      code: 'room_type_retired',
      fields: { 'rooms.0.roomType': expect.stringMatching(/no longer sold/) },
    });
    const arabic = await api('', {
      method: 'POST',
      lang: 'ar',
      json: groupBlockRequest({ name: 'متأخر', releaseDate: night, rooms: [line(1)] }),
    });
    expect((await refusalOf(arabic)).fields?.['rooms.0.roomType']).toMatch(/متوقف/);
    expect(await count(`select count(*) as n from group_blocks where name in ('Too late', 'متأخر')`)).toBe(0);

    const id = held.group.id;
    for (const rooms of [[line(3)], [line(1, day(352), day(352))]]) {
      const raised = await api(`/${id}`, { method: 'PATCH', json: { rooms } });
      expect(raised.status, JSON.stringify(rooms)).toBe(400);
      expect((await refusalOf(raised)).code).toBe('room_type_retired');
    }
    // Sent again as it is (a dialog resends every line), or lowered: allowed.
    expect(
      (await api(`/${id}`, { method: 'PATCH', json: { name: 'Harbour party', rooms: [line(2)] } })).status,
    ).toBe(200);
    const list = await api(`/${id}/rooming-list`, {
      method: 'POST',
      json: { guests: [{ fullName: 'Harbour Guest', roomType: 'harbour-room', adults: 1 }] },
    });
    expect(list.status).toBe(400);
    expect((await refusalOf(list)).code).toBe('room_type_retired');
    expect(await count(`select count(*) as n from booking_submissions where group_id = ?`, id)).toBe(0);
    const freed = await api(`/${id}`, { method: 'PATCH', json: { rooms: [line(0)] } });
    expect(freed.status, await freed.clone().text()).toBe(200);
    expect((await json<GroupDetail>(freed)).nights).toEqual([]);
    const types = await json<{ roomTypes: { code: string; upcomingBookings: number }[] }>(
      await call('/api/admin/room-types', { cookie: admin }),
    );
    expect(types.roomTypes.find((t) => t.code === 'harbour-room')?.upcomingBookings).toBe(0);
  });

  it('a private plan: only with a company that has it, at creation and when the company changes', async () => {
    const lng = await one<{ id: number }>(`select id from city_ledger_accounts where name = 'Oman LNG'`);
    const other = await one<{ id: number }>(
      `insert into city_ledger_accounts (name, vat_number, address) values ('Other Trading LLC', '', '') returning id`,
    );
    const corporate = (over: Record<string, unknown> = {}) =>
      groupBlockRequest({
        name: 'Corporate retreat',
        ratePlan: 'corporate',
        releaseDate: day(360),
        rooms: [{ roomType: 'deluxe', from: day(360), to: day(360), count: 1 }],
        ...over,
      });

    for (const companyId of [undefined, null, other!.id]) {
      const refused = await api('', { method: 'POST', json: corporate({ companyId }) });
      expect(refused.status, String(companyId)).toBe(400);
      expect(await refusalOf(refused)).toMatchObject({
        code: 'group_plan_needs_company',
        message: expect.stringMatching(/private/),
        fields: { companyId: expect.stringMatching(/company that has it/) },
      });
    }
    const arabic = await api('', { method: 'POST', lang: 'ar', json: corporate() });
    expect((await refusalOf(arabic)).message).toMatch(/خاصة/);
    expect(await count(`select count(*) as n from group_blocks where name = 'Corporate retreat'`)).toBe(0);

    const made = await groupBlock(corporate({ companyId: lng!.id }));
    const id = made.group.id;
    for (const companyId of [null, other!.id]) {
      const changed = await api(`/${id}`, { method: 'PATCH', json: { companyId } });
      expect(changed.status, String(companyId)).toBe(400);
      expect((await refusalOf(changed)).code).toBe('group_plan_needs_company');
    }
    expect((await json<GroupDetail>(await api(`/${id}`))).group.companyId).toBe(lng!.id);
    // Other changes of the block are untouched by the rule; its rooming list books.
    expect((await api(`/${id}`, { method: 'PATCH', json: { name: 'Corporate offsite' } })).status).toBe(200);
    const list = await api(`/${id}/rooming-list`, {
      method: 'POST',
      json: { guests: [{ fullName: 'Corporate Guest', roomType: 'deluxe', adults: 1 }] },
    });
    expect(list.status, await list.clone().text()).toBe(201);
  });
});

describe("an outsider's bodies", () => {
  it('names of NUL bytes, lone surrogates and control characters: 400 naming the field, never stored', async () => {
    const { group } = await groupBlock({
      name: 'Clean name',
      releaseDate: day(370),
      rooms: [{ roomType: 'deluxe', from: day(370), to: day(370), count: 1 }],
    });
    for (const name of [
      '\u0000',
      '\u0000\u0000\u0000',
      'Group\u0000',
      '\ud800',
      'Team \udc00 B',
      'Two\nlines',
      '\u001b[31mred',
    ]) {
      const posted = await api('', { method: 'POST', json: groupBlockRequest({ name }) });
      expect(posted.status, JSON.stringify(name)).toBe(400);
      expect((await refusalOf(posted)).fields?.name).toMatch(/control characters/);
      const patched = await api(`/${group.id}`, { method: 'PATCH', json: { name } });
      expect(patched.status, JSON.stringify(name)).toBe(400);
      expect((await refusalOf(patched)).fields?.name).toMatch(/control characters/);
    }
    expect((await json<GroupDetail>(await api(`/${group.id}`))).group.name).toBe('Clean name');
    expect(
      await count(
        `select count(*) as n from group_blocks where instr(name, char(0)) > 0 or name like '%' || char(10) || '%'`,
      ),
    ).toBe(0);
    // A rooming list's names and a cancellation's reason likewise.
    const list = await api(`/${group.id}/rooming-list`, {
      method: 'POST',
      json: { guests: [{ fullName: 'Nul\u0000Guest', roomType: 'deluxe', adults: 1 }] },
    });
    expect(list.status).toBe(400);
    expect(Object.keys((await refusalOf(list)).fields ?? {})).toEqual(['guests.0.fullName']);
    const cancel = await api(`/${group.id}/cancel`, { method: 'POST', json: { reason: 'bad\u0000reason' } });
    expect(cancel.status).toBe(400);
    expect((await json<GroupDetail>(await api(`/${group.id}`))).group.cancelledAt).toBeNull();
    // As the web sends it (an empty body): cancelled, without a reason.
    const cancelled = await api(`/${group.id}/cancel`, { method: 'POST', json: {} });
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);
    expect((await json<GroupDetail>(cancelled)).group.cancelledAt).not.toBeNull();
  });

  it('malformed, huge and impossible bodies: 400, never a 500', async () => {
    const sent = async (method: string, path: string, body: string) =>
      (
        await call(`/api/admin/groups${path}`, {
          method,
          cookie: staff,
          headers: { 'content-type': 'application/json' },
          body,
        })
      ).status;
    const { group } = await groupBlock({
      name: 'Probe target',
      releaseDate: day(371),
      rooms: [{ roomType: 'deluxe', from: day(371), to: day(371), count: 1 }],
    });
    const bodies = [
      '{',
      'null',
      '[]',
      '42',
      '"name"',
      JSON.stringify(groupBlockRequest({ name: 'x'.repeat(1_000_000) })),
      JSON.stringify(
        groupBlockRequest({
          rooms: Array.from({ length: 5000 }, () => ({
            roomType: 'deluxe',
            from: day(300),
            to: day(300),
            count: 1,
          })),
        }),
      ),
      JSON.stringify(groupBlockRequest({ releaseDate: '2027-02-30' })),
      JSON.stringify(
        groupBlockRequest({
          rooms: [{ roomType: 'deluxe', from: '2027-13-01', to: '2027-13-02', count: 1 }],
        }),
      ),
      JSON.stringify(
        groupBlockRequest({ rooms: [{ roomType: 'deluxe', from: day(300), to: day(300), count: 1e12 }] }),
      ),
      JSON.stringify(
        groupBlockRequest({ rooms: [{ roomType: 'del\u0000uxe', from: day(300), to: day(300), count: 1 }] }),
      ),
      JSON.stringify(groupBlockRequest({ companyId: '\u0000' })),
    ];
    for (const body of bodies) {
      // Refused as bad input (400), or as too large before it is read (413).
      expect([400, 413], body.slice(0, 80)).toContain(await sent('POST', '', body));
      expect([400, 413], body.slice(0, 80)).toContain(await sent('PATCH', `/${group.id}`, body));
    }
    // A change takes no plan (the key is dropped); a new block's must be one of the hotel's.
    expect(await sent('POST', '', JSON.stringify(groupBlockRequest({ ratePlan: '\ud800' })))).toBe(400);
    for (const body of [
      '{',
      '[]',
      JSON.stringify({ guests: [{ fullName: 'A'.repeat(5_000), roomType: 'deluxe' }] }),
      JSON.stringify({
        guests: [
          { fullName: 'Date Guest', roomType: 'deluxe', checkInDate: '2027-02-29', checkOutDate: day(372) },
        ],
      }),
    ])
      expect(await sent('POST', `/${group.id}/rooming-list`, body), body.slice(0, 80)).toBe(400);
    expect((await json<GroupDetail>(await api(`/${group.id}`))).group.name).toBe('Probe target');
  });
});
