import { hc, type ClientResponse } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import type { AppType } from '../../../worker/src/index';
import { TIMING } from '@shared/start-constants';
import { currentLanguage } from './i18n';
import { takeStartedRequest } from './started-requests';
import { nextTask } from './tasks';

/**
 * The one API client: paths, inputs and outputs come from the worker's
 * routes (types only; nothing of the worker is bundled). Cookies go with
 * every call, the server answers errors in the active language, and a call
 * gives up after the spec's 15 s unless the caller passes its own signal.
 * (The offline outbox keeps its own transports: XHR for upload progress.)
 */
export const api = hc<AppType>('/api', {
  init: { credentials: 'include' },
  headers: () => ({ 'Accept-Language': currentLanguage() }),
  // Each call leaves in a task of its own: starting a request costs the browser a few
  // milliseconds of main-thread work (on a slow phone, ten or more), and the landing page's
  // queries all start at once, as the page is taken over (lib/tasks.ts). Not those sent by
  // sendAtOnce.
  fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
    // The same request, already started by the shell's first script as the HTML was read.
    const started = takeStartedRequest(input, init);
    if (started) return started;
    if (atOnce === 0) await nextTask();
    return fetch(input, { ...init, signal: init?.signal ?? AbortSignal.timeout(TIMING.fetchTimeout) });
  },
});

let atOnce = 0;

/**
 * Runs `send`, whose API calls then leave at once rather than each in a task of its own: the few
 * requests a screen needs first, sent as its route is matched (app/more-routes.tsx) while the page
 * is busy with the screen's code, where a new task can wait hundreds of milliseconds behind the
 * scripts being compiled and run. A call leaves a moment after `send` returns (the client builds
 * it in a promise), so the exception lasts until the next task.
 */
export function sendAtOnce<T>(send: () => T): T {
  atOnce++;
  setTimeout(() => atOnce--, 0);
  return send();
}

export type ApiErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody | null,
  ) {
    super(body?.error.message ?? `HTTP ${status}`);
  }

  /** The error a non-OK answer stands for, with the server's `{ error }` body when it sent one. */
  static of(status: number, body: unknown): ApiRequestError {
    return new ApiRequestError(status, isErrorBody(body) ? body : null);
  }
}

function isErrorBody(body: unknown): body is ApiErrorBody {
  return typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'object';
}

/** The body of a response's success statuses (2xx), as the worker's route declares it. */
export type SuccessBody<R> =
  R extends ClientResponse<infer Body, infer Status, 'json'>
    ? Status extends SuccessStatusCode
      ? Body
      : never
    : never;

/**
 * Reads a JSON answer, or throws an ApiRequestError with the server's message (or "HTTP {status}").
 * Given the call itself (`() => api.x.$get()`), it makes the call in a task of its own: for the
 * queries that all start together as the landing page is taken over (lib/tasks.ts).
 */
export async function readJson<R extends ClientResponse<unknown, number, 'json'>>(
  response: R | Promise<R> | (() => Promise<R>),
): Promise<SuccessBody<R>> {
  const res = await (typeof response === 'function' ? nextTask().then(response) : response);
  if (!res.ok) throw ApiRequestError.of(res.status, await res.json().catch(() => null));
  return (await res.json()) as SuccessBody<R>;
}

/** The server's message for a failed call, or `fallback` (network failure, no JSON body). */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiRequestError && error.body ? error.body.error.message : fallback;
}

/** The server's error code (`no_rooms_available`, ...) of a failed call, if it sent one. */
export function errorCode(error: unknown): string | undefined {
  return error instanceof ApiRequestError ? error.body?.error.code : undefined;
}

/** The server's per-field messages of a 400 `validation_failed` (already in the active language). */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  return error instanceof ApiRequestError ? (error.body?.error.fields ?? {}) : {};
}
