import { expect, test } from './fixtures';
import { expectNoA11yViolations } from './support/a11y';
import { staffSignsIn } from './support/desk';

/**
 * The housekeeping board on a phone, in Arabic: a room made dirty through the API is
 * in "To clean"; one tap marks it clean, it leaves the list and its floor shows it clean, and the
 * API agrees.
 */
test.use({ viewport: { width: 390, height: 844 } });

type Room = { id: number; number: string; status: string };

test('a housekeeper marks a dirty room clean on a phone', async ({ page }) => {
  await staffSignsIn(page);
  // A room no other journey assigns (the last gold room of the fourth floor).
  const roomOf = async () => {
    const board = (await (await page.request.get('/api/admin/housekeeping')).json()) as {
      floors: { rooms: Room[] }[];
    };
    return board.floors.flatMap((f) => f.rooms).find((r) => r.number === '412')!;
  };
  const room = await roomOf();
  const dirty = await page.request.put(`/api/admin/rooms/${room.id}`, { data: { status: 'dirty' } });
  expect(dirty.status(), await dirty.text()).toBe(200);

  await page.goto('/housekeeping');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('التدبير الفندقي');
  const toClean = page.getByTestId('housekeeping-to-clean');
  const card = toClean.locator('[data-testid="housekeeping-room"][data-room="412"]');
  await expect(card.getByTestId('room-status')).toHaveText('تحتاج تنظيفاً');
  await expect(card).toContainText('غرفة تحتاج تنظيفاً');
  await expectNoA11yViolations(page, 'housekeeping board, ar 390');

  // The room's number in the page's digits, isolated left to right (docs/decisions/054).
  await expect(card.getByRole('heading', { level: 3 })).toHaveText('الغرفة \u2066٤١٢\u2069');
  await card.getByRole('button', { name: 'تحديد الغرفة \u2066٤١٢\u2069 نظيفة' }).click();
  await expect(card).toHaveCount(0);
  // Its floor (folded until tapped) shows it clean.
  const floor = page.getByTestId('housekeeping-floor-4');
  await floor.getByRole('button', { name: /^الطابق ٤/ }).click();
  const onFloor = floor.locator('[data-room="412"]');
  await expect(onFloor.getByTestId('room-status')).toHaveText('نظيفة');
  await expect.poll(async () => (await roomOf()).status).toBe('clean');
});
