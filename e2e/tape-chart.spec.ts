import { expect, test } from './fixtures';
import { expectNoA11yViolations } from './support/a11y';
import { bookingBody, createBooking, muscatDay, staffSignsIn, uniqueSuffix } from './support/desk';
import { screenshot } from './support/screenshots';

/**
 * The tape chart on a tablet, in Arabic: two of today's arrivals,
 * approved through the API, get their rooms from the suggestion (reviewed, then saved in one
 * go), show as bars on the grid, and one moves to another room with the "Move to room" menu.
 */
test.use({ viewport: { width: 820, height: 1180 } });

/** "٢٠٤" as the API writes it, "204" (the rows' test ids). */
const latinDigits = (arabic: string) => arabic.replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660));

test('staff assign the day’s arrivals from the suggestion, move one with the menu and one by dragging', async ({
  page,
}, testInfo) => {
  const suffix = uniqueSuffix();
  // Gold: the type with the most rooms, so today's arrivals of the other journeys leave some free.
  const stay = { checkInDate: muscatDay(0), checkOutDate: muscatDay(1), roomType: 'gold' };
  const guests = [`ضيف المخطط أ ${suffix}`, `ضيف المخطط ب ${suffix}`];
  const bookings = await Promise.all(
    guests.map((name) => createBooking(page.request, bookingBody(name, stay))),
  );
  await staffSignsIn(page);
  for (const booking of bookings) {
    const approved = await page.request.patch(`/api/booking-submissions/${booking.id}/status`, {
      data: { status: 'approved' },
    });
    expect(approved.ok(), await approved.text()).toBe(true);
  }

  await page.goto('/admin/tape-chart');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('مخطط الغرف');
  const unassigned = page.getByTestId('tape-unassigned-stay');
  for (const name of guests) await expect(unassigned.filter({ hasText: name })).toHaveCount(1);

  await page.getByRole('button', { name: 'اقترح غرفاً لوصول اليوم وغداً' }).click();
  const dialog = page.getByRole('dialog', { name: 'الغرف المقترحة' });
  const rows = dialog.getByTestId('suggestion-row');
  await expect(rows.filter({ hasText: suffix })).toHaveCount(2);
  // Review: only this journey's two arrivals are kept (other journeys' arrivals share the day);
  // a checkbox's label is what a finger taps (its input is visually hidden).
  for (const row of await rows.filter({ hasNotText: suffix }).all())
    await row.locator('label').first().click();
  await expect(dialog.getByRole('checkbox', { checked: true })).toHaveCount(2);
  await expect(rows.filter({ hasText: suffix }).getByRole('checkbox', { checked: true })).toHaveCount(2);
  await dialog.getByRole('button', { name: 'حفظ' }).click();
  await expect(page.getByText('تم تخصيص غرفتين', { exact: true })).toBeVisible();
  await expect(dialog).toHaveCount(0);

  const bars = page.getByTestId('tape-stay');
  for (const name of guests) await expect(bars.filter({ hasText: name })).toHaveCount(1);
  await expect(unassigned.filter({ hasText: suffix })).toHaveCount(0);
  // A one-night bar wraps the guest's name over its two lines instead of cutting it ("Sali…").
  const name = bars.filter({ hasText: guests[0]! }).getByTestId('tape-stay-name');
  const fits = await name.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(fits.scroll, 'the name is not cut sideways').toBeLessThanOrEqual(fits.client);
  await expectNoA11yViolations(page, 'tape chart ar 820');

  // Move the first stay with the menu (the keyboard's and screen reader's way).
  const rowOf = async (name: string) =>
    page
      .getByRole('row')
      .filter({ has: bars.filter({ hasText: name }) })
      .getAttribute('data-testid');
  const before = await rowOf(guests[0]!);
  await bars.filter({ hasText: guests[0]! }).click();
  const details = page.getByRole('dialog', { name: guests[0]! });
  await expect(details).toContainText('لم يسجّل الوصول بعد');
  await details.getByRole('button', { name: 'انقل إلى غرفة' }).click();
  const menu = page.getByRole('menu', { name: 'انقل إلى غرفة' });
  const target = menu.getByRole('menuitem').first();
  // Room numbers in the page's digits (docs/decisions/054): "الغرفة ٢٠٤", never "الغرفة 204".
  await expect(target).toHaveText(/الغرفة \u2066[٠-٩]+\u2069/);
  const targetShown = /[٠-٩]+/.exec((await target.textContent()) ?? '')![0];
  const targetNumber = latinDigits(targetShown);
  await screenshot(page, testInfo.outputPath('tape-chart-move-menu-ar-820.png'));
  await target.click();
  await expect(page.getByText(`${guests[0]!}: الغرفة \u2066${targetShown}\u2069`)).toBeVisible();
  await expect.poll(() => rowOf(guests[0]!)).toBe(`tape-row-${targetNumber}`);
  await expect(page.getByTestId(`tape-row-${targetNumber}`).getByRole('rowheader')).toContainText(
    `\u2066${targetShown}\u2069`,
  );
  expect(before).not.toBe(`tape-row-${targetNumber}`);
  await screenshot(page, testInfo.outputPath('tape-chart-ar-820.png'));

  // Drag the second stay's bar to a free room's row (the menu names the free ones).
  await bars.filter({ hasText: guests[1]! }).click();
  const secondDetails = page.getByRole('dialog', { name: guests[1]! });
  await secondDetails.getByRole('button', { name: 'انقل إلى غرفة' }).click();
  const free = page.getByRole('menu', { name: 'انقل إلى غرفة' }).getByRole('menuitem').first();
  await expect(free).toHaveText(/[٠-٩]/);
  const freeNumber = latinDigits(/[٠-٩]+/.exec((await free.textContent()) ?? '')![0]);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(secondDetails).toHaveCount(0);
  expect(await rowOf(guests[1]!)).not.toBe(`tape-row-${freeNumber}`);
  const freeRow = page.getByTestId(`tape-row-${freeNumber}`);
  await freeRow.scrollIntoViewIfNeeded();
  await bars.filter({ hasText: guests[1]! }).dragTo(freeRow);
  await expect.poll(() => rowOf(guests[1]!)).toBe(`tape-row-${freeNumber}`);
});
