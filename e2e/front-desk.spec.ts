import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoA11yViolations } from './support/a11y';
import { bookingBody, createBooking, staffSignsIn } from './support/desk';
import { screenshot } from './support/screenshots';

/**
 * The day at the desk on a tablet, in Arabic. Two stays arriving today are
 * booked, approved and given rooms through the API, the second checked in there too; at the desk
 * staff check the first in and the second out; the first's guest then sees the room number on
 * their booking's page on a phone.
 */

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Muscat' }).format(new Date());
const daysFromToday = (days: number) => {
  const d = new Date(`${today()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const tomorrow = () => daysFromToday(1);

/** A room's number as an Arabic page shows it: Arabic-Indic digits, isolated left to right. */
const arabicRoom = (number: string) =>
  `\u2066${number.replace(/[0-9]/g, (d) => String.fromCharCode(0x0660 + Number(d)))}\u2069`;

// The demo's diamond rooms (503-510) are the seed's rooms 49 to 56 (worker/src/seed/seed.ts).
const DIAMOND_ROOM_IDS = [49, 50, 51, 52, 53, 54, 55, 56];

/** Gives the stay a free, clean diamond room (PUT .../room); answers its number. */
async function assignCleanRoom(staff: APIRequestContext, id: number, taken: Set<number>) {
  for (const roomId of DIAMOND_ROOM_IDS.filter((r) => !taken.has(r))) {
    const res = await staff.put(`/api/booking-submissions/${id}/room`, { data: { roomId } });
    if (!res.ok()) continue;
    const { room } = (await res.json()) as { room: { number: string; status: string } };
    taken.add(roomId);
    if (room.status === 'clean' || room.status === 'inspected') return room.number;
  }
  throw new Error('no clean diamond room free tonight');
}

test('in Arabic on a tablet: staff check one guest in and another out; the guest sees the room on a phone', async ({
  page,
  browser,
  baseURL,
  request,
}, testInfo) => {
  await page.setViewportSize({ width: 820, height: 1180 });
  await staffSignsIn(page);
  const stay = { roomType: 'diamond', checkInDate: today(), checkOutDate: tomorrow() };
  const arrivingBody = bookingBody('سالم الحارثي', stay);
  const arriving = (await createBooking(request, arrivingBody)) as unknown as {
    id: number;
    reference: string;
  };
  // Booked for two nights: checked out today, she stays the first night and gives up the second.
  const leaving = await createBooking(
    request,
    bookingBody('مريم البلوشي', { ...stay, checkOutDate: daysFromToday(2) }),
  );
  const taken = new Set<number>();
  for (const b of [arriving, leaving]) {
    const approved = await page.request.patch(`/api/booking-submissions/${b.id}/status`, {
      data: { status: 'approved' },
    });
    expect(approved.ok(), await approved.text()).toBe(true);
  }
  const room = await assignCleanRoom(page.request, arriving.id, taken);
  await assignCleanRoom(page.request, leaving.id, taken);
  const checkedIn = await page.request.post(`/api/booking-submissions/${leaving.id}/check-in`, {
    data: { confirmNotClean: true },
  });
  expect(checkedIn.ok(), await checkedIn.text()).toBe(true);

  // The desk: today's arrivals, the first guest checked in.
  await page.goto('/admin/front-desk');
  await expect(page.getByRole('heading', { name: 'مكتب الاستقبال', level: 1 })).toBeVisible();
  const arrival = page.getByTestId('desk-list-arrivals').locator(`[data-booking-id="${arriving.id}"]`);
  await expect(arrival.getByTestId('desk-room-number')).toHaveText(arabicRoom(room));
  await screenshot(page, testInfo.outputPath('front-desk-ar-820.png'));
  await expectNoA11yViolations(page, 'front desk ar');
  await arrival.getByRole('button', { name: 'تسجيل الوصول' }).click();
  // Confirmed first: the room proposed (the stay's own), and the guest's ID checked.
  const checkInDialog = page.getByTestId('desk-check-in-dialog');
  await expect(checkInDialog.getByTestId('desk-check-in-room')).toBeVisible();
  await expect(checkInDialog.getByTestId('desk-check-in-registration')).toBeVisible();
  await screenshot(page, testInfo.outputPath('front-desk-check-in-ar-820.png'));
  await expectNoA11yViolations(page, 'front desk check-in dialog ar');
  await checkInDialog.getByTestId('desk-check-in-id-checked').click();
  await checkInDialog.getByTestId('desk-check-in-confirm').click();
  await expect(arrival.getByTestId('desk-state')).toContainText('تم تسجيل الوصول');

  // In house tonight: the second guest leaves early.
  await page.getByRole('tab', { name: /المقيمون/ }).click();
  const inHouse = page.getByTestId('desk-list-inHouse').locator(`[data-booking-id="${leaving.id}"]`);
  await inHouse.getByRole('button', { name: 'تسجيل المغادرة' }).click();
  // Asked first: booked two nights, so one night early, and that night is released.
  await expect(page.getByTestId('desk-check-out-question')).toContainText('مريم البلوشي');
  await expect(page.getByTestId('desk-check-out-early')).toBeVisible();
  await expectNoA11yViolations(page, 'front desk check-out question ar');
  await page.getByTestId('desk-check-out-confirm').click();
  // The night she stayed is posted at check-out and is due: taken in cash, then she is out.
  await page.getByTestId('desk-pay-and-check-out').click();
  await page.getByTestId('desk-check-out-close').click();
  await expect(
    page.getByTestId('desk-list-inHouse').locator(`[data-booking-id="${leaving.id}"]`),
  ).toHaveCount(0);

  // The first guest's page on a phone (found by reference and phone, as the lookup does).
  const phone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const guest = await phone.newPage();
  const found = await guest.request.post('/api/bookings/lookup', {
    data: { reference: arriving.reference, phoneNumber: arrivingBody.phoneNumber },
  });
  expect(found.ok(), await found.text()).toBe(true);
  await guest.goto(`/booking/${arriving.reference}`);
  await expect(guest.getByTestId('booking-room-number')).toHaveText(arabicRoom(room));
  await screenshot(guest, testInfo.outputPath('booking-page-room-ar-390.png'), { fullPage: true });
  await expect(guest.getByTestId('booking-desk-state')).toContainText('تم تسجيل الوصول');
  await phone.close();
});

test('in Arabic on a tablet: an arrival without a room is checked in from the desk into a free room of its type', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 820, height: 1180 });
  await staffSignsIn(page);
  const stay = { roomType: 'gold', checkInDate: today(), checkOutDate: tomorrow() };
  const walkIn = (await createBooking(request, bookingBody('خالد الكندي', stay))) as unknown as {
    id: number;
  };
  const approved = await page.request.patch(`/api/booking-submissions/${walkIn.id}/status`, {
    data: { status: 'approved' },
  });
  expect(approved.ok(), await approved.text()).toBe(true);

  await page.goto('/admin/front-desk');
  const arrival = page.getByTestId('desk-list-arrivals').locator(`[data-booking-id="${walkIn.id}"]`);
  await expect(arrival.getByTestId('desk-room')).toContainText('بلا غرفة');
  await arrival.getByRole('button', { name: 'تسجيل الوصول' }).click();
  // Confirmed first: the room proposed for a stay without one is named before it is taken.
  const checkInDialog = page.getByTestId('desk-check-in-dialog');
  await expect(checkInDialog.getByTestId('desk-check-in-room')).toBeVisible();
  await checkInDialog.getByTestId('desk-check-in-id-checked').click();
  await checkInDialog.getByTestId('desk-check-in-confirm').click();
  // The best free gold room is clean unless every free one is not: then the desk asks first.
  const anyway = page.getByTestId('desk-check-in-anyway');
  await expect(arrival.getByTestId('desk-state').or(anyway)).toBeVisible();
  if (await anyway.isVisible()) await anyway.click();
  await expect(arrival.getByTestId('desk-state')).toContainText('تم تسجيل الوصول');
  const shown = (await arrival.getByTestId('desk-room-number').textContent())!;
  expect(shown).toMatch(/^\u2066[٠-٩]+\u2069$/);
  const number = shown
    .replace(/[\u2066\u2069]/g, '')
    .replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660));
  // The room is the stay's for tonight: the booking's room, as the desk and the tape chart read it.
  const day = (await (await page.request.get(`/api/front-desk?date=${today()}`)).json()) as {
    arrivals: { id: number; room: { number: string } | null; checkedInAt: string | null }[];
  };
  expect(day.arrivals.find((a) => a.id === walkIn.id)).toMatchObject({
    room: { number },
    checkedInAt: expect.any(String),
  });
  // Leaves again, so the room is free for the other journeys: the night, posted at check-out, is
  // due first (409 balance_due with the balance), paid, and then the check-out goes through.
  const checkOut = () => page.request.post(`/api/booking-submissions/${walkIn.id}/check-out`, { data: {} });
  const due = await checkOut();
  expect(due.status(), await due.text()).toBe(409);
  const { error } = (await due.json()) as { error: { code: string; balanceBaisa: number } };
  expect(error).toMatchObject({ code: 'balance_due', balanceBaisa: expect.any(Number) });
  const paid = await page.request.post(`/api/booking-submissions/${walkIn.id}/folio/payments`, {
    data: { method: 'cash', amountBaisa: error.balanceBaisa },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  const out = await checkOut();
  expect(out.ok(), await out.text()).toBe(true);
});
