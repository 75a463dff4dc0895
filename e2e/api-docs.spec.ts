import { expect, test } from './fixtures';

/**
 * The API reference (`/api/docs`): Swagger UI, served by the app itself, renders the document
 * under the app's strict CSP (the fixture fails on any violation); the landing page loads none
 * of it.
 */
test('the API reference page renders the OpenAPI document from our own origin', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /Al Maabila Hotel API/ })).toBeVisible();
  // An operation of the document, opened to show its request body from the zod schema.
  const register = page.locator('#operations-auth-postAuthRegister');
  await expect(register).toBeVisible();
  await register.locator('.opblock-summary').click();
  await expect(register.getByText('Request body')).toBeVisible();
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
