import { hc } from 'hono/client';
import type { AppType } from '../../../worker/src/index';
import { TIMING } from '../../../shared/src/constants';
import { currentLanguage } from './i18n';

/**
 * The typed API client: paths, inputs and outputs come from the worker's
 * routes (types only; nothing of the worker is bundled). Cookies go with
 * every call; the server answers errors in the active language.
 */
export const api = hc<AppType>('/api', {
  init: { credentials: 'include' },
  headers: () => ({ 'Accept-Language': currentLanguage() }),
});

export type ApiErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody | null,
  ) {
    super(body?.error.message ?? `HTTP ${status}`);
  }
}

/** Reads a JSON answer, or throws with the server's message (or "HTTP {status}"). */
export async function readJson<T>(responsePromise: Promise<Response & { json(): Promise<T> }>): Promise<T> {
  const res = await responsePromise;
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as ApiErrorBody | null;
    throw new ApiRequestError(res.status, body);
  }
  return res.json();
}

function isErrorBody(body: unknown): body is ApiErrorBody {
  return typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'object';
}

/** An ApiRequestError from a non-OK answer, with the server's `{ error }` body when it sent one. */
export async function apiErrorFrom(res: Response): Promise<ApiRequestError> {
  const body: unknown = await res.json().catch(() => null);
  return new ApiRequestError(res.status, isErrorBody(body) ? body : null);
}

/**
 * A plain `fetch` with the same rules as `api`: cookies, JSON, the active
 * language, and the spec's 15 s limit. For routes the typed client cannot
 * name yet: the account, dev-mailbox and staff routes were written in the
 * worker at the same time as the screens that call them.
 */
export function sendJson(path: string, init: { method?: 'GET' | 'POST' | 'PUT'; body?: unknown } = {}) {
  const { method = 'GET', body } = init;
  return fetch(`/api${path}`, {
    method,
    credentials: 'include',
    headers: {
      Accept: 'application/json',
      'Accept-Language': currentLanguage(),
      ...(body !== undefined && { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(TIMING.fetchTimeout),
  });
}

/** `sendJson`, then the JSON answer or an ApiRequestError. */
export async function requestJson<T>(
  path: string,
  init: { method?: 'GET' | 'POST' | 'PUT'; body?: unknown } = {},
): Promise<T> {
  const res = await sendJson(path, init);
  if (!res.ok) throw await apiErrorFrom(res);
  return (await res.json()) as T;
}

/** The server's message for a failed call, or `fallback` (network failure, no JSON body). */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiRequestError && error.body ? error.body.error.message : fallback;
}

/** The server's per-field messages of a 400 `validation_failed` (already in the active language). */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  return error instanceof ApiRequestError ? (error.body?.error.fields ?? {}) : {};
}
