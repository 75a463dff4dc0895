import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

// The sign-in crosses three servers (app, test issuer, callback): on a busy 2-core CI machine
// the last redirect can take longer than expect's default 5 s (seen: 2 of 9 under load).
const AFTER_HOPS = { timeout: 20_000 };

/**
 * Google sign-in against the local test issuer
 * (e2e/support/test-issuer.mjs), which the e2e server is configured to trust.
 * The login screen's button is not needed: the journey starts at /auth/google.
 */
type Me = { user: { id: number; email: string; fullName: string; role: string } };

async function signInWithGoogle(page: Page, email: string, options: { name?: string; mode?: string } = {}) {
  await page.goto('/auth/google');
  // The provider's page, on the issuer's origin.
  await expect(page.getByRole('heading', { name: 'Test sign-in provider' })).toBeVisible();
  await page.getByLabel('E-mail').fill(email);
  if (options.name) await page.getByLabel('Name').fill(options.name);
  await page.getByLabel('Mode').selectOption(options.mode ?? 'ok');
  await page.getByRole('button', { name: 'Continue' }).click();
}

async function me(page: Page) {
  const res = await page.request.get('/api/auth/me');
  return { status: res.status(), body: res.ok() ? ((await res.json()) as Me) : null };
}

test('a first Google sign-in creates a verified guest; a later one signs into the same account', async ({
  page,
  browser,
}) => {
  const email = `g-${Date.now()}-${test.info().parallelIndex}@example.com`;

  await signInWithGoogle(page, email, { name: 'Google Guest' });
  await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '', AFTER_HOPS);
  const first = await me(page);
  expect(first.status).toBe(200);
  expect(first.body?.user).toMatchObject({ email, role: 'guest', fullName: 'Google Guest' });

  // The flow's cookie is single use and gone once the session exists.
  const cookies = await page.context().cookies();
  expect(cookies.map((c) => c.name)).not.toContain('google_oauth');
  const session = cookies.find((c) => c.name === 'session');
  expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

  // Later, in another browser: the same Google account, upper-case e-mail and all, is the same user.
  const later = await browser.newContext();
  try {
    const laterPage = await later.newPage();
    await signInWithGoogle(laterPage, email.toUpperCase());
    await expect(laterPage).toHaveURL((url) => url.pathname === '/' && url.search === '', AFTER_HOPS);
    const second = await me(laterPage);
    expect(second.status).toBe(200);
    expect(second.body?.user.id).toBe(first.body?.user.id);
    expect(second.body?.user.email).toBe(email);
  } finally {
    await later.close();
  }
});

test('Google sign-in links an unverified registration of the same e-mail and drops its password', async ({
  page,
}) => {
  const email = `g-link-${Date.now()}-${test.info().parallelIndex}@example.com`;
  // Someone registered this address with a password but never proved they own it.
  const registered = await page.request.post('/api/auth/register', {
    data: { fullName: 'Earlier Registration', email, password: 'someone-elses-password' },
  });
  expect(registered.status()).toBe(201);

  await signInWithGoogle(page, email);
  await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '', AFTER_HOPS);
  expect((await me(page)).body?.user).toMatchObject({ email, role: 'guest' });

  // The address's verified owner is in; the password set before that no longer opens it.
  const login = await page.request.post('/api/auth/login', {
    data: { email, password: 'someone-elses-password' },
  });
  expect(login.status()).toBe(401);
  const again = await page.request.post('/api/auth/register', {
    data: { fullName: 'Again', email, password: 'another-password' },
  });
  // Answered as a new address would be (nobody learns the account exists); nothing changes.
  expect(again.status()).toBe(201);
  expect((await me(page)).body?.user).toMatchObject({ email, role: 'guest' });
});

test('a housekeeper signing in with Google lands on their own tasks', async ({ page }) => {
  await signInWithGoogle(page, 'housekeeper@example.com');
  await expect(page).toHaveURL((url) => url.pathname === '/housekeeping/tasks', AFTER_HOPS);
  expect((await me(page)).body?.user).toMatchObject({
    email: 'housekeeper@example.com',
    role: 'housekeeper',
  });
});

test('the ADMIN_EMAIL account signing in with Google is linked, admin, and sent to the splash', async ({
  page,
}) => {
  await signInWithGoogle(page, 'admin@example.com');
  await expect(page).toHaveURL((url) => url.pathname === '/admin-welcome', AFTER_HOPS);
  expect((await me(page)).body?.user).toMatchObject({ email: 'admin@example.com', role: 'admin' });
  // A verified account keeps its password after linking.
  const login = await page.request.post('/api/auth/login', {
    data: { email: 'admin@example.com', password: 'change-me-admin' },
  });
  expect(login.status()).toBe(200);
});

// Every refusal walks the same screens (the provider's page, then the login page), so they are one
// journey: one context, its cookies cleared before each try, so nobody is signed in before it.
const refusedModes = ['wrong-audience', 'wrong-nonce', 'bad-signature', 'expired', 'unverified-email'];

test(`ID tokens with ${refusedModes.join(', ')} are refused and sign nobody in; so is a forged callback`, async ({
  page,
}) => {
  const signedOut = async () => {
    const names = (await page.context().cookies()).map((c) => c.name);
    expect(names).not.toContain('session');
    expect(names).not.toContain('google_oauth');
  };
  for (const mode of refusedModes) {
    await test.step(`an ID token with ${mode}`, async () => {
      await page.context().clearCookies();
      await signInWithGoogle(page, `g-${mode}-${Date.now()}@example.com`, { mode });
      await expect(page).toHaveURL(
        (url) => url.pathname === '/login' && url.search === '?google=failed',
        AFTER_HOPS,
      );
      expect((await me(page)).status).toBe(401);
      await signedOut();
    });
  }

  await test.step('a callback whose state does not match the flow cookie', async () => {
    await page.context().clearCookies();
    await page.goto('/auth/google');
    await expect(page.getByRole('heading', { name: 'Test sign-in provider' })).toBeVisible();
    // A forged return (login CSRF): a code and a state the browser's flow never asked for.
    await page.goto('/auth/google/callback?code=forged&state=forged');
    await expect(page).toHaveURL(
      (url) => url.pathname === '/login' && url.search === '?google=failed',
      AFTER_HOPS,
    );
    expect((await me(page)).status).toBe(401);
  });
});
