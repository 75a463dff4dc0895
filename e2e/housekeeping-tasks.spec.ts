import { execFileSync } from 'node:child_process';
import { expect, test } from './fixtures';
import { expectNoA11yViolations } from './support/a11y';
import { muscatDay, staffSignsIn } from './support/desk';

/**
 * Housekeeping's day (docs/decisions/091-housekeeping-tasks.md): the supervisor's board on a
 * tablet, in Arabic, gives room 111 to the housekeeper; the housekeeper's phone, in English, shows
 * only their own task (not room 110's, left to nobody), starts and finishes the departure clean;
 * the desk's room board shows room 111 clean; the supervisor inspects it from the board (110's
 * inspection waits for its clean), with their own tasks a tap away.
 *
 * A departure today needs a stay on last night, which no API makes (a stay starts today at the
 * earliest): the two stays that left this morning are written in SQL, as life-of-a-stay moves a
 * stay back a day; the room nights' triggers put their departure cleans on today's tasks.
 */
const HOUSEKEEPER = { email: 'housekeeper@example.com', password: 'change-me-housekeeper' };

function staysThatLeftThisMorning(rooms: string[], tag: string) {
  const persistTo = process.env.E2E_PERSIST_TO ?? '.wrangler/e2e-state';
  const yesterday = muscatDay(-1);
  const today = muscatDay(0);
  const sql = rooms
    .map(
      (room, i) => `
      delete from room_nights where night = '${yesterday}' and room_id = (select id from hotel_rooms where number = '${room}' and retired_at is null);
      insert into booking_submissions (reference, full_name, phone_number, id_number, check_in_date, check_out_date,
          room_type, status, room_id, checked_in_at, checked_out_at)
        select 'HKJ${tag}${'ABCDEFGH'[i]}', 'Journey Guest', '99000000', 'A1234567', '${yesterday}', '${today}',
          room_type, 'completed', id, ${Date.now() - 20 * 3_600_000}, ${Date.now() - 3_600_000}
        from hotel_rooms where number = '${room}' and retired_at is null;
      insert into room_nights (room_id, night, room_type, booking_id)
        select r.id, '${yesterday}', r.room_type, b.id from hotel_rooms r, booking_submissions b
        where r.number = '${room}' and r.retired_at is null and b.reference = 'HKJ${tag}${'ABCDEFGH'[i]}';
      update hotel_rooms set status = 'dirty' where number = '${room}' and retired_at is null;`,
    )
    .join('\n');
  execFileSync(
    'npx',
    ['wrangler', 'd1', 'execute', 'DB', '--local', '--persist-to', persistTo, '--command', sql],
    {
      stdio: 'pipe',
    },
  );
}

test('the board gives a room on a tablet (ar), the phone shows only its own and cleans it (en), the desk sees it clean', async ({
  page,
  browser,
  baseURL,
}) => {
  await page.setViewportSize({ width: 820, height: 1180 });
  await staffSignsIn(page);
  // Today's tasks made (a day close made them already if one ran; made twice, nothing changes).
  const made = await page.request.post('/api/housekeeping/days', { data: { date: muscatDay(0) } });
  expect(made.status(), await made.text()).toBe(201);
  // A reference of the run's own (the alphabet has no 0, 1, I, L or O).
  const tag = Array.from(
    { length: 3 },
    () => '23456789ABCDEFGHJKMNPQRSTUVWXYZ'[Math.floor(Math.random() * 31)],
  ).join('');
  staysThatLeftThisMorning(['110', '111'], tag);
  // Both rooms to nobody (a retry finds them as the first attempt left them).
  const today = (await (await page.request.get(`/api/housekeeping/tasks?date=${muscatDay(0)}`)).json()) as {
    tasks: { room: { id: number; number: string } }[];
  };
  const roomIds = [
    ...new Set(today.tasks.filter((t) => ['110', '111'].includes(t.room.number)).map((t) => t.room.id)),
  ];
  expect(roomIds).toHaveLength(2);
  const nobody = await page.request.put('/api/housekeeping/assignments', {
    data: { date: muscatDay(0), rooms: roomIds.map((roomId) => ({ roomId, assignedTo: null })) },
  });
  expect(nobody.ok(), await nobody.text()).toBe(true);

  // The supervisor's board, in Arabic: room 111 to the demo housekeeper ("Housekeeping"); 110 left to nobody.
  await page.goto('/admin/housekeeping/board');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('لوحة التدبير الفندقي');
  const left = page.locator('[data-testid="board-room"][data-room="110"]');
  await expect(left).toContainText('تنظيف مغادرة');
  const card = page.locator('[data-testid="board-room"][data-room="111"]');
  await expect(card).toContainText('تنظيف مغادرة');
  await card.getByRole('button', { name: /الغرفة .١١١. إلى/ }).click();
  await page.getByRole('option', { name: 'Housekeeping' }).click();
  await expect(page.getByText('وُزّعت الغرف')).toBeVisible();

  // The housekeeper's phone, in English: only room 111's departure clean of these two rooms.
  const phoneContext = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const phone = await phoneContext.newPage();
  const login = await phone.request.post('/api/auth/login', { data: HOUSEKEEPER });
  expect(login.ok(), await login.text()).toBe(true);
  await phone.goto('/housekeeping/tasks?lang=en');
  await expect(phone.getByRole('heading', { level: 1 })).toHaveText('My tasks');
  const mine = phone.locator('[data-testid="task-card"][data-room="111"][data-kind="departure"]');
  await expect(mine).toContainText('Departure clean');
  await expect(phone.locator('[data-testid="task-card"][data-room="110"]')).toHaveCount(0);
  await mine.getByRole('button', { name: 'Start' }).click();
  await expect(mine).toHaveAttribute('data-status', 'in_progress');
  await mine.getByRole('button', { name: 'Finish' }).click();
  await expect(mine).toHaveAttribute('data-status', 'done');
  await expect(mine).toContainText(/Started .*\s·\sFinished /);
  await expectNoA11yViolations(phone, 'my tasks, en 390');
  await phoneContext.close();

  // The desk's room board reads the same row: room 111 is clean.
  await page.goto('/housekeeping');
  const floor = page.getByTestId('housekeeping-floor-1');
  await floor.getByRole('button', { name: /^الطابق ١/ }).click();
  await expect(floor.locator('[data-room="111"]').getByTestId('room-status')).toHaveText('نظيفة');

  // The supervisor inspects room 111 from the board; room 110's inspection waits for its clean.
  await page.goto('/admin/housekeeping/board');
  await expect(page.getByTestId('board-my-tasks')).toHaveAttribute('href', '/housekeeping/tasks');
  const waiting = page.locator('[data-testid="board-room"][data-room="110"]');
  await expect(waiting.getByRole('button', { name: /^بدء الفحص/ })).toBeDisabled();
  await expect(waiting).toContainText('بعد تنظيف المغادرة.');
  const inspected = page.locator('[data-testid="board-room"][data-room="111"]');
  await inspected.getByRole('button', { name: /^بدء الفحص/ }).click();
  await inspected.getByRole('button', { name: /^تأكيد الفحص/ }).click();
  await expect(inspected.locator('[data-testid="board-task"][data-kind="inspection"]')).toContainText('تم');
  await expect(inspected.getByTestId('board-room-status')).toHaveText('تم فحصها');
  await expectNoA11yViolations(page, 'housekeeping board after an inspection, ar 820');
});
