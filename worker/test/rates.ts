import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
import { ERROR_CODES } from '@shared/error-codes';
import { translate } from '../src/platform/messages';
import { call } from './helpers';
import { adminCookie, json, oncePerFile, staffAccount, staffCookie } from './builders';

/**
 * The rates' tests' shared parts (plans-admin and rates-admin): the plans' API as staff, managers
 * and admins call it (each call by the role that may make it unless a cookie is given, '' for
 * signed out), a new plan's body, a refusal read back, and the last audit line of an action.
 */

export type Plan = {
  code: string;
  nameAr: string;
  nameEn: string;
  roomTypes: string[];
  breakfastIncluded: boolean;
  cancellation: { kind: string; hours?: number };
  deposit: { kind: string; percent?: number };
  parentCode: string | null;
  parentAdjustmentPercent: number | null;
  active: boolean;
  sortOrder: number;
};
export type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

/** A manager of the file's own, signed in once per test file. */
export const managerCookie = oncePerFile(() =>
  staffAccount({ role: 'manager' }).then((account) => account.cookie),
);

export const plans = async (cookie?: string) =>
  call('/api/admin/rate-plans', { cookie: cookie ?? (await staffCookie()), lang: 'en' });
export const createPlan = async (body: unknown, cookie?: string, lang: 'ar' | 'en' = 'en') =>
  call('/api/admin/rate-plans', {
    method: 'POST',
    json: body,
    cookie: cookie ?? (await adminCookie()),
    lang,
  });
export const patchPlan = async (code: string, body: unknown, cookie?: string, lang: 'ar' | 'en' = 'en') =>
  call(`/api/admin/rate-plans/${code}`, {
    method: 'PATCH',
    json: body,
    cookie: cookie ?? (await adminCookie()),
    lang,
  });

/** Every plan as staff list them. */
export async function planList(): Promise<Plan[]> {
  const res = await plans();
  expect(res.status).toBe(200);
  return (await json<{ ratePlans: Plan[] }>(res)).ratePlans;
}

/** A refusal: its status, code, and the field's code when one is named. */
export async function refusal(res: Response) {
  const body = await json<ErrorBody>(res);
  return {
    status: res.status,
    code: body.error.code,
    fields: body.error.fields ?? {},
    message: body.error.message,
  };
}

/**
 * The codes a refusal's first field (else its own message) may stand for: the API sends each
 * field's sentence in the request's language, so the code is found back by its English sentence.
 */
export async function codesOf(res: Response): Promise<string[]> {
  const body = await json<ErrorBody>(res);
  const sentence = Object.values(body.error.fields ?? {})[0] ?? body.error.message;
  return ERROR_CODES.filter((code) => translate(code, 'en') === sentence);
}

// Each plan its own names: two active plans never share one (rate_plan_name_taken).
export const newPlan = (code: string, over: Record<string, unknown> = {}) => ({
  code,
  nameAr: `خطة تجريبية ${code}`,
  nameEn: `Test plan ${code}`,
  roomTypes: ['silver', 'gold'],
  cancellation: { kind: 'free_until', hours: 48 },
  ...over,
});

/** The newest audit line of `action`. */
export async function lastAudit(action: string) {
  return env.DB.prepare(
    `select entity_id, before, after, actor_email from audit_log where action = ? order by id desc limit 1`,
  )
    .bind(action)
    .first<{ entity_id: string; before: string | null; after: string; actor_email: string }>();
}
