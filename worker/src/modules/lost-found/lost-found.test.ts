import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@shared/dates';
import { day, roomIdOf, stayInRoom, staffAccount } from '@worker-test/builders';
import { call, signUp } from '@worker-test/helpers';
import { png } from '@worker-test/event-entries';
import { suggestedStay } from './lost-found';

/**
 * Lost and found (/api/admin/lost-found; docs/decisions/092): an item found is logged by anyone on
 * the staff, matched at once to the stay that had its room the night before, its guest told once by
 * e-mail (the outbox row in the notice's batch), handed back or disposed of after the hotel's
 * keeping period; each step in its log. The front desk and above handle the items; guests are refused.
 */
type Item = {
  id: number;
  status: string;
  roomNumber: string | null;
  keepUntil: string;
  due: boolean;
  notifiedAt: number | null;
  hasPhoto: boolean;
  stay: { id: number; reference: string; fullName: string } | null;
};
const json = async <T>(res: Response) => (await res.json()) as T;

let housekeeper = '';
let desk = '';
let manager = '';
beforeAll(async () => {
  const cookies = await Promise.all(
    (['housekeeper', 'staff', 'manager'] as const).map((role) =>
      staffAccount({ role }).then((a) => a.cookie),
    ),
  );
  [housekeeper, desk, manager] = cookies as [string, string, string];
});

const logItem = (cookie: string, body: Record<string, unknown>) =>
  call('/api/admin/lost-found', { method: 'POST', cookie, json: body, lang: 'en' });
const step = (cookie: string, id: number, what: string, body: Record<string, unknown> = {}) =>
  call(`/api/admin/lost-found/${id}/${what}`, { method: 'POST', cookie, json: body, lang: 'en' });
const mails = async (id: number) =>
  (
    await env.DB.prepare(
      "select recipient, lang, status from email_outbox where kind = 'lost_item_found' and entity_id = ?",
    )
      .bind(id)
      .all<{ recipient: string; lang: string }>()
  ).results;

/** A stay with an e-mail address in room `number`, from `from` for `nights`. */
async function stayWithMail(number: string, from: string, nights: number, fullName: string) {
  const id = await stayInRoom(number, from, addDays(from, nights), { fullName, checkedOut: true });
  await env.DB.prepare("update booking_submissions set email = ?, lang = 'en' where id = ?")
    .bind(`lf-${id}@example.com`, id)
    .run();
  return id;
}

describe('an item found', () => {
  it('is matched to the stay that had the room the night before, its guest told once, and handed back', async () => {
    const found = day(-1);
    const stay = await stayWithMail('405', addDays(found, -3), 3, 'Salim Al Harthy');
    const made = await logItem(housekeeper, {
      roomId: await roomIdOf('405'),
      place: 'Under the bed',
      description: 'Black phone charger',
      foundOn: found,
    });
    expect(made.status, await made.clone().text()).toBe(201);
    const { item } = await json<{ item: Item }>(made);
    expect(item).toMatchObject({
      status: 'held',
      roomNumber: '405',
      keepUntil: addDays(found, 90),
      due: false,
      // A housekeeper may not read guests: the answer names no stay…
      stay: null,
    });
    expect(JSON.stringify(item)).not.toContain('Salim');
    // … though the item is matched, as the desk reads it.
    const asDesk = await json<{ item: Item }>(
      await call(`/api/admin/lost-found/${item.id}`, { cookie: desk }),
    );
    expect(asDesk.item.stay).toMatchObject({ id: stay, fullName: 'Salim Al Harthy' });
    expect(
      (
        await call(`/api/admin/lost-found/${item.id}/photo`, {
          method: 'PUT',
          cookie: housekeeper,
          body: png(),
          headers: { 'content-type': 'image/png' },
        })
      ).status,
    ).toBe(200);

    const told = await step(desk, item.id, 'notify');
    expect(told.status, await told.clone().text()).toBe(200);
    expect(await mails(item.id)).toEqual([
      { recipient: `lf-${stay}@example.com`, lang: 'en', status: expect.any(String) },
    ]);
    // Once: a second notice is refused and queues nothing.
    expect(await json(await step(desk, item.id, 'notify'))).toMatchObject({
      error: { code: 'lost_item_already_notified' },
    });
    expect(await mails(item.id)).toHaveLength(1);

    const back = await step(desk, item.id, 'return', {
      contactName: 'Salim Al Harthy',
      note: 'Collected at the desk',
    });
    expect(back.status).toBe(200);
    expect((await json<{ item: Item }>(back)).item.status).toBe('returned');
    expect(await json(await step(desk, item.id, 'dispose'))).toMatchObject({
      error: { code: 'lost_item_not_held' },
    });

    const detail = await json<{ log: { action: string; actor: string }[] }>(
      await call(`/api/admin/lost-found/${item.id}`, { cookie: desk }),
    );
    expect(detail.log.map((l) => l.action)).toEqual(['found', 'matched', 'notified', 'returned']);
    expect(detail.log[0]!.actor).toBe('Test Housekeeper');
  });

  it('a technician who logs an item in a room reads no guest in the answer; the desk does', async () => {
    const found = day(0);
    const stay = await stayWithMail('411', addDays(found, -2), 2, 'Nasser Al Kindi');
    const reference = (await env.DB.prepare('select reference from booking_submissions where id = ?')
      .bind(stay)
      .first<{ reference: string }>())!.reference;
    const technician = (await staffAccount({ role: 'maintenance' })).cookie;
    const body = { roomId: await roomIdOf('411'), place: 'Bathroom', description: 'Silver ring' };
    const made = await logItem(technician, body);
    expect(made.status, await made.clone().text()).toBe(201);
    const text = await made.text();
    expect(text).not.toContain('Nasser');
    expect(text).not.toContain(reference);
    expect(JSON.parse(text).item).toMatchObject({ roomNumber: '411', stay: null, contactEmail: null });
    const byDesk = await json<{ item: Item }>(await logItem(desk, body));
    expect(byDesk.item.stay).toMatchObject({ id: stay, reference, fullName: 'Nasser Al Kindi' });
  });

  it('the notice e-mail says what was found and until when it is kept, in the stay’s language', async () => {
    const found = day(0);
    const stay = await stayWithMail('406', addDays(found, -2), 2, 'Aisha Al Said');
    await env.DB.prepare("update booking_submissions set lang = 'ar' where id = ?").bind(stay).run();
    const { item } = await json<{ item: Item }>(
      await logItem(desk, { roomId: await roomIdOf('406'), place: 'Wardrobe', description: 'Blue scarf' }),
    );
    expect((await step(desk, item.id, 'notify')).status).toBe(200);
    // Sent after the answer (waitUntil) to the development mailbox.
    let mail: { subject: string; text: string }[] = [];
    for (let i = 0; i < 50 && mail.length === 0; i++) {
      mail = await json(await call(`/api/dev/mailbox?to=lf-${stay}@example.com`));
      if (mail.length === 0) await new Promise((r) => setTimeout(r, 50));
    }
    expect(mail[0]!.subject).toContain('وجدنا غرضاً ربما نسيته لدينا');
    expect(mail[0]!.text).toContain('Blue scarf');
    expect(mail[0]!.text).toContain('Aisha Al Said');
  });

  it('refuses a notice without a matched stay, and a match to a stay that did not have the room', async () => {
    const { item } = await json<{ item: Item }>(
      await logItem(desk, { place: 'Pool', description: 'Goggles' }),
    );
    expect(item.stay).toBeNull();
    expect(await json(await step(desk, item.id, 'notify'))).toMatchObject({
      error: { code: 'lost_item_no_stay' },
    });
    const elsewhere = await stayInRoom('407', day(-2), day(0));
    expect(await json(await step(desk, item.id, 'match', { bookingId: elsewhere }))).toMatchObject({
      error: { code: 'lost_item_not_a_candidate' },
    });
  });

  it('a match changed or cleared is logged, and the new guest may be told', async () => {
    const found = day(0);
    const before = await stayWithMail('408', addDays(found, -2), 2, 'First Guest');
    const tonight = await stayWithMail('408', found, 1, 'Second Guest');
    const { item } = await json<{ item: Item }>(
      await logItem(desk, { roomId: await roomIdOf('408'), place: 'Desk drawer', description: 'Watch' }),
    );
    expect(item.stay!.id).toBe(before);
    const detail = await json<{ candidates: { id: number }[] }>(
      await call(`/api/admin/lost-found/${item.id}`, { cookie: desk }),
    );
    expect(detail.candidates.map((c) => c.id).sort()).toEqual([before, tonight].sort());
    const moved = await step(desk, item.id, 'match', { bookingId: tonight });
    expect((await json<{ item: Item }>(moved)).item.stay!.id).toBe(tonight);
    const cleared = await step(desk, item.id, 'match', { bookingId: null });
    expect((await json<{ item: Item }>(cleared)).item.stay).toBeNull();
    const log = await json<{ log: { action: string }[] }>(
      await call(`/api/admin/lost-found/${item.id}`, { cookie: desk }),
    );
    expect(log.log.map((l) => l.action)).toEqual(['found', 'matched', 'matched', 'unmatched']);
  });

  it('a guest told, then the item matched to another stay: the first notice is cleared and the new guest is told', async () => {
    const found = day(0);
    const first = await stayWithMail('409', addDays(found, -2), 2, 'First Guest');
    const second = await stayWithMail('409', found, 1, 'Second Guest');
    const { item } = await json<{ item: Item }>(
      await logItem(desk, { roomId: await roomIdOf('409'), place: 'Safe', description: 'Passport wallet' }),
    );
    expect(item.stay!.id).toBe(first);
    const told = await json<{ item: Item }>(await step(desk, item.id, 'notify'));
    expect(told.item.notifiedAt).toEqual(expect.any(Number));
    // It was the other guest's: matched again, the item is no longer told to anyone.
    const moved = await json<{ item: Item }>(await step(desk, item.id, 'match', { bookingId: second }));
    expect(moved.item).toMatchObject({ stay: { id: second }, notifiedAt: null });
    const toldAgain = await step(desk, item.id, 'notify');
    expect(toldAgain.status, await toldAgain.clone().text()).toBe(200);
    expect((await json<{ item: Item }>(toldAgain)).item.notifiedAt).toEqual(expect.any(Number));
    expect((await mails(item.id)).map((m) => m.recipient)).toEqual([
      `lf-${first}@example.com`,
      `lf-${second}@example.com`,
    ]);
    const log = await json<{ log: { action: string }[] }>(
      await call(`/api/admin/lost-found/${item.id}`, { cookie: desk }),
    );
    expect(log.log.map((l) => l.action)).toEqual(['found', 'matched', 'notified', 'matched', 'notified']);
  });
});

describe('the keeping period', () => {
  it('is 90 days by default; disposal is refused before it ends and allowed after', async () => {
    const { item } = await json<{ item: Item }>(
      await logItem(desk, { place: 'Lobby', description: 'Umbrella' }),
    );
    expect(item.keepUntil).toBe(day(90));
    expect(await json(await step(desk, item.id, 'dispose'))).toMatchObject({
      error: { code: 'lost_item_keep_period' },
    });
    const old = await json<{ item: Item }>(
      await logItem(desk, { place: 'Lobby', description: 'Old hat', foundOn: day(-91) }),
    );
    expect(old.item.due).toBe(true);
    const due = await json<{ items: Item[] }>(
      await call('/api/admin/lost-found?status=due', { cookie: desk }),
    );
    expect(due.items.map((i) => i.id)).toContain(old.item.id);
    expect(due.items.map((i) => i.id)).not.toContain(item.id);
    const gone = await step(desk, old.item.id, 'dispose', { note: 'Given to charity' });
    expect(gone.status).toBe(200);
    expect((await json<{ item: Item }>(gone)).item.status).toBe('disposed');
  });

  it('is the hotel’s setting, changed by a manager, for items logged after', async () => {
    expect(
      (await call('/api/admin/lost-found/settings', { method: 'PUT', cookie: desk, json: { keepDays: 30 } }))
        .status,
    ).toBe(403);
    const bad = await call('/api/admin/lost-found/settings', {
      method: 'PUT',
      cookie: manager,
      json: { keepDays: 0 },
      lang: 'ar',
    });
    expect(bad.status).toBe(400);
    const set = await call('/api/admin/lost-found/settings', {
      method: 'PUT',
      cookie: manager,
      json: { keepDays: '٣٠' },
    });
    expect(set.status).toBe(200);
    const { item } = await json<{ item: Item }>(await logItem(desk, { place: 'Spa', description: 'Ring' }));
    expect(item.keepUntil).toBe(day(30));
    await call('/api/admin/lost-found/settings', { method: 'PUT', cookie: manager, json: { keepDays: 90 } });
  });

  it('refuses a day found in the future, and an empty description', async () => {
    expect((await logItem(desk, { place: 'Lobby', description: 'x', foundOn: day(1) })).status).toBe(400);
    const empty = await logItem(desk, { place: 'Lobby', description: '  ' });
    expect(await json(empty)).toMatchObject({ error: { fields: { description: 'Describe the item' } } });
  });
});

describe('who may do what', () => {
  it('a housekeeper logs an item but does not handle them; guests are refused everything', async () => {
    const { item } = await json<{ item: Item }>(
      await logItem(housekeeper, { place: 'Corridor 3', description: 'Key card' }),
    );
    expect((await call('/api/admin/lost-found', { cookie: housekeeper })).status).toBe(403);
    expect((await call(`/api/admin/lost-found/${item.id}`, { cookie: housekeeper })).status).toBe(403);
    expect((await step(housekeeper, item.id, 'return', { contactName: 'x' })).status).toBe(403);
    const guest = (await signUp()).cookie;
    expect((await logItem(guest, { place: 'x', description: 'y' })).status).toBe(403);
    expect((await call('/api/admin/lost-found', { cookie: guest })).status).toBe(403);
  });

  it('the list filters by status, room and words, a page at a time', async () => {
    const room = await roomIdOf('409');
    await logItem(desk, { roomId: room, place: 'Bathroom', description: 'Silver bracelet' });
    const byRoom = await json<{ items: Item[] }>(
      await call(`/api/admin/lost-found?roomId=${room}`, { cookie: desk }),
    );
    expect(byRoom.items.every((i) => i.roomNumber === '409')).toBe(true);
    const byWords = await json<{ items: Item[] }>(
      await call('/api/admin/lost-found?q=bracelet', { cookie: desk }),
    );
    expect(byWords.items).toHaveLength(1);
    expect((await call('/api/admin/lost-found?status=lost', { cookie: desk })).status).toBe(400);
  });
});

describe('the suggestion', () => {
  const stay = (id: number, checkInDate: string, checkOutDate: string) => ({
    id,
    reference: `R${id}`,
    fullName: 'x',
    checkInDate,
    checkOutDate,
  });
  it('prefers the stay of the night before the day found, then that night’s', () => {
    expect(
      suggestedStay([stay(2, '2027-01-10', '2027-01-11'), stay(1, '2027-01-08', '2027-01-10')], '2027-01-10')
        ?.id,
    ).toBe(1);
    expect(suggestedStay([stay(2, '2027-01-10', '2027-01-11')], '2027-01-10')?.id).toBe(2);
    expect(suggestedStay([], '2027-01-10')).toBeNull();
  });
});

describe('a guest’s own data', () => {
  it('exports the items matched to their stays and erases who they were', async () => {
    const guest = await signUp();
    const me = await json<{ user: { id: number; email: string } }>(
      await call('/api/auth/me', { cookie: guest.cookie }),
    );
    const stay = await stayInRoom('410', day(-2), day(0), { fullName: 'Erased Guest', checkedOut: true });
    await env.DB.prepare('update booking_submissions set user_id = ?, user_email = ? where id = ?')
      .bind(me.user.id, me.user.email, stay)
      .run();
    const { item } = await json<{ item: Item }>(
      await logItem(desk, { roomId: await roomIdOf('410'), place: 'Safe', description: 'Passport wallet' }),
    );
    expect(item.stay!.id).toBe(stay);
    await step(desk, item.id, 'notify');
    const exported = await json<{ lostAndFound: { description: string; contactEmail: string }[] }>(
      await call('/api/account/export', { cookie: guest.cookie }),
    );
    expect(exported.lostAndFound).toMatchObject([
      { description: 'Passport wallet', contactEmail: me.user.email },
    ]);
    const erased = await call('/api/account', {
      method: 'DELETE',
      cookie: guest.cookie,
      json: { password: guest.password },
    });
    expect(erased.status, await erased.clone().text()).toBe(200);
    const row = await env.DB.prepare(
      'select booking_id, contact_email, description from lost_found_items where id = ?',
    )
      .bind(item.id)
      .first();
    expect(row).toEqual({ booking_id: null, contact_email: null, description: 'Passport wallet' });
  });
});
