// How many interactions and saves the desk's check-in of a guest with nothing registered takes, in
// Arabic on a tablet (820 x 1180), as a person would do it: the lead guest's nationality (Oman),
// date of birth and document type, the second adult's name, nationality, document and date of
// birth, the ID checked, the check-in. Counts each tap, each field typed and each scroll of a list
// to bring the choice into view; counts the saves (the taps that send what was typed) and the
// requests they make (each POST, PUT or PATCH). Runs against a server already running (`npm start`):
//
//   node bench/check-in-interactions.mjs [http://127.0.0.1:8787]
//
// Prints `{ interactions, saves, requests, steps }` and checks that the stay is checked in with its police
// registration complete. Decision 097 has the figures.
import { chromium } from 'playwright-core';
import { findChromium, findHeadlessShell } from '../scripts/chromium.mjs';

const origin = process.argv[2] ?? `http://127.0.0.1:${process.env.PORT ?? 8787}`;
const STAFF = { email: 'staff@example.com', password: 'change-me-staff' };
const OMAN = 'عُمان';

const browser = await chromium.launch({
  executablePath: findHeadlessShell() ?? findChromium(),
  args: ['--no-sandbox', '--disable-gpu'],
});
const context = await browser.newContext({ baseURL: origin, viewport: { width: 820, height: 1180 } });
const page = await context.newPage();
const login = await page.request.post('/api/auth/login', { data: STAFF });
if (!login.ok()) throw new Error(`login: ${login.status()} ${await login.text()}`);

// An arrival of today for two adults: a name, a phone and an ID number, nothing else registered.
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Muscat' }).format(new Date());
const tomorrow = new Date(`${today}T00:00:00Z`);
tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
const suffix = Date.now().toString(36);
const created = await page.request.post('/api/booking-submissions', {
  data: {
    fullName: `سالم الحارثي ${suffix}`,
    phoneNumber: `9${Math.floor(1_000_000 + Math.random() * 8_999_999)}`,
    idNumber: `A${Math.floor(1_000_000 + Math.random() * 8_999_999)}`,
    roomType: 'silver',
    bedType: 'double',
    smokingPreference: 'non_smoking',
    numberOfGuests: 2,
    checkInDate: today,
    checkOutDate: tomorrow.toISOString().slice(0, 10),
  },
});
if (created.status() !== 201) throw new Error(`booking: ${created.status()} ${await created.text()}`);
const { booking } = await created.json();
await page.request.patch(`/api/booking-submissions/${booking.id}/status`, { data: { status: 'approved' } });

const steps = [];
const requests = [];
let saves = 0;
page.on('request', (request) => {
  const path = new URL(request.url()).pathname;
  if (['POST', 'PUT', 'PATCH'].includes(request.method()) && path.startsWith('/api/'))
    requests.push(`${request.method()} ${path}`);
});
const act = async (what, action) => {
  steps.push(what);
  await action();
};
/** A tap that sends: an interaction and a save. */
const save = async (what, action) => {
  saves += 1;
  await act(what, action);
};

/** A select's option chosen as a person does: open, scroll by screenfuls until it shows, tap. */
async function choose(scope, label, option) {
  const trigger = scope.getByRole('button', { name: new RegExp(label) }).first();
  const shown = (await trigger.textContent()) ?? '';
  if (shown.includes(option)) return; // already what the person wants
  await act(`open ${label}`, () => trigger.click());
  const list = page.getByRole('listbox');
  const item = list.getByRole('option', { name: option, exact: true });
  // Below the list's first screenful: one fling (or a letter typed) to bring it up, however far;
  // how far is kept apart (a list of 250 countries in alphabetical order puts Oman at 170 or so).
  const index = await item.evaluate((el) => [...el.parentElement.children].indexOf(el));
  const perScreen = await list.evaluate((el) => Math.max(1, Math.floor(el.clientHeight / 44)));
  if (index >= perScreen) steps.push(`scroll ${label} (${option} is option ${index + 1})`);
  await act(`choose ${option}`, () => item.click());
}

/** A date typed: the first segment tapped, the digits typed (the segments move on by themselves). */
async function typeDate(scope, label, digits) {
  const group = scope.getByRole('group', { name: label }).first();
  await act(`tap ${label}`, () => group.getByRole('spinbutton').first().click());
  await act(`type ${label}`, () => page.keyboard.type(digits));
}

await page.goto('/admin/front-desk?lang=ar');
const row = page.getByTestId('desk-list-arrivals').locator(`[data-booking-id="${booking.id}"]`);
await row.waitFor();
await act('check in (row)', () => row.getByRole('button', { name: 'تسجيل الوصول' }).click());
const dialog = page.getByTestId('desk-check-in-dialog');
await dialog.getByTestId('desk-check-in-registration').waitFor();

const add = dialog.getByTestId('desk-check-in-add-details');
if (await add.isVisible()) await act('add them now', () => add.click());
const lead = dialog.getByTestId('desk-check-in-lead');
const leadScope = (await lead.count()) > 0 ? lead : dialog.getByTestId('desk-check-in-missing');
await choose(leadScope, 'الجنسية', OMAN);
await typeDate(leadScope, 'تاريخ الميلاد', '15031985');
await choose(leadScope, 'نوع الوثيقة', 'بطاقة الهوية الوطنية');
const saveDetails = dialog.getByTestId('desk-check-in-save-details');
if (await saveDetails.isVisible()) {
  await save('save the details', () => saveDetails.click());
  await saveDetails.waitFor({ state: 'detached' });
}

const companion = dialog.getByTestId('companion-row').first();
await act('name of adult 2', () =>
  companion.getByRole('textbox', { name: /الاسم الكامل/ }).fill('مريم الحارثية'),
);
await choose(companion, 'الجنسية', OMAN);
await choose(companion, 'نوع الوثيقة', 'بطاقة الهوية الوطنية');
await act('document number of adult 2', () =>
  companion.getByRole('textbox', { name: 'رقم الوثيقة' }).fill('12345678'),
);
await typeDate(companion, 'تاريخ الميلاد', '02071988');
const saveCompanions = dialog.getByTestId('companions-save');
if (await saveCompanions.isVisible()) {
  await save('save the other adults', () => saveCompanions.click());
  await page
    .getByText('حُفظ البالغون الآخرون')
    .or(page.getByText('The other adults'))
    .first()
    .waitFor()
    .catch(() => {});
  await page.waitForTimeout(500);
}

await act('ID checked', () => dialog.getByTestId('desk-check-in-id-checked').click());
const checkedIn = page.waitForResponse(
  (r) =>
    r.request().method() === 'POST' &&
    r.url().endsWith(`/api/booking-submissions/${booking.id}/check-in`) &&
    r.ok(),
);
await save('check in', () => dialog.getByTestId('desk-check-in-confirm').click());
const anyway = page.getByTestId('desk-check-in-anyway');
await Promise.race([
  checkedIn,
  anyway.waitFor().then(() => save('check in anyway (room not clean)', () => anyway.click())),
]);
await checkedIn;

const options = await (await page.request.get(`/api/booking-submissions/${booking.id}/check-in`)).json();
console.log(
  JSON.stringify(
    {
      interactions: steps.length,
      saves,
      requests,
      steps,
      // The check-in's answer was waited for above.
      checkedIn: true,
      registration: options.registration
        ? {
            nationality: options.registration.nationality,
            dateOfBirth: options.registration.dateOfBirth,
            documentType: options.registration.documentType,
            companions: options.registration.companions.map((c) => [c.fullName, c.nationality, c.missing]),
          }
        : null,
    },
    null,
    2,
  ),
);
await browser.close();
