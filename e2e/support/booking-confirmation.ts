import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The confirmation a guest gets after booking (features/bookings/components/booking-confirmation-dialog.tsx):
 * the dialog titled `title` ("Booking request sent", "تم إرسال طلب الحجز", …), once it shows.
 */
export async function bookingConfirmation(page: Page, title: string): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name: title, exact: true });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Closes the booking's confirmation with its own Close button (Arabic or English) and waits for it to go. */
export async function closeBookingConfirmation(page: Page, title: string): Promise<void> {
  const dialog = await bookingConfirmation(page, title);
  await dialog
    .getByTestId('booking-confirmation')
    .getByRole('button', { name: /^(Close|إغلاق)$/ })
    .click();
  await expect(dialog).toHaveCount(0);
}
