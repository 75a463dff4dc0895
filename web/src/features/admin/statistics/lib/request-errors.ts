import { ApiRequestError } from '@/lib/api-client';

/**
 * What went wrong with a statistics call, in the words of the admin spec's error catalogue
 * (section 8): the server's own message (wrong password, too many tries, not allowed), an
 * HTML page instead of JSON (a proxy or an error page: "connection problem"), the 15 s
 * time-out, no network at all ("Failed to fetch"), or anything else.
 */
export type RequestProblem =
  | { kind: 'server'; status: number; message: string | null; fields?: Record<string, string> }
  | { kind: 'html' }
  | { kind: 'timeout' }
  | { kind: 'network' }
  | { kind: 'unknown'; message: string | null };

export function requestProblem(error: unknown): RequestProblem {
  if (error instanceof ApiRequestError) {
    // A non-OK answer with no JSON error body: an HTML page, not our API.
    if (!error.body)
      return error.status >= 500 || error.status === 404
        ? { kind: 'html' }
        : { kind: 'server', status: error.status, message: null };
    return {
      kind: 'server',
      status: error.status,
      message: error.body.error.message,
      fields: error.body.error.fields,
    };
  }
  if (error instanceof SyntaxError) return { kind: 'html' };
  if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return { kind: 'timeout' };
  }
  if (error instanceof TypeError) return { kind: 'network' };
  return { kind: 'unknown', message: error instanceof Error ? error.message : null };
}
