import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { screenshot } from './support/screenshots';
import { freshContext } from './support/warm-contexts';

/**
 * The Q&A admin in English on a tablet: add, switch off, edit and delete an
 * entry, and see the assistant's answer follow each change in a guest's chat.
 */
const SHOTS = '/tmp/shots-chat-qa-admin';
mkdirSync(SHOTS, { recursive: true });

async function assistantAnswer(guest: Page, question: string) {
  const chat = guest.getByTestId('assistant-modal');
  const before = await chat.getByTestId('chat-message-assistant').count();
  await chat.getByTestId('chat-input').fill(question);
  await chat.getByTestId('chat-send').click();
  await expect(chat.getByTestId('chat-message-assistant')).toHaveCount(before + 1);
  return (await chat.getByTestId('chat-message-assistant').last().textContent()) ?? '';
}

test('(en, tablet) an admin adds, switches off, edits and deletes a Q&A entry, and the assistant follows', async ({
  browser,
  baseURL,
}) => {
  const adminContext = await browser.newContext({ baseURL, viewport: { width: 820, height: 1180 } });
  await adminContext.addInitScript(() => localStorage.setItem('language', 'en'));
  // A guest who has not asked the assistant in the last 30 s (its answers are cached that long).
  const guestContext = await freshContext(browser, { baseURL, viewport: { width: 820, height: 1180 } });
  await guestContext.addInitScript(() => localStorage.setItem('language', 'en'));
  const admin = await adminContext.newPage();
  const guest = await guestContext.newPage();
  const tag = `${Date.now() % 100000}`;
  const question = `Do you rent bicycles ${tag}?`;

  expect(
    (
      await admin.request.post('/api/auth/login', {
        data: { email: 'admin@example.com', password: 'change-me-admin' },
      })
    ).ok(),
  ).toBe(true);
  await admin.goto('/chat-qa-admin');
  // The first back-office screen of a fresh context loads its chunks: slow on a busy 2-core machine.
  await expect(admin.getByRole('heading', { name: 'AI chat management' })).toBeVisible({ timeout: 15_000 });
  await expect(admin.getByText('system admin')).toBeVisible();
  await guest.goto('/');
  await guest.getByTestId('landing-card-assistant').click();
  expect(await assistantAnswer(guest, question)).not.toContain('city bicycles');

  // Add: the save button waits for both fields; keywords left empty come from the question.
  await admin.getByTestId('qa-add').click();
  const form = admin.getByRole('dialog', { name: 'Add a question' });
  await form.getByLabel('Question').fill(question);
  await expect(form.getByTestId('qa-save')).toBeDisabled();
  await form.getByLabel('Answer').fill('Yes, city bicycles are 2 OMR an hour at the front desk.');
  await form.getByTestId('qa-save').click();
  await expect(form).toHaveCount(0);
  await admin.getByLabel('Search questions, answers and keywords').fill(`bicycles ${tag}`);
  const card = admin.getByTestId('qa-card').filter({ hasText: question });
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('list', { name: 'Keywords' })).toContainText('bicycles');
  // The list scrolls with the page, not inside a box of its own.
  expect(await card.evaluate((li) => getComputedStyle(li.parentElement!).overflowY)).toBe('visible');
  await screenshot(admin, `${SHOTS}/qa-admin-820-en.png`, { fullPage: true });
  expect(await assistantAnswer(guest, question)).toContain('city bicycles are 2 OMR');

  // Switch off: the assistant no longer gives it.
  await card.getByTestId('qa-active').click();
  await expect(card.getByTestId('qa-active')).toContainText('Disabled');
  await expect
    .poll(async () => (await admin.request.get('/api/custom-chat-qa')).json())
    .not.toContainEqual(expect.objectContaining({ question }));
  expect(await assistantAnswer(guest, question)).not.toContain('city bicycles');

  // Edit (and switch back on): the new answer.
  await card.getByTestId('qa-edit').click();
  const edit = admin.getByRole('dialog', { name: 'Edit the question' });
  await edit.getByLabel('Answer').fill('Yes, electric bicycles are 5 OMR an hour.');
  await edit.getByTestId('qa-save').click();
  await expect(edit).toHaveCount(0);
  await card.getByTestId('qa-active').click();
  await expect(card.getByTestId('qa-active')).toContainText('Active');
  await expect(card).toContainText('electric bicycles');
  expect(await assistantAnswer(guest, question)).toContain('electric bicycles are 5 OMR');

  // Delete, after confirming.
  await card.getByTestId('qa-delete').click();
  await admin.getByRole('dialog', { name: 'Delete this question?' }).getByTestId('qa-confirm-delete').click();
  await expect(card).toHaveCount(0);
  expect(await assistantAnswer(guest, question)).not.toContain('electric bicycles');

  // Screens in both languages and at phone width.
  await admin.getByLabel('Search questions, answers and keywords').fill('');
  await admin.getByRole('banner').getByRole('button', { name: 'Change language' }).click();
  await expect(admin.locator('html')).toHaveAttribute('dir', 'rtl');
  await screenshot(admin, `${SHOTS}/qa-admin-820-ar.png`, { fullPage: true });
  await admin.setViewportSize({ width: 390, height: 844 });
  await screenshot(admin, `${SHOTS}/qa-admin-390-ar.png`, { fullPage: true });
  await admin.getByTestId('qa-add').click();
  await screenshot(admin, `${SHOTS}/qa-dialog-390-ar.png`);
  await adminContext.close();
  await guestContext.close();
});

// Signed out, the Q&A admin screen is the login page: web/src/app/route-guards.test.tsx.
