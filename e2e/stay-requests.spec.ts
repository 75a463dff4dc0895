import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoA11yViolations } from './support/a11y';
import { bookingBody, choose, muscatDay, staffSignsIn } from './support/desk';
import { screenshot } from './support/screenshots';

/**
 * A guest in house asks for towels from the booking page on a phone, in
 * Arabic; staff on a tablet (820 px, Arabic) see it at /admin/stay-requests, start it and mark it
 * done; the guest sees it done. The stay (booked, approved, given a room, checked in) is set
 * through the API: the booking form and the desk have journeys of their own.
 */

/**
 * The gold rooms' ids: from the rooms list (GET /api/admin/rooms) when it answers, else the seed's
 * (201-212, 301-312, 401-412 are ids 13 to 48 in a fresh database).
 */
async function goldRoomIds(staff: APIRequestContext): Promise<number[]> {
  const res = await staff.get('/api/admin/rooms');
  if (res.ok()) {
    const body = (await res.json()) as unknown;
    const rooms = (Array.isArray(body) ? body : (body as { rooms: unknown[] }).rooms) as {
      id: number;
      roomType: string;
    }[];
    return rooms.filter((r) => r.roomType === 'gold').map((r) => r.id);
  }
  return Array.from({ length: 36 }, (_, i) => 13 + i);
}

/** Staff approve the booking, put it in a free gold room and check it in (the desk's endpoints). */
async function checkInThroughTheDesk(staff: APIRequestContext, id: number) {
  const approved = await staff.patch(`/api/booking-submissions/${id}/status`, {
    data: { status: 'approved' },
  });
  expect(approved.ok(), await approved.text()).toBe(true);
  let assigned = false;
  for (const roomId of await goldRoomIds(staff)) {
    const res = await staff.put(`/api/booking-submissions/${id}/room`, { data: { roomId } });
    if (res.ok()) {
      assigned = true;
      break;
    }
    // Taken tonight by another journey's stay: the next room.
    expect(res.status(), await res.text()).toBe(409);
  }
  expect(assigned).toBe(true);
  const checkedIn = await staff.post(`/api/booking-submissions/${id}/check-in`, {
    data: { confirmNotClean: true },
  });
  expect(checkedIn.ok(), await checkedIn.text()).toBe(true);
}

const myRequest = (page: Page) => page.getByTestId('my-stay-request').first();

test('in Arabic: a guest in house asks for towels on a phone; staff on a tablet start it and mark it done', async ({
  page,
  browser,
  baseURL,
}) => {
  // The guest, without an account: a stay from today, found on this phone by its reference and
  // phone (the device's grant makes the phone its owner). Meanwhile staff sign in on a tablet.
  const tablet = await browser.newContext({ baseURL, viewport: { width: 820, height: 1180 } });
  const [booking, staff] = await Promise.all([
    (async () => {
      const body = bookingBody('مريم البلوشي', { checkInDate: muscatDay(0), checkOutDate: muscatDay(2) });
      const res = await page.request.post('/api/booking-submissions?lang=ar', { data: body });
      expect(res.status(), await res.text()).toBe(201);
      const made = ((await res.json()) as { booking: { id: number; reference: string } }).booking;
      const found = await page.request.post('/api/bookings/lookup', {
        data: { reference: made.reference, phoneNumber: body.phoneNumber },
      });
      expect(found.ok(), await found.text()).toBe(true);
      return made;
    })(),
    (async () => {
      const staffPage = await tablet.newPage();
      await staffSignsIn(staffPage);
      return staffPage;
    })(),
  ]);
  await checkInThroughTheDesk(staff.request, booking.id);

  // The guest asks for towels from the booking's page.
  await page.goto(`/booking/${booking.reference}?lang=ar`);
  const section = page.getByTestId('stay-requests');
  await expect(section.getByRole('heading', { name: 'طلبات أثناء إقامتك' })).toBeVisible();
  await choose(section, { name: 'مناشف', exact: true });
  await section.getByRole('button', { name: 'إرسال الطلب' }).click();
  await expect(section.getByTestId('stay-request-sent')).toHaveText('وصل طلبك إلى الفندق');
  await expect(myRequest(page).getByTestId('my-stay-request-status')).toContainText('جديد');

  // Staff see it in the queue (while axe looks at the guest's page), start it, then mark it done.
  const card = staff.getByTestId('stay-request').filter({ hasText: 'مريم البلوشي' });
  await Promise.all([
    expectNoA11yViolations(page, 'booking page, stay requests (ar, phone)'),
    (async () => {
      await staff.goto('/admin/stay-requests?lang=ar');
      await expect(card).toContainText('مناشف');
    })(),
  ]);
  await expectNoA11yViolations(staff, '/admin/stay-requests (ar, tablet)');
  await card.getByRole('button', { name: 'بدء' }).click();
  await expect(card).toHaveAttribute('data-status', 'in_progress');
  await card.getByRole('button', { name: 'تم', exact: true }).click();
  await expect(staff.getByTestId('stay-request-finished').filter({ hasText: 'مريم البلوشي' })).toContainText(
    'تم',
  );

  // The guest sees it done (the page polls; a reload shows it at once).
  await page.reload();
  await expect(myRequest(page)).toHaveAttribute('data-status', 'done');
  await expect(myRequest(page).getByTestId('my-stay-request-status')).toContainText('تم');

  // The guest phones the desk for a cleaning: staff log it from the front desk, for them.
  await staff.goto('/admin/front-desk?lang=ar');
  await staff.getByRole('tab', { name: /^المقيمون/ }).click();
  // Her row by its booking (other journeys have guests of the same name in house).
  const row = staff.getByTestId('desk-list-inHouse').locator(`[data-booking-id="${booking.id}"]`);
  await row.getByRole('button', { name: 'تسجيل طلب' }).click();
  const dialog = staff.getByRole('dialog', { name: 'طلب باسم مريم البلوشي' });
  // Nothing chosen: said under the field, in the staff's words.
  await dialog.getByRole('button', { name: 'سجّل الطلب' }).click();
  await expect(dialog).toContainText('اختر ما يحتاجه الضيف');
  await choose(dialog, { name: 'تنظيف الغرفة', exact: true });
  await expect(dialog).not.toContainText('اختر ما يحتاجه الضيف');
  await dialog.getByLabel('ملاحظة (اختياري)').fill('اتصلت من الغرفة: بعد الظهر');
  await expectNoA11yViolations(staff, 'front desk, log a request (ar, tablet)');
  await screenshot(staff, '/tmp/shots-stay-requests/log-request-ar-820.png');
  await dialog.getByRole('button', { name: 'سجّل الطلب' }).click();
  await expect(dialog.getByTestId('stay-request-sent')).toHaveText('سُجّل الطلب باسم الضيف');
  await dialog.getByRole('button', { name: 'إغلاق' }).click();
  // In the desk's queue at once, and on the guest's page as theirs.
  await expect(staff.getByTestId('stay-request').filter({ hasText: 'مريم البلوشي' })).toContainText(
    'تنظيف الغرفة',
  );
  await page.reload();
  await expect(myRequest(page)).toContainText('تنظيف الغرفة');
  await expect(myRequest(page)).toContainText('اتصلت من الغرفة: بعد الظهر');
  await tablet.close();
});
