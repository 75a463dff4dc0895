import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { HousekeepingTask, HousekeepingTasksAnswer } from '@shared/housekeeping-tasks';
import {
  closedDay,
  codeOf,
  day,
  json,
  roomIdOf,
  roomStatus,
  rows,
  setRoomStatus,
  settleFolio,
  inHouseStay,
  markCheckedIn,
  staffAccount,
  stayInRoom,
} from '@worker-test/builders';
import { call, logIn } from '@worker-test/helpers';

/**
 * Housekeeping's day (modules/housekeeping, migration 0089), through the API and the desk's own
 * moves: the day close makes the new day's tasks; a check-out, an extension and a room move
 * change that day's tasks in their own batch (the triggers on room nights); a housekeeper sees
 * and moves only their own; impossible moves are refused; a departure clean done makes the room
 * clean, an inspection inspected; the minibar is charged on the stay's folio in one batch.
 *
 * Stays are written as the desk leaves them (builders' `stayInRoom`, checked in by SQL) in the
 * silver rooms of floor 1, around today: the day close closes yesterday (the file's first close).
 */
const T = day(0);
let staff: string;
let manager: string;
let maid: { cookie: string; id: number };
let other: { cookie: string; id: number };

const userId = async (email: string) =>
  (await env.DB.prepare('select id from users where email = ?').bind(email).first<{ id: number }>())!.id;

async function housekeeper(fullName: string) {
  const account = await staffAccount({ role: 'housekeeper', fullName });
  return { cookie: account.cookie, id: await userId(account.email) };
}

/** A stay in `number` from `from` to `to` (day offsets), checked in on its arrival day. */
const inHouse = (number: string, from: number, to: number) =>
  inHouseStay(number, day(from), day(to), { checkedInAt: Date.now() - 86_400_000 });

async function tasks(cookie: string, date = T) {
  const res = await call(`/api/housekeeping/tasks?date=${date}`, { cookie });
  expect(res.status, await res.clone().text()).toBe(200);
  return json<HousekeepingTasksAnswer>(res);
}
const kindsOf = async (number: string, cookie = staff) =>
  (await tasks(cookie)).tasks
    .filter((t) => t.room.number === number)
    .map((t) => t.kind)
    .sort();
const taskOf = async (number: string, kind: string, cookie = staff): Promise<HousekeepingTask> =>
  (await tasks(cookie)).tasks.find((t) => t.room.number === number && t.kind === kind)!;

const patch = (id: number, body: unknown, cookie: string, lang: 'ar' | 'en' = 'en') =>
  call(`/api/housekeeping/tasks/${id}`, {
    method: 'PATCH',
    cookie,
    lang,
    json: body as Record<string, unknown>,
  });

let departing: number;
let stayOver: number;
let arriving: number;
let leaving103: number;

beforeAll(async () => {
  staff = (await logIn('staff@example.com', 'change-me-staff')).cookie;
  manager = (await staffAccount({ role: 'manager' })).cookie;
  maid = await housekeeper('Amina Housekeeper');
  other = await housekeeper('Badr Housekeeper');

  // 101: left today (checked in the day before yesterday); 102: stays over; 103: a departure and,
  // the same day, a VIP arrival (a rush); 104: left today and checked out already.
  departing = await inHouse('101', -2, 0);
  stayOver = await inHouse('102', -1, 2);
  leaving103 = await inHouse('103', -1, 0);
  arriving = await stayInRoom('103', T, day(2));
  const profile = await env.DB.prepare(
    `insert into guest_profiles (full_name, phone, name_key, vip) values ('Very Important', '91111111', 'very important', 1) returning id`,
  ).first<{ id: number }>();
  await env.DB.prepare('update booking_submissions set profile_id = ? where id = ?')
    .bind(profile!.id, arriving)
    .run();
  const gone = await inHouse('104', -1, 0);
  await env.DB.prepare("update booking_submissions set checked_out_at = ?, status = 'completed' where id = ?")
    .bind(Date.now(), gone)
    .run();
  await setRoomStatus('104', 'dirty');
  // The day close of yesterday makes today's tasks (the file's first close).
  await closedDay(day(-1), manager);
});

describe('the day close makes the new day’s tasks', () => {
  it('a departure clean and its inspection, a stay-over tidy, a rush and a VIP, with credits', async () => {
    const day0 = await tasks(staff);
    expect(day0).toMatchObject({ date: T, made: true, supervisor: true });
    expect(await kindsOf('101')).toEqual(['departure', 'inspection']);
    expect(await kindsOf('102')).toEqual(['stay_over']);
    expect(await kindsOf('105')).toEqual([]);
    const rush = await taskOf('103', 'departure');
    expect(rush).toMatchObject({ rush: true, vip: true, credits: 4, status: 'pending', assignedTo: null });
    expect(await taskOf('101', 'departure')).toMatchObject({ rush: false, vip: false, checkedOut: false });
    expect(await taskOf('102', 'stay_over')).toMatchObject({ credits: 2 });
    expect(await taskOf('104', 'departure')).toMatchObject({ checkedOut: true });
    expect(day0.housekeepers.map((h) => h.fullName)).toEqual(
      expect.arrayContaining(['Amina Housekeeper', 'Badr Housekeeper']),
    );
    // Made twice (a supervisor's "make today"), nothing doubles.
    const before = day0.tasks.length;
    const again = await call('/api/housekeeping/days', { method: 'POST', cookie: staff, json: { date: T } });
    expect(again.status).toBe(201);
    expect((await tasks(staff)).tasks).toHaveLength(before);
  });

  it('the hotel’s rule: a tidy every second night, and turndowns where the hotel does them', async () => {
    const date = day(40);
    await env.DB.prepare(
      'update housekeeping_settings set stay_over_every_nights = 2, turndown = 1 where id = 1',
    ).run();
    try {
      await stayInRoom('110', day(38), day(43)); // night 2 of its stay on the day: a tidy
      await stayInRoom('111', day(39), day(43)); // night 1: none
      const made = await call('/api/housekeeping/days', { method: 'POST', cookie: staff, json: { date } });
      expect(made.status).toBe(201);
      const list = (await tasks(staff, date)).tasks.map((t) => `${t.room.number}:${t.kind}`).sort();
      expect(list).toEqual(['110:stay_over', '110:turndown', '111:turndown']);
    } finally {
      await env.DB.prepare(
        'update housekeeping_settings set stay_over_every_nights = 1, turndown = 0 where id = 1',
      ).run();
    }
  });
});

describe('the tasks follow the stays, in the same batch', () => {
  it('an early check-out turns a stay-over into a departure clean; the room is dirty', async () => {
    const id = await inHouse('106', -1, 3);
    // The night of today written after the day was made: the trigger added the tidy.
    expect(await kindsOf('106')).toEqual(['stay_over']);
    await settleFolio(id);
    const res = await call(`/api/booking-submissions/${id}/check-out`, {
      method: 'POST',
      cookie: staff,
      json: {},
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await kindsOf('106')).toEqual(['departure', 'inspection']);
    expect(await taskOf('106', 'departure')).toMatchObject({ checkedOut: true });
  });

  it('an extension turns a departure into a stay-over', async () => {
    const id = await inHouse('107', -1, 0);
    expect(await kindsOf('107')).toEqual(['departure', 'inspection']);
    const res = await call(`/api/admin/booking-submissions/${id}`, {
      method: 'PATCH',
      cookie: staff,
      json: { checkOutDate: day(2) },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await kindsOf('107')).toEqual(['stay_over']);
  });

  it('a room move: the room left gets a departure clean, the tidy goes', async () => {
    const id = await inHouse('108', -1, 2);
    expect(await kindsOf('108')).toEqual(['stay_over']);
    const res = await call(`/api/booking-submissions/${id}/room`, {
      method: 'PUT',
      cookie: staff,
      json: { roomId: await roomIdOf('109') },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await kindsOf('108')).toEqual(['departure', 'inspection']);
    expect(await kindsOf('109')).toEqual([]);
  });

  it('a check-in ends the rush of the room the guest arrives in', async () => {
    // The guest before has left (one stay in house per room, migration 0099), then the VIP arrives.
    await env.DB.prepare(
      "update booking_submissions set checked_out_at = ?, status = 'completed' where id = ?",
    )
      .bind(Date.now(), leaving103)
      .run();
    await markCheckedIn(arriving);
    expect(await taskOf('103', 'departure')).toMatchObject({ rush: false, vip: true });
    await env.DB.prepare('update booking_submissions set checked_in_at = null where id = ?')
      .bind(arriving)
      .run();
  });
});

describe('who sees and moves what', () => {
  it('a supervisor assigns; a housekeeper sees only their own and cannot assign or touch another’s', async () => {
    const t101 = await taskOf('101', 'departure');
    const t102 = await taskOf('102', 'stay_over');
    expect((await patch(t101.id, { status: 'pending', assignedTo: maid.id }, staff)).status).toBe(200);
    const given = await call('/api/housekeeping/assignments', {
      method: 'PUT',
      cookie: staff,
      json: { date: T, rooms: [{ roomId: t102.room.id, assignedTo: other.id }] },
    });
    expect(given.status, await given.clone().text()).toBe(200);

    const mine = await tasks(maid.cookie);
    expect(mine.supervisor).toBe(false);
    expect(mine.tasks.map((t) => t.id)).toEqual([t101.id]);
    expect(mine.housekeepers).toEqual([]);
    expect((await tasks(other.cookie)).tasks.map((t) => t.id)).toEqual([t102.id]);

    const assign = await patch(t101.id, { status: 'pending', assignedTo: other.id }, maid.cookie);
    expect(assign.status).toBe(403);
    expect((await codeOf(assign)).code).toBe('task_assign_supervisor');
    const theirs = await patch(t102.id, { status: 'in_progress' }, maid.cookie);
    expect(theirs.status).toBe(404);
    const board = await call('/api/housekeeping/assignments', {
      method: 'PUT',
      cookie: maid.cookie,
      json: { date: T, rooms: [{ roomId: t102.room.id, assignedTo: maid.id }] },
    });
    expect(board.status).toBe(403);
    // A guest is no housekeeper; nobody signed in is nobody.
    expect((await call(`/api/housekeeping/tasks?date=${T}`)).status).toBe(401);
  });

  it('a housekeeper cannot move a task given to nobody: 404, as another’s, and the task and room stay as they were', async () => {
    // 104's guest has checked out: its departure clean could start, were it the housekeeper's.
    const clean = await taskOf('104', 'departure');
    expect(clean).toMatchObject({ assignedTo: null, status: 'pending' });
    for (const status of ['in_progress', 'done', 'refused'] as const) {
      const res = await patch(clean.id, { status }, maid.cookie);
      expect(res.status, status).toBe(404);
      expect((await codeOf(res)).code).toBe('task_not_found');
    }
    expect(await taskOf('104', 'departure')).toMatchObject({ assignedTo: null, status: 'pending' });
    expect(await roomStatus('104')).toBe('dirty');
    expect((await tasks(maid.cookie)).tasks.map((t) => t.id)).not.toContain(clean.id);
  });

  it('bad input is 400 in the user’s language, and changes nothing', async () => {
    const t = await taskOf('102', 'stay_over');
    const res = await patch(t.id, { status: 'sleeping' }, staff, 'ar');
    expect(res.status).toBe(400);
    const body = await codeOf(res);
    expect(body.code).toBe('validation_failed');
    expect(JSON.stringify(body)).toContain('اختر ما حدث للمهمة');
    const en = await patch(t.id, { status: 'done', extra: 1 }, staff, 'en');
    expect(en.status).toBe(400);
    const nobody = await patch(t.id, { status: 'pending', assignedTo: 999_999 }, staff, 'en');
    expect(nobody.status).toBe(400);
    expect((await codeOf(nobody)).code).toBe('task_assignee_invalid');
    expect((await taskOf('102', 'stay_over')).status).toBe('pending');
    expect((await call(`/api/housekeeping/tasks?date=2027-02-30`, { cookie: staff })).status).toBe(400);
  });
});

describe('moves and the room’s status', () => {
  it('a departure clean waits for the check-out; done, the room is clean at the desk; inspected after', async () => {
    const clean = await taskOf('101', 'departure');
    const inspection = await taskOf('101', 'inspection');
    await setRoomStatus('101', 'dirty');
    const early = await patch(clean.id, { status: 'in_progress' }, maid.cookie, 'ar');
    expect(early.status).toBe(409);
    expect((await codeOf(early)).code).toBe('task_guest_not_out');

    await settleFolio(departing);
    const out = await call(`/api/booking-submissions/${departing}/check-out`, {
      method: 'POST',
      cookie: staff,
      json: {},
    });
    expect(out.status, await out.clone().text()).toBe(200);
    expect(await roomStatus('101')).toBe('dirty');

    // The inspection waits for the clean.
    const soon = await patch(inspection.id, { status: 'in_progress' }, staff);
    expect((await codeOf(soon)).code).toBe('task_clean_first');
    // No "do not disturb" in an empty room.
    expect((await codeOf(await patch(clean.id, { status: 'dnd' }, maid.cookie))).code).toBe(
      'task_transition',
    );

    expect((await patch(clean.id, { status: 'in_progress' }, maid.cookie)).status).toBe(200);
    expect(await roomStatus('101')).toBe('dirty');
    expect((await patch(clean.id, { status: 'done' }, maid.cookie)).status).toBe(200);
    expect(await roomStatus('101')).toBe('clean');
    const finished = await taskOf('101', 'departure');
    expect(finished.status).toBe('done');
    expect(Date.parse(finished.finishedAt!)).toBeGreaterThanOrEqual(Date.parse(finished.startedAt!));
    // The desk's board reads the same row.
    const desk = await json<{ floors: { rooms: { number: string; status: string }[] }[] }>(
      await call(`/api/admin/housekeeping?date=${T}`, { cookie: staff }),
    );
    expect(desk.floors.flatMap((f) => f.rooms).find((r) => r.number === '101')!.status).toBe('clean');

    // Done is done.
    const again = await patch(clean.id, { status: 'in_progress' }, maid.cookie);
    expect(again.status).toBe(409);
    expect((await codeOf(again)).code).toBe('task_transition');

    expect((await patch(inspection.id, { status: 'in_progress' }, staff)).status).toBe(200);
    expect((await patch(inspection.id, { status: 'done' }, staff)).status).toBe(200);
    expect(await roomStatus('101')).toBe('inspected');
  });

  it('a stay-over: do not disturb, tried again, refused; refused is final', async () => {
    const t = await taskOf('102', 'stay_over');
    expect((await patch(t.id, { status: 'dnd' }, other.cookie)).status).toBe(200);
    expect((await patch(t.id, { status: 'refused' }, other.cookie)).status).toBe(200);
    const after = await taskOf('102', 'stay_over');
    expect(after).toMatchObject({ status: 'refused' });
    expect(after.finishedAt).not.toBeNull();
    expect((await patch(t.id, { status: 'in_progress' }, other.cookie)).status).toBe(409);
  });
});

describe('the minibar', () => {
  /** The seed's minibar outlet (the first open one): its items by English name. */
  let menu: Map<string, { id: number; priceBaisa: number; outletId: number }>;
  beforeAll(async () => {
    const items = await rows<{ id: number; name_en: string; price_baisa: number; outlet_id: number }>(
      `select i.id, i.name_en, i.price_baisa, i.outlet_id from outlet_items i join outlets o on o.id = i.outlet_id
       where o.id = (select id from outlets where kind = 'minibar' and active = 1 order by id limit 1)`,
    );
    menu = new Map(
      items.map((i) => [i.name_en, { id: i.id, priceBaisa: i.price_baisa, outletId: i.outlet_id }]),
    );
  });
  const item = (name: string) => menu.get(name)!;

  it('the phone reads the minibar outlet’s menu, the housekeeper’s and the supervisor’s alike', async () => {
    const theirs = (await tasks(other.cookie)).minibar;
    expect(theirs.map((i) => i.id).sort()).toEqual([...menu.values()].map((i) => i.id).sort());
    expect(theirs.find((i) => i.id === item('Juice').id)).toEqual({
      id: item('Juice').id,
      nameAr: 'عصير',
      nameEn: 'Juice',
      priceBaisa: item('Juice').priceBaisa,
    });
    expect((await tasks(staff)).minibar).toEqual(theirs);
  });

  it('posts what was taken as the minibar outlet’s check to the stay, its lines on the folio, in one batch, once per key', async () => {
    const t = await taskOf('102', 'stay_over');
    const before = await rows<{ n: number }>(
      'select count(*) as n from folio_lines where booking_id = ?',
      stayOver,
    );
    const water = item('Mineral water');
    const nuts = item('Mixed nuts');
    const report = () =>
      call(`/api/housekeeping/tasks/${t.id}/minibar`, {
        method: 'POST',
        cookie: other.cookie,
        lang: 'ar',
        headers: { 'Idempotency-Key': 'minibar-102-once' },
        json: {
          items: [
            { itemId: water.id, quantity: '٢' },
            { itemId: nuts.id, quantity: 1 },
          ],
        },
      });
    const res = await report();
    expect(res.status, await res.clone().text()).toBe(201);
    const total = 2 * water.priceBaisa + nuts.priceBaisa;
    const answer = await json<{ message: string; check: { id: number; checkNumber: string } }>(res);
    expect(answer).toMatchObject({
      message: 'سُجّل الميني بار على حساب الغرفة',
      check: { outletId: water.outletId, settlement: 'room', totalBaisa: total },
    });
    // A tap sent twice is one check.
    const again = await report();
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect((await json<{ check: { id: number } }>(again)).check.id).toBe(answer.check.id);

    const [check] = await rows<{
      outlet_id: number;
      booking_id: number;
      total_baisa: number;
      created_by: number;
    }>(
      'select outlet_id, booking_id, total_baisa, created_by from outlet_checks where id = ?',
      answer.check.id,
    );
    expect(check).toEqual({
      outlet_id: water.outletId,
      booking_id: stayOver,
      total_baisa: total,
      created_by: other.id,
    });
    const lines = await rows<{
      department: string;
      quantity: number;
      amount_baisa: number;
      description: string;
      outlet_check_id: number;
    }>(
      'select department, quantity, amount_baisa, description, outlet_check_id from folio_lines where booking_id = ? order by id',
      stayOver,
    );
    expect(lines.length - before[0]!.n).toBe(2);
    expect(lines.slice(-2).map(({ description: _d, ...l }) => l)).toEqual([
      {
        department: 'minibar',
        quantity: 2,
        amount_baisa: 2 * water.priceBaisa,
        outlet_check_id: answer.check.id,
      },
      { department: 'minibar', quantity: 1, amount_baisa: nuts.priceBaisa, outlet_check_id: answer.check.id },
    ]);
    expect(lines.at(-2)!.description).toContain(`, check ${answer.check.checkNumber}: Mineral water`);
    expect(lines.at(-2)!.description).toContain('مياه معدنية');
    // The audit line names the task it came from.
    const [audit] = await rows<{ details: string }>(
      `select coalesce("after", '') as details from audit_log where action = 'outlet.check' order by id desc limit 1`,
    );
    expect(JSON.parse(audit!.details)).toMatchObject({ task: t.id, bookingId: stayOver, totalBaisa: total });
  });

  it('refuses an item off the minibar’s menu (nothing posted), another’s room, and a stay already gone', async () => {
    const t = await taskOf('102', 'stay_over');
    const count = async (id: number) =>
      (await rows<{ n: number }>('select count(*) as n from folio_lines where booking_id = ?', id))[0]!.n;
    const n = await count(stayOver);
    const checks = async () => (await rows<{ n: number }>('select count(*) as n from outlet_checks'))[0]!.n;
    const c = await checks();
    // The café's coffee is an outlet's item, but not the minibar's.
    const [coffee] = await rows<{ id: number }>(
      `select i.id from outlet_items i join outlets o on o.id = i.outlet_id where o.kind <> 'minibar' limit 1`,
    );
    const offMenu = await call(`/api/housekeeping/tasks/${t.id}/minibar`, {
      method: 'POST',
      cookie: other.cookie,
      lang: 'ar',
      json: {
        items: [
          { itemId: item('Juice').id, quantity: 1 },
          { itemId: coffee!.id, quantity: 1 },
        ],
      },
    });
    expect(offMenu.status).toBe(409);
    expect((await codeOf(offMenu)).code).toBe('outlet_item_unknown');
    const notANumber = await call(`/api/housekeeping/tasks/${t.id}/minibar`, {
      method: 'POST',
      cookie: other.cookie,
      json: { items: [{ itemId: 'water', quantity: 1 }] },
    });
    expect(notANumber.status).toBe(400);
    expect((await codeOf(notANumber)).code).toBe('validation_failed');
    const zero = await call(`/api/housekeeping/tasks/${t.id}/minibar`, {
      method: 'POST',
      cookie: other.cookie,
      json: { items: [{ itemId: item('Juice').id, quantity: 0 }] },
    });
    expect(zero.status).toBe(400);
    const notMine = await call(`/api/housekeeping/tasks/${t.id}/minibar`, {
      method: 'POST',
      cookie: maid.cookie,
      json: { items: [{ itemId: item('Juice').id, quantity: 1 }] },
    });
    expect(notMine.status).toBe(404);
    expect(await count(stayOver)).toBe(n);
    expect(await checks()).toBe(c);

    // 101's guest checked out above: no longer in house.
    const gone = await taskOf('101', 'departure');
    const closed = await call(`/api/housekeeping/tasks/${gone.id}/minibar`, {
      method: 'POST',
      cookie: staff,
      json: { items: [{ itemId: item('Juice').id, quantity: 1 }] },
    });
    expect(closed.status).toBe(409);
    expect((await codeOf(closed)).code).toBe('room_not_in_house');
    expect(await checks()).toBe(c);
  });
});

describe('the hotel’s rules', () => {
  it('a manager sets them (Arabic-Indic digits read), staff read them and may not change them; bad values are 400 and change nothing', async () => {
    const rules = {
      stayOverEveryNights: '٢',
      turndown: true,
      departureCredits: 5,
      stayOverCredits: 2,
      inspectionCredits: 1,
      turndownCredits: 1,
    };
    const refused = await call('/api/housekeeping/settings', { method: 'PUT', cookie: staff, json: rules });
    expect(refused.status).toBe(403);
    const bad = await call('/api/housekeeping/settings', {
      method: 'PUT',
      cookie: manager,
      lang: 'ar',
      json: { ...rules, departureCredits: 99 },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await codeOf(bad))).toContain('أدخل عددًا صحيحًا');
    expect(await json(await call('/api/housekeeping/settings', { cookie: staff }))).toMatchObject({
      stayOverEveryNights: 1,
      turndown: false,
      departureCredits: 4,
    });
    const saved = await call('/api/housekeeping/settings', { method: 'PUT', cookie: manager, json: rules });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(await json(await call('/api/housekeeping/settings', { cookie: staff }))).toEqual({
      ...rules,
      stayOverEveryNights: 2,
    });
    // The next day made follows them: a departure counts 5.
    await stayInRoom('112', day(60), day(61));
    await call('/api/housekeeping/days', { method: 'POST', cookie: staff, json: { date: day(61) } });
    const made = (await tasks(staff, day(61))).tasks.filter((t) => t.room.number === '112');
    expect(made.map((t) => [t.kind, t.credits])).toEqual([
      ['departure', 5],
      ['inspection', 1],
    ]);
    await env.DB.prepare(
      'update housekeeping_settings set stay_over_every_nights = 1, turndown = 0, departure_credits = 4 where id = 1',
    ).run();
  });
});
