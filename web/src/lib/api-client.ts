import { hc } from 'hono/client';
import type { AppType } from '../../../worker/src/index';
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
