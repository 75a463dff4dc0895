import { expect, test } from './fixtures';

/**
 * The API reference (`/api/docs`): Swagger UI, served by the app itself, renders the document
 * under the app's strict CSP (the fixture fails on any violation); the landing page loads none
 * of it.
 */
test('the API reference page renders the OpenAPI document from our own origin', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  // An operation's own address opens it (deep linking), with its request body from the zod schema.
  await page.goto('/api/docs#/auth/postAuthRegister');
  await expect(page.getByRole('heading', { name: /Al Maabila Hotel API/ })).toBeVisible();
  const register = page.locator('#operations-auth-postAuthRegister');
  await expect(register.getByText('Request body')).toBeVisible();
  await expect(register.getByText(/fullName/).first()).toBeVisible();
  const origin = new URL(page.url()).origin;
  expect(requests.filter((url) => !url.startsWith(origin))).toEqual([]);
});

test('the landing page loads nothing of the API reference', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await page.goto('/');
  await expect(page.locator('[data-testid^="room-tier-"]')).toHaveCount(4);
  expect(requests.filter((url) => url.includes('/api-docs/'))).toEqual([]);
});
