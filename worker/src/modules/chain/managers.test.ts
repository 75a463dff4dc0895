import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { hotelToday } from '@shared/dates';
import { json } from '@worker-test/builders';
import { logIn } from '@worker-test/helpers';
import {
  atHotel,
  cookieOf,
  databaseOf,
  MUSCAT,
  pushAll,
  SALALAH,
  setUpSalalah,
  staffAt,
} from '@worker-test/chain';

/**
 * The chain manager's role (docs/decisions/103, "Staff"): read as the chain's reports are (a chain
 * manager and the deployment's admin), given and taken by the deployment's admin alone (ADMIN_EMAIL
 * with the admin role): a hotel's own admin, at either hotel, and a chain manager are refused. A
 * grant is an account of the chain's; twice, or a revoke of nobody, changes nothing and says so;
 * each change is a line in the audit log of the hotel it was made at.
 */

beforeAll(setUpSalalah);

type Managers = { managers: { email: string; fullName: string | null; since: number }[]; canGrant: boolean };
type Answer = { email: string; changed: boolean; message: string };

const ADMIN = { email: 'admin@example.com', password: 'change-me-admin' };
const deploymentAdmin = async (code = MUSCAT) =>
  code === MUSCAT
    ? (await logIn(ADMIN.email, ADMIN.password)).cookie
    : cookieOf(await atHotel(code, '/api/auth/login', { method: 'POST', json: ADMIN }));

const grant = (cookie: string, email: unknown, { at = MUSCAT, lang = 'en' as 'ar' | 'en' } = {}) =>
  atHotel(at, '/api/admin/chain/managers', { method: 'POST', cookie, lang, json: { email } });
const revoke = (cookie: string, email: string, { at = MUSCAT, lang = 'en' as 'ar' | 'en' } = {}) =>
  atHotel(at, `/api/admin/chain/managers/${encodeURIComponent(email)}`, { method: 'DELETE', cookie, lang });
const list = (cookie: string, at = MUSCAT) => atHotel(at, '/api/admin/chain/managers', { cookie });
const flash = (cookie: string) => atHotel(MUSCAT, `/api/admin/chain/flash?date=${hotelToday()}`, { cookie });

/** The audit lines of the chain manager's role about an e-mail, at a hotel. */
async function auditLines(code: string, email: string) {
  const { results } = await databaseOf(code)
    .prepare(
      "select action, actor_email, before, after from audit_log where entity_type = 'chain_role' and entity_id = ? order by id",
    )
    .bind(email)
    .all<{ action: string; actor_email: string; before: string | null; after: string | null }>();
  return results;
}

describe('the chain manager’s role', () => {
  it('is given by the deployment’s admin: the manager then reads the chain; taken, refused again', async () => {
    const admin = await deploymentAdmin();
    // A Muscat manager whose account the chain has not heard of yet: the grant pushes Muscat first.
    const manager = await staffAt(MUSCAT, { role: 'manager' });
    expect((await flash(manager.cookie)).status).toBe(403);
    expect((await list(manager.cookie)).status).toBe(403);

    const given = await grant(admin, manager.email.toUpperCase());
    expect(given.status, await given.clone().text()).toBe(200);
    expect(await json<Answer>(given)).toEqual({
      email: manager.email,
      changed: true,
      message: expect.stringContaining('is now a chain manager') as string,
    });
    // The same grant again: harmless, and said so (in Arabic when asked in Arabic).
    const again = await grant(admin, manager.email, { lang: 'ar' });
    expect(again.status).toBe(200);
    expect(await json<Answer>(again)).toMatchObject({
      changed: false,
      message: 'الحساب مدير للسلسلة من قبل: لم يتغير شيء',
    });

    // The new chain manager reads the chain's reports, guests and managers, but may not grant.
    expect((await flash(manager.cookie)).status).toBe(200);
    expect((await atHotel(MUSCAT, '/api/admin/chain/guests?q=zz', { cookie: manager.cookie })).status).toBe(
      200,
    );
    const read = await list(manager.cookie);
    expect(read.status).toBe(200);
    const managers = await json<Managers>(read);
    expect(managers.canGrant).toBe(false);
    expect(managers.managers).toContainEqual({
      email: manager.email,
      fullName: `${MUSCAT} manager`,
      since: expect.any(Number) as number,
    });
    const byAdmin = await json<Managers>(await list(admin));
    expect(byAdmin.canGrant).toBe(true);
    expect(byAdmin.managers.map((m) => m.email)).toContain(manager.email);

    const taken = await revoke(admin, manager.email);
    expect(taken.status).toBe(200);
    expect(await json<Answer>(taken)).toMatchObject({
      changed: true,
      message: 'The account is no longer a chain manager',
    });
    // At once: the open session is refused the chain from its next request.
    expect((await flash(manager.cookie)).status).toBe(403);
    expect((await list(manager.cookie)).status).toBe(403);
    expect((await json<Managers>(await list(admin))).managers.map((m) => m.email)).not.toContain(
      manager.email,
    );
    const twice = await revoke(admin, manager.email, { lang: 'ar' });
    expect(twice.status).toBe(200);
    expect(await json<Answer>(twice)).toMatchObject({
      changed: false,
      message: 'لم يكن الحساب مديراً للسلسلة: لم يتغير شيء',
    });

    // One line for the grant and one for the revoke, at the hotel where the admin acted.
    expect(await auditLines(MUSCAT, manager.email)).toEqual([
      {
        action: 'chain_manager.grant',
        actor_email: ADMIN.email,
        before: null,
        after: JSON.stringify({ email: manager.email, role: 'chain_manager' }),
      },
      {
        action: 'chain_manager.revoke',
        actor_email: ADMIN.email,
        before: JSON.stringify({ email: manager.email, role: 'chain_manager' }),
        after: null,
      },
    ]);
    expect(await auditLines(SALALAH, manager.email)).toEqual([]);
  });

  it('is given from any hotel by the deployment’s admin, its line in that hotel’s audit log', async () => {
    const admin = await deploymentAdmin(SALALAH);
    const manager = await staffAt(MUSCAT, { role: 'manager' });
    // Salalah pushes its own accounts before a grant; Muscat's reach the chain by Muscat's push.
    expect((await grant(admin, manager.email, { at: SALALAH })).status).toBe(404);
    await pushAll();
    const given = await grant(admin, manager.email, { at: SALALAH });
    expect(given.status, await given.clone().text()).toBe(200);
    expect((await flash(manager.cookie)).status).toBe(200);
    expect((await auditLines(SALALAH, manager.email)).map((l) => l.action)).toEqual(['chain_manager.grant']);
    expect(await auditLines(MUSCAT, manager.email)).toEqual([]);
  });

  it('is refused to give or take to a hotel’s own admin, at either hotel, to a chain manager and to the desk', async () => {
    const target = await staffAt(MUSCAT, { role: 'manager' });
    const chainManager = await staffAt(MUSCAT, { role: 'manager' });
    expect((await grant(await deploymentAdmin(), chainManager.email)).status).toBe(200);
    const refused = {
      'Muscat’s own admin': (await staffAt(MUSCAT, { role: 'admin' })).cookie,
      'Salalah’s own admin': (await staffAt(SALALAH, { role: 'admin' })).cookie,
      'a chain manager': chainManager.cookie,
      'the front desk': (await staffAt(MUSCAT, { role: 'staff' })).cookie,
    };
    for (const [who, cookie] of Object.entries(refused)) {
      const at = who.startsWith('Salalah') ? SALALAH : MUSCAT;
      expect((await grant(cookie, target.email, { at })).status, who).toBe(403);
      expect((await revoke(cookie, chainManager.email, { at })).status, who).toBe(403);
    }
    // The chain manager still is one; the target never became one.
    expect((await flash(chainManager.cookie)).status).toBe(200);
    expect((await flash(target.cookie)).status).toBe(403);
    // Reading is the chain's readers' only: a hotel's own admins and the desk are refused.
    for (const [who, cookie] of Object.entries(refused)) {
      if (who === 'a chain manager') continue;
      const at = who.startsWith('Salalah') ? SALALAH : MUSCAT;
      expect((await list(cookie, at)).status, who).toBe(403);
    }
    expect((await atHotel(MUSCAT, '/api/admin/chain/managers')).status).toBe(401);
    expect(
      (await atHotel(MUSCAT, '/api/admin/chain/managers', { method: 'POST', json: { email: target.email } }))
        .status,
    ).toBe(401);
    expect(await auditLines(MUSCAT, target.email)).toEqual([]);
  });

  it('needs an account of the chain, and leaves the deployment’s admin as it is', async () => {
    const admin = await deploymentAdmin();
    const nobody = await grant(admin, 'nobody-of-the-chain@example.com', { lang: 'ar' });
    expect(nobody.status).toBe(404);
    expect(await json(nobody)).toMatchObject({
      error: { code: 'account_not_in_chain', message: expect.stringContaining('لا يوجد حساب') as string },
    });
    expect((await grant(admin, ADMIN.email)).status).toBe(409);
    expect((await json<Managers>(await list(admin))).managers.map((m) => m.email)).not.toContain(
      'nobody-of-the-chain@example.com',
    );
  });

  it('answers malformed e-mails and huge bodies with 400 (413 past the body limit), never a 500', async () => {
    const admin = await deploymentAdmin();
    const post = (body: string) =>
      atHotel(MUSCAT, '/api/admin/chain/managers', {
        method: 'POST',
        cookie: admin,
        lang: 'en',
        body,
        headers: { 'content-type': 'application/json' },
      });
    for (const email of [
      'not-an-email',
      '',
      '  ',
      'a@',
      `${'a'.repeat(3000)}@example.com`,
      42,
      null,
      ['a@b.co'],
    ]) {
      const res = await grant(admin, email);
      expect(res.status, JSON.stringify(email).slice(0, 40)).toBe(400);
      expect(await json(res)).toMatchObject({ error: { code: 'validation_failed' } });
    }
    for (const body of ['{', '[]', 'null', '"a@b.co"', JSON.stringify({ email: 'x'.repeat(60_000) })]) {
      expect((await post(body)).status, body.slice(0, 20)).toBe(400);
    }
    expect((await post(JSON.stringify({ email: 'x'.repeat(200_000) }))).status).toBe(413);
    for (const param of ['not-an-email', `${'b'.repeat(5000)}@example.com`, '%E0%A4%A']) {
      const res = await atHotel(MUSCAT, `/api/admin/chain/managers/${param}`, {
        method: 'DELETE',
        cookie: admin,
        lang: 'en',
      });
      expect(res.status, param.slice(0, 20)).toBe(400);
    }
  });

  it('two grants of one e-mail at once: one changes it, one line in the audit log', async () => {
    const admin = await deploymentAdmin();
    const manager = await staffAt(MUSCAT, { role: 'manager' });
    const answers = await Promise.all([grant(admin, manager.email), grant(admin, manager.email)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const changed = await Promise.all(answers.map(async (r) => (await json<Answer>(r)).changed));
    expect(changed.sort()).toEqual([false, true]);
    expect(await auditLines(MUSCAT, manager.email)).toHaveLength(1);
    const rows = await env
      .CHAIN_DB!.prepare('select role from chain_roles where email = ?')
      .bind(manager.email)
      .all();
    expect(rows.results).toEqual([{ role: 'chain_manager' }]);
  });

  it('the chain’s guest search reads Arabic-Indic digits as Latin ones', async () => {
    const admin = await deploymentAdmin();
    const email = `digits${Date.now() % 100_000}4242@example.com`;
    await staffAt(SALALAH, { role: 'staff', email });
    await pushAll();
    const arabic = email
      .slice(0, email.indexOf('@'))
      .replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
    const res = await atHotel(MUSCAT, `/api/admin/chain/guests?q=${encodeURIComponent(arabic)}`, {
      cookie: admin,
    });
    expect(res.status).toBe(200);
    const { results } = await json<{ results: { email: string; hotel: string }[] }>(res);
    expect(results).toEqual([expect.objectContaining({ email, hotel: SALALAH })]);
  });
});
