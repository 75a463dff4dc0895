import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { OMAN_DEFAULT_TAXES } from '@shared/taxes';
import { call } from '@worker-test/helpers';
import { adminCookie, json, staffAccount, staffCookie } from '@worker-test/builders';

/**
 * The hotel's taxes and the supplier's details (GET/PUT /api/admin/taxes, decision 066): Oman's
 * defaults from the first start, an admin's save replacing the list in one batch with its audit
 * line, and every refusal a 400 with its field in the user's language.
 */
type Settings = {
  pricesIncludeTaxes: boolean;
  supplier: Record<string, string>;
  taxes: {
    code: string;
    rateBp: number;
    departments: string[];
    onEarlierTaxes: boolean;
    active: boolean;
    effectiveFrom: string;
  }[];
};
type Refusal = { error: { code: string; fields?: Record<string, string> } };

const read = async (cookie: string) => call('/api/admin/taxes', { cookie });
const save = async (body: unknown, cookie?: string, lang: 'ar' | 'en' = 'en') =>
  call('/api/admin/taxes', { method: 'PUT', json: body, cookie: cookie ?? (await adminCookie()), lang });

const SUPPLIER = {
  nameAr: 'شركة المعبيلة للفنادق',
  nameEn: 'Al Maabila Hotels LLC',
  addressAr: 'المعبيلة، السيب، مسقط',
  addressEn: 'Al Maabila, Seeb, Muscat',
  vatNumber: 'OM1100012345',
  commercialRegistration: '1234567',
};

describe('tax settings', () => {
  it('start as Oman’s: the levy 4% on room, breakfast and restaurant, VAT 5% on it all and on the levy, the municipality fee off', async () => {
    const res = await read(await adminCookie());
    expect(res.status).toBe(200);
    const body = await json<Settings>(res);
    expect(body.pricesIncludeTaxes).toBe(true);
    expect(body.taxes.map((t) => [t.code, t.rateBp, t.active, t.onEarlierTaxes])).toEqual([
      ['tourism_levy', 400, true, false],
      ['municipality_fee', 0, false, false],
      ['vat', 500, true, true],
    ]);
    // The migration's rows are the rule's defaults (shared/src/taxes.ts), field for field.
    expect(body.taxes).toEqual(OMAN_DEFAULT_TAXES);
  });

  it('an admin saves the supplier and a new VAT rate from a date, in one batch with its audit line', async () => {
    const current = await json<Settings>(await read(await adminCookie()));
    const vat = current.taxes.find((t) => t.code === 'vat')!;
    const body = {
      pricesIncludeTaxes: true,
      // Arabic-Indic digits in the VAT number and the rate are read.
      supplier: { ...SUPPLIER, vatNumber: 'om ١١٠٠٠١٢٣٤٥' },
      taxes: [...current.taxes, { ...vat, rateBp: '١٠٠٠', effectiveFrom: '2030-01-01' }],
    };
    const res = await save(body, undefined, 'ar');
    expect(res.status, await res.clone().text()).toBe(200);
    const saved = await json<Settings & { message: string }>(res);
    expect(saved.message).toBe('حُفظت الضرائب وبيانات المورّد');
    expect(saved.supplier.vatNumber).toBe('OM1100012345');
    expect(saved.taxes.filter((t) => t.code === 'vat').map((t) => [t.rateBp, t.effectiveFrom])).toEqual([
      [500, '2021-04-16'],
      [1000, '2030-01-01'],
    ]);
    const audit = await env.DB.prepare(
      `select before, after from audit_log where action = 'taxes.updated' order by id desc limit 1`,
    ).first<{ before: string; after: string }>();
    expect(JSON.parse(audit!.before).taxes).toHaveLength(3);
    expect(JSON.parse(audit!.after).taxes).toHaveLength(4);
    // Back as it was.
    expect((await save({ ...current, supplier: SUPPLIER })).status).toBe(200);
  });

  it('refuses a rate over 100%, a negative one, no departments, a code twice on one date, a bad VAT number, in the user’s language', async () => {
    const current = await json<Settings>(await read(await adminCookie()));
    const withTax = (over: Record<string, unknown>) => ({
      ...current,
      supplier: SUPPLIER,
      taxes: [{ ...current.taxes[0]!, ...over }],
    });
    const field = async (body: unknown, lang: 'ar' | 'en' = 'en') => {
      const res = await save(body, undefined, lang);
      expect(res.status).toBe(400);
      return (await json<Refusal>(res)).error.fields ?? {};
    };
    expect(Object.keys(await field(withTax({ rateBp: 10_001 })))).toEqual(['taxes.0.rateBp']);
    expect(Object.keys(await field(withTax({ rateBp: -5 })))).toEqual(['taxes.0.rateBp']);
    expect(Object.keys(await field(withTax({ rateBp: 1.5 })))).toEqual(['taxes.0.rateBp']);
    expect(Object.keys(await field(withTax({ departments: [] })))).toEqual(['taxes.0.departments']);
    expect(Object.keys(await field(withTax({ departments: ['room', 'room'] })))).toEqual([
      'taxes.0.departments',
    ]);
    expect(Object.keys(await field(withTax({ departments: ['casino'] })))).toContain('taxes.0.departments.0');
    expect(Object.keys(await field(withTax({ effectiveFrom: '2027-02-30' })))).toEqual([
      'taxes.0.effectiveFrom',
    ]);
    expect(Object.keys(await field(withTax({ code: 'VAT; drop' })))).toEqual(['taxes.0.code']);
    const twice = { ...current, supplier: SUPPLIER, taxes: [current.taxes[2]!, current.taxes[2]!] };
    expect(await field(twice)).toEqual({
      'taxes.1.effectiveFrom': 'This tax already has a rate starting on that date',
    });
    const vat = await field({ ...current, supplier: { ...SUPPLIER, vatNumber: 'OM12' } }, 'ar');
    expect(vat['supplier.vatNumber']).toBe('رقم التسجيل الضريبي يبدأ بـ OM وتليه عشرة أرقام');
    const many = {
      ...current,
      supplier: SUPPLIER,
      taxes: Array.from({ length: 31 }, (_, i) => ({
        ...current.taxes[0]!,
        effectiveFrom: `2030-01-${String(i + 1).padStart(2, '0')}`,
      })),
    };
    expect((await field(many, 'ar')).taxes).toBe('٣٠ ضريبة كحد أقصى');
    // Malformed bodies are 400s too, and nothing changed.
    for (const body of [[], 'x', { taxes: 'all' }, null]) expect((await save(body)).status).toBe(400);
    expect((await json<Settings>(await read(await adminCookie()))).taxes).toEqual(current.taxes);
  });

  it('managers read them, only admins change them; staff and guests neither', async () => {
    const manager = await staffAccount({ role: 'manager' });
    expect((await read(manager.cookie)).status).toBe(200);
    const current = await json<Settings>(await read(manager.cookie));
    expect((await save({ ...current, supplier: SUPPLIER }, manager.cookie)).status).toBe(403);
    expect((await read(await staffCookie())).status).toBe(403);
    expect((await call('/api/admin/taxes')).status).toBe(401);
  });
});
