/**
 * The requests a page started before the app's code had arrived: the shell's first script
 * (app/first-requests.ts, written into the HTML by web/build/prerender.ts) asks for the screen's
 * first data and the sign-in lookup as the HTML is read, and leaves a function on `window` by which
 * the app's API client takes each answer once instead of asking again
 * (docs/decisions/070-first-requests-in-the-html.md). The taking is the first script's own code,
 * so the app's first scripts (the landing page's budget) carry only the call.
 */

/** The answer the page already asked for with this very request, or undefined. */
export type TakeStartedRequest = (
  input: RequestInfo | URL,
  init: RequestInit | undefined,
) => Promise<Response> | undefined;

/** Where the shell's first script leaves its TakeStartedRequest (a property of `window`). */
export const TAKE_STARTED_REQUEST = '__takeStartedRequest';

/** The started requests' answers by absolute URL, and the language they asked in. */
export type StartedRequests = {
  /** When they were started (performance.now()). */
  at: number;
  /** Their `Accept-Language`: the language the app starts in. */
  language: string;
  /** By absolute URL: the answer of a GET with the app's credentials. */
  requests: Record<string, Promise<Response>>;
};

/**
 * How long a started answer may wait for the app. The app takes it within a second or two of the
 * page's start; one not taken by then (the screen never asked: another address, a fresh restored
 * answer) is left, and a later call asks the server itself.
 */
const TAKE_WITHIN_MS = 10_000;

/**
 * Where the shell's first script keeps the signed-in account's role, from the sign-in lookup it
 * made (none once signed out): it then asks no back-office data for an account the screen's guard
 * will refuse. A hint only: the server decides what it answers.
 */
export const ACCOUNT_ROLE_KEY = 'account-role';

/**
 * Hands out `started`'s answers: for a GET of the same address in the same language, the answer,
 * once; undefined for any other request, a second time, or after TAKE_WITHIN_MS.
 */
export function takerOf(started: StartedRequests): TakeStartedRequest {
  return (input, init) => {
    if ((init?.method ?? 'GET') !== 'GET') return undefined;
    const url = new URL(String(input), location.href).href;
    const answer = started.requests[url];
    if (!answer) return undefined;
    delete started.requests[url];
    const language = new Headers(init?.headers).get('Accept-Language');
    return language === started.language && performance.now() - started.at < TAKE_WITHIN_MS
      ? answer
      : undefined;
  };
}

/** The answer the shell's first script started for this very request, taken once (see takerOf). */
export function takeStartedRequest(
  input: RequestInfo | URL,
  init: RequestInit | undefined,
): Promise<Response> | undefined {
  return (window as { [TAKE_STARTED_REQUEST]?: TakeStartedRequest })[TAKE_STARTED_REQUEST]?.(input, init);
}
