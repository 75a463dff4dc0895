import { expect, test } from './fixtures';
import {
  STAFF,
  bookingBody,
  createBooking,
  farStay,
  fillDate,
  muscatDay,
  uniqueSuffix,
} from './support/desk';
import { registerGuest } from './support/guests';
import { bookingConfirmation, closeBookingConfirmation } from './support/booking-confirmation';

/**
 * Loyalty points end to end: a guest's eight deluxe stays are approved and
 * completed by staff (20 points each, 160 in all); the guest sees them on the
 * header badge, buys a gold free night (160 points) in the points store,
 * books it, and finds it approved in My bookings with the balance back to 0.
 */
test('a guest earns 160 points with completed stays and spends them on a gold free night', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const guestContext = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  await guestContext.addInitScript(() => localStorage.setItem('language', 'en'));
  const staffContext = await browser.newContext({ baseURL });
  const guest = await guestContext.newPage();
  const fullName = `Points Guest ${uniqueSuffix()}`;
  const account = await registerGuest(guest.request, fullName);

  const login = await staffContext.request.post('/api/auth/login', { data: STAFF });
  expect(login.ok(), await login.text()).toBe(true);
  for (let i = 0; i < 8; i++) {
    const booking = await createBooking(
      guest.request,
      // Tonight: a stay is completed from its arrival day; each completed one frees the room.
      bookingBody(fullName, { roomType: 'deluxe', checkInDate: muscatDay(0), checkOutDate: muscatDay(1) }),
    );
    const approved = await staffContext.request.patch(`/api/booking-submissions/${booking.id}/status`, {
      data: { status: 'approved' },
    });
    expect(approved.ok(), await approved.text()).toBe(true);
    // A JSON body: an empty POST would look like a form post to the CSRF check.
    const completed = await staffContext.request.post(`/api/booking-submissions/${booking.id}/complete`, {
      data: {},
    });
    expect(completed.ok(), await completed.text()).toBe(true);
    expect((await completed.json()).pointsEarned).toBe(20);
  }

  // The badge shows the balance and the last points earned.
  await guest.goto('/');
  await expect(guest.getByTestId('header-user-name')).toHaveText(fullName);
  await expect(guest.getByTestId('points-total')).toHaveText('160 pts');
  await expect(guest.getByTestId('points-last-earned')).toContainText('+20');

  // The store: gold (160) can be bought, deluxe (200) cannot.
  await guest.getByRole('link', { name: 'Use Points' }).click();
  await expect(guest).toHaveURL('/points-store');
  await expect(guest.getByTestId('points-store-balance')).toContainText('160 points');
  await expect(guest.getByTestId('points-history-amount')).toHaveCount(8);
  const deluxe = guest.getByTestId('free-night-deluxe');
  await expect(deluxe.getByRole('button', { name: 'Buy with points' })).toBeDisabled();
  await expect(deluxe).toContainText('You need 40 more points');
  const gold = guest.getByTestId('free-night-gold');
  await expect(gold).toContainText('Balance after purchase: 0 points');
  await gold.getByRole('button', { name: 'Buy with points' }).click();

  // The free-night form: one night, check-out follows check-in.
  await expect(guest).toHaveURL('/points-booking');
  expect(await guest.evaluate(() => JSON.parse(localStorage.getItem('pointsPurchase') ?? 'null'))).toEqual({
    roomType: 'gold',
    pointsUsed: 160,
    isPointsBooking: true,
  });
  await guest.getByLabel('Full name').fill(fullName);
  await guest.getByLabel('Phone number').fill('93456789');
  await guest.getByLabel('ID number').fill('87654321');
  const stay = farStay(1);
  await fillDate(guest, 'Check-in date', stay.checkInDate);
  await expect(guest.getByLabel('Check-out date')).not.toHaveValue('—');
  await guest.getByRole('button', { name: 'Confirm free night (160 points)' }).click();

  // Back on the hotel page: the confirmation, the balance at 0, the booking approved in My bookings.
  await expect(guest).toHaveURL('/');
  const confirmation = await bookingConfirmation(guest, 'Your free night is booked');
  await expect(confirmation).toContainText('Your booking is approved and 160 points were used.');
  await closeBookingConfirmation(guest, 'Your free night is booked');
  await expect(guest.getByTestId('points-total')).toHaveText('0 pts');
  expect(await guest.evaluate(() => localStorage.getItem('pointsPurchase'))).toBeNull();

  const mine = (await (await guest.request.get('/api/booking-submissions')).json()) as {
    id: number;
    isPointsBooking: boolean;
    checkInDate: string;
    checkOutDate: string;
    status: string;
  }[];
  const free = mine.find((b) => b.isPointsBooking);
  expect(free).toMatchObject({
    status: 'approved',
    checkInDate: stay.checkInDate,
    checkOutDate: stay.checkOutDate,
  });
  await guest.getByRole('button', { name: 'My bookings' }).click();
  const panel = guest.getByRole('dialog', { name: 'My bookings' });
  await panel.getByRole('tab', { name: 'Current bookings' }).click();
  await expect(panel.getByTestId(`my-booking-${free!.id}`).getByTestId('booking-status')).toHaveText(
    'Approved',
  );
  // The stays that earned the points are past stays, not current bookings.
  await expect(panel.getByTestId('my-bookings').getByTestId('booking-status')).toHaveText(['Approved']);
  const past = panel.getByTestId('my-past-stays');
  await expect(past.getByTestId('booking-status').first()).toHaveText('Completed');
  await expect(past.getByTestId('booking-state-note').first()).toHaveText(
    'Your stay is over. Thank you for staying with us.',
  );

  const balance = await guest.request.get(`/api/user-points/${encodeURIComponent(account.email)}`);
  expect((await balance.json()).totalPoints).toBe(0);

  await guestContext.close();
  await staffContext.close();
});

// /points-booking without a chosen room goes back to the points store, whose Buy with points is
// disabled at 0 points: web/src/features/points/components/points-store-screen.test.tsx.
