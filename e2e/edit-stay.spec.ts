import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoA11yViolations } from './support/a11y';
import {
  bookingBody,
  createBooking,
  muscatDay,
  staffSignsIn,
  stayInHouse,
  uniqueSuffix,
} from './support/desk';
import { screenshot } from './support/screenshots';

/**
 * Staff extend a guest in house by a night from the front desk, on a tablet, in Arabic: the
 * "Edit stay" dialog shows the new total before saving, the stay keeps its room, the total is the
 * server's, and the tape chart's bar is a night longer. The dialog is also photographed in English.
 */

/**
 * Moves a date field from `from` to the day after, with the arrow keys on its segments: a day past
 * the month's end wraps the day, so the month (and the year) move too when they change.
 */
async function laterDeparture(field: Locator, _from: string, to: string) {
  // Typed segment by segment, the year and month before the day: an arrow on the day wraps within
  // its month (the 30th of November goes up to the 1st of November), so a stay whose new departure
  // is in the next month was set a month off.
  for (const [type, start, length] of [
    ['year', 0, 4],
    ['month', 5, 2],
    ['day', 8, 2],
  ] as const) {
    await field.locator(`[data-type="${type}"]`).click();
    await field.page().keyboard.type(to.slice(start, start + length));
  }
}

type Listed = { id: number; totalPriceBaisa: number; roomId: number | null; checkOutDate: string };

test('in Arabic on a tablet: an in-house guest is extended by a night from the front desk; the room is kept and the tape chart bar is longer', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  await page.setViewportSize({ width: 820, height: 1180 });
  await staffSignsIn(page);
  const name = `ضيف التمديد ${uniqueSuffix()}`;
  // Deluxe: its four rooms are used by no other journey tonight and tomorrow.
  const { room, ...created } = await stayInHouse<Listed>(
    page.request,
    bookingBody(name, { roomType: 'deluxe', checkInDate: muscatDay(0), checkOutDate: muscatDay(1) }),
  );

  // The bar on the tape chart before: one night.
  await page.goto('/admin/tape-chart');
  const bar = page.getByTestId('tape-stay').filter({ hasText: name });
  await expect(bar).toHaveCount(1);
  const before = (await bar.boundingBox())!.width;

  await page.goto('/admin/front-desk');
  await page.getByRole('tab', { name: /المقيمون/ }).click();
  const row = page.getByTestId('desk-list-inHouse').locator(`[data-booking-id="${created.id}"]`);
  await row.getByRole('button', { name: 'تعديل الإقامة' }).click();
  const dialog = page.getByRole('dialog', { name: `تعديل إقامة ${name}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('الضيف مقيم حالياً: يمكن تغيير تاريخ المغادرة فقط.')).toBeVisible();
  const total = dialog.getByTestId('edit-stay-total');
  await expect(total).toContainText('الإجمالي');

  // The departure, a night later, with the arrow keys on the date's segments.
  await laterDeparture(dialog.getByRole('group', { name: 'المغادرة' }), muscatDay(1), muscatDay(2));
  // The server's quote of the longer stay (a moment of "working out" first), against the old total.
  await expect(total).toContainText('الإجمالي الجديد:');
  await expect(total).toContainText('(كان');
  await screenshot(page, testInfo.outputPath('edit-stay-ar-820.png'));
  await expectNoA11yViolations(page, 'edit stay dialog ar 820');
  await dialog.getByRole('button', { name: 'حفظ التغييرات' }).click();
  await expect(page.getByText('تم تعديل الحجز وإبلاغ الضيف')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  // The desk's row behind the dialog shows the new departure at once, without a reload (and well
  // before the desk's next poll).
  const departure = new Intl.DateTimeFormat('ar-OM-u-ca-gregory', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${muscatDay(2)}T00:00:00Z`));
  await expect(row).toContainText(departure, { timeout: 2_000 });

  // The server's booking: a night longer, the same room, the total of two nights.
  const list = await page.request.get(`/api/booking-submissions?q=${encodeURIComponent(name)}`);
  const [stay] = (await list.json()) as Listed[];
  expect(stay).toMatchObject({ checkOutDate: muscatDay(2), roomId: room.id });
  expect(stay!.totalPriceBaisa).toBe(2 * created.totalPriceBaisa);

  await page.goto('/admin/tape-chart');
  await expect(bar).toHaveCount(1);
  await expect.poll(async () => (await bar.boundingBox())!.width).toBeGreaterThan(before * 1.5);

  // The next night is another guest's in the same room: a second extension is refused with the
  // free rooms of the type, and choosing one moves the stay there and extends it in one step.
  const next = (await createBooking(
    page.request,
    bookingBody(`ضيف الليلة التالية ${name}`, {
      roomType: 'deluxe',
      checkInDate: muscatDay(2),
      checkOutDate: muscatDay(3),
    }),
  )) as unknown as Listed;
  const nextApproved = await page.request.patch(`/api/booking-submissions/${next.id}/status`, {
    data: { status: 'approved' },
  });
  expect(nextApproved.ok(), await nextApproved.text()).toBe(true);
  const nextRoom = await page.request.put(`/api/booking-submissions/${next.id}/room`, {
    data: { roomId: room.id },
  });
  expect(nextRoom.ok(), await nextRoom.text()).toBe(true);
  await page.goto('/admin/front-desk');
  await page.getByRole('tab', { name: /المقيمون/ }).click();
  await row.getByRole('button', { name: 'تعديل الإقامة' }).click();
  await expect(dialog).toBeVisible();
  await laterDeparture(dialog.getByRole('group', { name: 'المغادرة' }), muscatDay(2), muscatDay(3));
  await dialog.getByRole('button', { name: 'حفظ التغييرات' }).click();
  await expect(dialog.getByRole('alert')).toContainText('الغرفة مشغولة في بعض ليالي هذه الإقامة');
  const freeRooms = dialog.getByTestId('edit-stay-free-rooms').getByRole('button');
  await expect(freeRooms.first()).toBeVisible();
  await screenshot(page, testInfo.outputPath('edit-stay-room-taken-ar-820.png'));
  await freeRooms.first().click();
  await expect(page.getByText('تم تعديل الحجز وإبلاغ الضيف')).toBeVisible();
  const moved = (
    (await (
      await page.request.get(`/api/booking-submissions?q=${encodeURIComponent(name)}`)
    ).json()) as Listed[]
  ).find((b) => b.id === created.id);
  expect(moved!.checkOutDate).toBe(muscatDay(3));
  expect(moved!.roomId).not.toBe(room.id);

  // The dialog in English, for the screenshot.
  const english = await browser.newContext({ baseURL, viewport: { width: 820, height: 1180 } });
  await english.addInitScript(() => localStorage.setItem('language', 'en'));
  const en = await english.newPage();
  await staffSignsIn(en);
  await en.goto('/admin/front-desk');
  await en.getByRole('tab', { name: /Guests in house/ }).click();
  await en
    .getByTestId('desk-list-inHouse')
    .locator(`[data-booking-id="${created.id}"]`)
    .getByRole('button', { name: 'Edit stay' })
    .click();
  await expect(en.getByRole('dialog', { name: `Edit the stay of ${name}` })).toBeVisible();
  await screenshot(en, testInfo.outputPath('edit-stay-en-820.png'));
  await english.close();

  // A manager sees the price fields (the server alone decides who may use them).
  const managers = await browser.newContext({ baseURL, viewport: { width: 820, height: 1180 } });
  await managers.addInitScript(() => localStorage.setItem('language', 'en'));
  const manager = await managers.newPage();
  const login = await manager.request.post('/api/auth/login', {
    data: { email: 'manager@example.com', password: 'change-me-manager' },
  });
  expect(login.ok(), await login.text()).toBe(true);
  await manager.goto('/admin/front-desk');
  await manager.getByRole('tab', { name: /Guests in house/ }).click();
  await manager
    .getByTestId('desk-list-inHouse')
    .locator(`[data-booking-id="${created.id}"]`)
    .getByRole('button', { name: 'Edit stay' })
    .click();
  const managerDialog = manager.getByRole('dialog', { name: `Edit the stay of ${name}` });
  await managerDialog.getByText('Set the price by hand').click();
  await expect(managerDialog.getByRole('textbox', { name: 'Total for the stay (OMR)' })).toBeVisible();
  await screenshot(manager, testInfo.outputPath('edit-stay-manager-en-820.png'), { fullPage: true });
  await managers.close();
});

test('in Arabic on a tablet: the tape chart extends a stay by a night from its details (keyboard) and by dragging its bar’s end (pointer)', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 820, height: 1180 });
  await staffSignsIn(page);
  const name = `ضيف المخطط الممدد ${uniqueSuffix()}`;
  // Silver: twelve rooms, enough beside the other journeys' silver stays tonight.
  const created = await stayInHouse<Listed>(
    page.request,
    bookingBody(name, { roomType: 'silver', checkInDate: muscatDay(0), checkOutDate: muscatDay(1) }),
  );
  const departure = async () =>
    (
      (await (
        await page.request.get(`/api/booking-submissions?q=${encodeURIComponent(name)}`)
      ).json()) as Listed[]
    ).find((b) => b.id === created.id)?.checkOutDate;

  await page.goto('/admin/tape-chart');
  const bar = page.getByTestId('tape-stay').filter({ hasText: name });
  await expect(bar).toHaveCount(1);
  const oneNight = (await bar.boundingBox())!.width;

  // The keyboard's way: the stay's details, "Extend by a night".
  await bar.focus();
  await page.keyboard.press('Enter');
  const details = page.getByRole('dialog', { name });
  await details.getByRole('button', { name: 'التمديد ليلة' }).click();
  await expect(details).toHaveCount(0);
  await expect.poll(departure).toBe(muscatDay(2));
  await expect.poll(async () => (await bar.boundingBox())!.width).toBeGreaterThan(oneNight * 1.5);
  const twoNights = (await bar.boundingBox())!.width;

  // The pointer's way: the bar's end (its left, in Arabic) dragged one night further.
  const end = page.locator('td', { has: bar }).getByTestId('tape-stay-end');
  await end.scrollIntoViewIfNeeded();
  const box = (await end.boundingBox())!;
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (const step of [1, 2, 3, 4]) await page.mouse.move(x - (step * oneNight) / 4, y);
  await expect(page.getByTestId('tape-stay-end-preview')).toBeVisible();
  await screenshot(page, testInfo.outputPath('tape-chart-drag-end-ar-820.png'));
  await page.mouse.up();
  await expect.poll(departure).toBe(muscatDay(3));
  await expect.poll(async () => (await bar.boundingBox())!.width).toBeGreaterThan(twoNights + oneNight / 2);
  await screenshot(page, testInfo.outputPath('tape-chart-extended-ar-820.png'));

  // The same dialog from the bookings desk's row of the stay.
  await page.goto('/admin/bookings');
  await page.getByRole('tab', { name: /النشطة/ }).click();
  await page.getByLabel('البحث في الحجوزات').fill(name);
  const card = page.getByRole('tabpanel').getByTestId('booking-card').filter({ hasText: name });
  await card.getByRole('button', { name: 'تعديل الإقامة' }).click();
  const dialog = page.getByRole('dialog', { name: `تعديل إقامة ${name}` });
  await expect(dialog.getByText('الضيف مقيم حالياً: يمكن تغيير تاريخ المغادرة فقط.')).toBeVisible();
  await screenshot(page, testInfo.outputPath('bookings-desk-edit-stay-ar-820.png'));
});
