import { beforeAll, describe, expect, it } from 'vitest';
import type { CityLedgerAccount } from '@shared/day-close';
import { codeOf, json, one, SEEDED } from '@worker-test/builders';
import { call, logIn } from '@worker-test/helpers';
import { translate } from '../../platform/messages';

/** A field's refusal as the English answer words it. */
const says = (code: string) => translate(code as Parameters<typeof translate>[0], 'en');

/**
 * The city-ledger account as a company's one profile: a company or a travel agent, its negotiated
 * plans (the hotel's plan codes only), an agent's commission (a percentage to the hundredth,
 * stored in hundredths; never a company's), its IATA code and a contact whose phone may be typed
 * in Arabic-Indic digits. Every refusal is a 400 naming its field, in Arabic and English.
 */

let manager: string;

const api = (path: string, init: Parameters<typeof call>[1] = {}) =>
  call(`/api/admin/city-ledger${path}`, { cookie: manager, lang: 'en', ...init });

type Refusal = { error: { code: string; message: string; fields?: Record<string, string> } };

async function create(body: Record<string, unknown>) {
  const res = await api('', { method: 'POST', json: { creditLimitBaisa: null, ...body } });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json<{ account: CityLedgerAccount }>(res)).account;
}

async function refused(res: Response) {
  expect(res.status, await res.clone().text()).toBe(400);
  return (await json<Refusal>(res)).error;
}

beforeAll(async () => {
  manager = (await logIn(SEEDED.manager.email, SEEDED.manager.password)).cookie;
});

describe('a company profile', () => {
  it('keeps an agent’s commission, IATA code and contact, digits typed in Arabic-Indic read', async () => {
    const agent = await create({
      name: 'Gulf Journeys',
      kind: 'travel_agent',
      commissionPercent: '١٢٫٥',
      iata: ' ab١٢٣٤ ',
      contactName: '  Salim  ',
      contactPhone: '+968 ٩١٢٣ ٤٥٦٧',
      contactEmail: ' Bookings@Gulf.example ',
    });
    expect(agent).toMatchObject({
      kind: 'travel_agent',
      commissionPercent: 12.5,
      iata: 'AB1234',
      contactName: 'Salim',
      contactPhone: '+968 9123 4567',
      contactEmail: 'bookings@gulf.example',
      ratePlanCodes: [],
    });
    const row = await one<{ commission_hundredths: number }>(
      'select commission_hundredths from city_ledger_accounts where id = ?',
      agent.id,
    );
    expect(row!.commission_hundredths).toBe(1250);
    const listed = (await json<{ accounts: CityLedgerAccount[] }>(await api(''))).accounts;
    expect(listed.find((a) => a.id === agent.id)?.commissionPercent).toBe(12.5);
  });

  it('names only the hotel’s plans as negotiated, each once', async () => {
    const company = await create({ name: 'Plans Co', ratePlanCodes: ['standard', 'STANDARD'] });
    expect(company).toMatchObject({ kind: 'company', ratePlanCodes: ['standard'], commissionPercent: null });
    const error = await refused(
      await api(`/${company.id}`, { method: 'PATCH', json: { ratePlanCodes: ['standard', 'no_such_plan'] } }),
    );
    expect(error.fields).toMatchObject({ 'ratePlanCodes.1': says('city_ledger_plan_unknown') });
    const bad = await refused(await api('', { method: 'POST', json: { name: 'X', ratePlanCodes: ['a b'] } }));
    expect(bad.fields?.['ratePlanCodes.0']).toBe(says('rate_plan_code_invalid'));
  });

  it('refuses a company’s commission, a commission beyond two decimals or 50%, in both languages', async () => {
    const ar = await refused(
      await api('', {
        method: 'POST',
        lang: 'ar',
        json: { name: 'شركة', creditLimitBaisa: null, commissionPercent: 10 },
      }),
    );
    expect(ar.fields?.commissionPercent).toBe(translate('city_ledger_commission_agents_only', 'ar'));
    expect(ar.fields?.commissionPercent).toMatch(/[\u0600-\u06ff]/);
    for (const commissionPercent of [10.125, 50.01, -1, 'ten', true]) {
      const error = await refused(
        await api('', {
          method: 'POST',
          json: { name: 'Agent', creditLimitBaisa: null, kind: 'travel_agent', commissionPercent },
        }),
      );
      expect(error.fields?.commissionPercent, String(commissionPercent)).toBe(
        says('city_ledger_commission_invalid'),
      );
    }
    const company = await create({ name: 'Kind Co' });
    const patch = await refused(
      await api(`/${company.id}`, { method: 'PATCH', json: { commissionPercent: 5 } }),
    );
    expect(patch.fields?.commissionPercent).toBe(says('city_ledger_commission_agents_only'));
  });

  it('an agent made a company earns no commission any more', async () => {
    const agent = await create({ name: 'Switch Travel', kind: 'travel_agent', commissionPercent: 10 });
    const res = await api(`/${agent.id}`, { method: 'PATCH', json: { kind: 'company' } });
    expect(res.status).toBe(200);
    expect((await json<{ account: CityLedgerAccount }>(res)).account).toMatchObject({
      kind: 'company',
      commissionPercent: null,
    });
  });

  it('refuses a bad IATA code, phone, e-mail or kind, and a huge body, never with a 500', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ iata: 'AB' }, 'iata'],
      [{ iata: 'ABC-123' }, 'iata'],
      [{ contactPhone: '12ab' }, 'contactPhone'],
      [{ contactEmail: 'not-an-address' }, 'contactEmail'],
      [{ kind: 'hotel' }, 'kind'],
      [{ contactName: 'x'.repeat(500) }, 'contactName'],
      [{ ratePlanCodes: Array.from({ length: 500 }, (_, i) => `p${i}`) }, 'ratePlanCodes'],
    ];
    for (const [body, field] of cases) {
      const error = await refused(await api('', { method: 'POST', json: { name: 'Bad', ...body } }));
      expect(Object.keys(error.fields ?? {}), JSON.stringify(body).slice(0, 60)).toContain(field);
    }
    const huge = await api('', { method: 'POST', json: { name: 'Huge', address: 'x'.repeat(2_000_000) } });
    expect([400, 413]).toContain(huge.status);
    expect((await codeOf(await api('/999999', { method: 'PATCH', json: { iata: 'ABC' } }))).code).toBe(
      'city_ledger_not_found',
    );
  });
});
