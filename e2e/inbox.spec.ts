import { expect, test } from './fixtures';
import { staffSignsIn } from './support/desk';

/**
 * The live inbox (docs/decisions/088-conversations.md): a guest on a phone (390 px, Arabic) writes
 * from their booking's page; the front desk's tablet (820 px, English), with the inbox open, shows
 * it within 2 seconds with the stay beside it, no reload; the desk answers, and the guest's open
 * chat shows the answer within 2 seconds. Then a guest writes on WhatsApp (through the fake Cloud
 * API, as Meta delivers it): the open inbox shows it within 2 seconds too, and their voice note
 * plays on the thread. The booking is made through the API (the booking form has journeys of its
 * own), staff sign in through the API.
 */

const freshPhone = () => `9${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;

function hotelDate(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Muscat' }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

test('a guest writes in Arabic on a phone; the tablet’s inbox shows it live with the stay, answers, and the guest sees it live', async ({
  browser,
  baseURL,
}) => {
  // The guest's phone: books (this device then holds the booking), opens its page and the chat.
  const phone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const guest = await phone.newPage();
  const offset = 30 + Math.floor(Math.random() * 300);
  const res = await guest.request.post('/api/booking-submissions?lang=ar', {
    data: {
      fullName: 'عائشة البلوشية',
      idNumber: '76543210',
      phoneNumber: freshPhone(),
      roomType: 'gold',
      bedType: 'double',
      smokingPreference: 'non_smoking',
      numberOfGuests: 2,
      checkInDate: hotelDate(offset),
      checkOutDate: hotelDate(offset + 2),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const booking = ((await res.json()) as { booking: { id: number; reference: string } }).booking;

  // The front desk's tablet, in English, with the inbox open before the guest writes.
  const tablet = await browser.newContext({ baseURL, viewport: { width: 820, height: 1180 } });
  await tablet.addInitScript(() => localStorage.setItem('language', 'en'));
  const desk = await tablet.newPage();
  await staffSignsIn(desk);
  // The live socket and the list's read on its opening, waited for from before the page opens
  // (both may come before the heading shows: a wait begun after it missed them once).
  const live = desk.waitForEvent('websocket', (ws) => ws.url().includes('/api/live'));
  const listRead = desk.waitForResponse((r) => r.url().includes('/api/admin/inbox?filter=open'));
  await desk.goto('/admin/inbox');
  await expect(desk.getByRole('heading', { name: 'Inbox' })).toBeVisible();
  await live;
  await listRead;

  await guest.goto(`/booking/${booking.reference}`);
  await guest.getByTestId('open-guest-chat').click();
  const chat = guest.getByTestId('guest-chat');
  await expect(chat).toBeVisible();
  await chat.getByTestId('guest-chat-input').fill('هل يمكن الحصول على سرير أطفال؟');
  const sent = Date.now();
  await chat.getByTestId('guest-chat-send').click();
  await expect(chat.getByTestId('chat-guest-message')).toHaveText(/هل يمكن الحصول على سرير أطفال؟/);

  // Live on the tablet: the thread arrives with its unread count, no reload.
  const row = desk.getByTestId('inbox-thread').filter({ hasText: 'عائشة البلوشية' });
  await expect(row).toBeVisible({ timeout: 2000 });
  expect(Date.now() - sent).toBeLessThan(2500);
  await expect(row.getByTestId('thread-unread')).toBeVisible();
  await row.click();
  const pane = desk.getByTestId('inbox-thread-pane');
  await expect(pane.getByText('هل يمكن الحصول على سرير أطفال؟')).toBeVisible();
  // The stay beside it.
  await expect(desk.getByTestId('inbox-stay')).toContainText(booking.reference.slice(0, 3));

  await pane.getByTestId('inbox-reply-input').fill('Of course, it will be in your room on arrival.');
  const answered = Date.now();
  await pane.getByTestId('inbox-send').click();

  // Live on the phone: the answer arrives in the open chat.
  await expect(chat.getByTestId('chat-staff-message')).toContainText(
    'Of course, it will be in your room on arrival.',
    {
      timeout: 2000,
    },
  );
  expect(Date.now() - answered).toBeLessThan(2500);

  // A guest writes on WhatsApp (the fake Cloud API signs and delivers Meta's webhook): the open
  // inbox shows the new thread within 2 seconds, no reload; then a voice note plays on the thread.
  const whatsappPhone = `968${freshPhone()}`;
  const written = Date.now();
  const inbound = await desk.request.post('/api/dev/whatsapp/inbound', {
    data: { from: whatsappPhone, name: 'سالم الهنائي', text: 'هل المسبح مفتوح الليلة؟' },
  });
  expect(inbound.status(), await inbound.text()).toBe(200);
  const waRow = desk.getByTestId('inbox-thread').filter({ hasText: 'سالم الهنائي' });
  await expect(waRow).toBeVisible({ timeout: 2000 });
  const liveMs = Date.now() - written;
  console.log(JSON.stringify({ msg: 'whatsapp-live-ms', ms: liveMs }));
  expect(liveMs).toBeLessThan(2000);
  await expect(waRow).toContainText('WhatsApp');
  await waRow.click();
  await expect(pane.getByText('هل المسبح مفتوح الليلة؟')).toBeVisible();
  const voice = await desk.request.post('/api/dev/whatsapp/inbound', {
    data: { from: whatsappPhone, name: 'سالم الهنائي', audio: { voice: true } },
  });
  expect(voice.status()).toBe(200);
  const player = pane.getByTestId('message-audio');
  await expect(player).toBeVisible({ timeout: 2000 });
  // The voice note's bytes come from the staff-only media route, and the player reads them.
  await expect
    .poll(() => player.evaluate((audio: HTMLAudioElement) => audio.readyState), { timeout: 5000 })
    .toBeGreaterThan(0);
  await tablet.close();
  await phone.close();
});
