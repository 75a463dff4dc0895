import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures';

/** Every value of a secret setting in .env.example (the development values). */
function secretValues(): string[] {
  const names = [
    'ADMIN_PASSWORD',
    'STAFF_PASSWORD',
    'HOUSEKEEPER_PASSWORD',
    'MANAGER_PASSWORD',
    'STATS_PASSWORD',
    'PASSWORD_PEPPER',
    'GOOGLE_CLIENT_SECRET',
    'MAIL_HTTP_TOKEN',
    'AI_API_KEY',
  ];
  const values: string[] = [];
  for (const line of readFileSync('.env.example', 'utf8').split('\n')) {
    const [name, value] = line.split('=', 2);
    if (name && value && names.includes(name.trim())) values.push(value.trim());
  }
  return values;
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

test('no password or secret is in the web bundle', () => {
  const secrets = secretValues();
  expect(secrets.length).toBeGreaterThanOrEqual(4);
  for (const file of files('dist/web')) {
    const text = readFileSync(file, 'latin1');
    for (const secret of secrets) expect(text.includes(secret), `${secret} found in ${file}`).toBe(false);
  }
});

test('the session lives only in an HttpOnly cookie: nothing in storage, nothing readable by scripts', async ({
  page,
}) => {
  await page.goto('/');
  const login = await page.evaluate(async () => {
    const res = await fetch('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'staff@example.com', password: 'change-me-staff' }),
    });
    return { status: res.status, body: await res.text() };
  });
  expect(login.status).toBe(200);
  expect(login.body).not.toMatch(/token/i);
  await page.reload();
  const seen = await page.evaluate(() => ({
    cookie: document.cookie,
    local: JSON.stringify({ ...localStorage }),
    session: JSON.stringify({ ...sessionStorage }),
  }));
  expect(seen.cookie).not.toContain('session');
  expect(seen.local).not.toMatch(/token/i);
  expect(seen.session).not.toMatch(/token/i);
  const cookies = await page.context().cookies();
  const session = cookies.find((c) => c.name === 'session');
  expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
  expect(seen.local).not.toContain(session!.value);
});
