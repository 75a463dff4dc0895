import { describe, expect, it } from 'vitest';
import { OUTLET_RULES } from '@shared/outlets';
import { call } from '@worker-test/helpers';
import { json } from '@worker-test/builders';
import { manager, outletWithItems, type Body } from '@worker-test/outlets';

/**
 * An outlet keeps at most OUTLET_RULES.maxKeys live keys for outside systems. The attack of
 * docs/security/attack-2026-11-27.md found the one past them refused as "The key is revoked" (the
 * code of a revoked key's answer): the manager is told the outlet has its keys and to revoke one,
 * in their language; and keys asked for at once never pass the cap.
 */
const makeKey = async (outletId: number, label: string, lang: 'ar' | 'en' = 'en') =>
  call(`/api/admin/outlets/${outletId}/keys`, {
    method: 'POST',
    cookie: await manager(),
    lang,
    json: { label },
  });

const liveKeys = async (outletId: number) =>
  (
    await json<{ keys: { revokedAt: string | null }[] }>(
      await call(`/api/admin/outlets/${outletId}/keys`, { cookie: await manager() }),
    )
  ).keys.filter((k) => k.revokedAt === null).length;

describe('an outlet’s keys', () => {
  it('the one past the cap is refused as a full set, in the manager’s language', async () => {
    const { id } = await outletWithItems();
    for (let i = 0; i < OUTLET_RULES.maxKeys; i++) expect((await makeKey(id, `Till ${i}`)).status).toBe(201);
    const en = await makeKey(id, 'One too many');
    expect(en.status).toBe(409);
    const body = await json<Body & { error: { message: string } }>(en);
    expect(body.error.code).toBe('outlet_keys_full');
    expect(body.error.message).toMatch(/revoke/i);
    const ar = await json<Body & { error: { message: string } }>(await makeKey(id, 'واحد زيادة', 'ar'));
    expect(ar.error.message).toMatch(/[\u0600-\u06ff]/);
    expect(ar.error.message).not.toMatch(/[0-9]/);
    expect(await liveKeys(id)).toBe(OUTLET_RULES.maxKeys);
  });

  it('twenty asked for at once: never more live keys than the cap', async () => {
    const { id } = await outletWithItems();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => makeKey(id, `Race ${i}`)));
    const made = answers.filter((r) => r.status === 201).length;
    expect(made).toBeLessThanOrEqual(OUTLET_RULES.maxKeys);
    expect(answers.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    expect(await liveKeys(id)).toBe(made);
  });
});
