import { ChannelProviderError } from '../channel-adapter';

/**
 * Channex's API v1 as the adapter calls it: one `call` that sends the property's key in
 * `user-api-key`, waits at most REQUEST_TIMEOUT_MS, and answers the parsed JSON or throws
 * ChannelProviderError (with the status, Channex's `Retry-After` when it gives one, and its error
 * words; never the key).
 */
export type ChannexConfig = {
  /** The API root with its version, e.g. https://staging.channex.io/api/v1. */
  baseUrl: string;
  apiKey: string;
  propertyId: string;
  /** The custom header's value the property's webhooks carry (Channex signs nothing). */
  webhookSecret: string;
  /** The header that carries it. */
  webhookHeader: string;
  /**
   * Whether the property knows the hotel's room types and plans by the app's own codes where no
   * mapping names them (ChannelAdapter.knowsOwnCodes; the development fake's property does).
   */
  knowsOwnCodes?: boolean;
};

/** A channel manager that does not answer within this is treated as down (retried later). */
export const REQUEST_TIMEOUT_MS = 15_000;

export type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Channex's words for a refusal (`errors: {code, title, details}`), short, for the staff log. */
function refusal(answer: unknown): string {
  if (!isObject(answer) || !isObject(answer.errors)) return '';
  const { code, title, details } = answer.errors;
  const words = [code, title, details ? JSON.stringify(details) : '']
    .filter((w) => typeof w === 'string' && w !== '')
    .join(' ');
  return words ? `: ${words.slice(0, 300)}` : '';
}

/** Seconds from a `Retry-After` header (seconds or an HTTP date), if any. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const at = Date.parse(header);
  return Number.isFinite(at) ? Math.max(0, Math.ceil((at - now) / 1000)) : undefined;
}

export type ChannexApi = {
  config: ChannexConfig;
  call(method: 'GET' | 'POST', path: string, body?: Json): Promise<unknown>;
  /**
   * As `call`, also answering Channex's `x-request-id` (each answer's header: the id its support
   * and certification ask for); `body` is sent as given (already JSON).
   */
  send(
    method: 'GET' | 'POST',
    path: string,
    body?: string,
  ): Promise<{ answer: unknown; requestId: string | null; status: number }>;
};

/** Channex's id of a request, from its answer's header (kept short for the logs). */
const requestIdOf = (res: Response) => res.headers.get('x-request-id')?.slice(0, 200) || null;

export function channexApi(config: ChannexConfig, fetchImpl: typeof fetch): ChannexApi {
  const base = config.baseUrl.replace(/\/+$/, '');
  const send: ChannexApi['send'] = async (method, path, body) => {
    const route = `${method} ${path.split('?')[0]}`;
    let res: Response;
    let raw: string;
    try {
      res = await fetchImpl(`${base}${path}`, {
        method,
        headers: {
          'user-api-key': config.apiKey,
          accept: 'application/json',
          ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
        },
        body: method === 'POST' ? (body ?? '{}') : undefined,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      raw = await res.text();
    } catch (err) {
      throw new ChannelProviderError(`Channex ${route} failed: ${(err as Error).name}`);
    }
    const requestId = requestIdOf(res);
    let answer: unknown;
    try {
      answer = raw ? JSON.parse(raw) : {};
    } catch {
      answer = undefined;
    }
    if (!res.ok) {
      throw new ChannelProviderError(
        `Channex ${route} answered ${res.status}${refusal(answer)}`,
        res.status,
        retryAfterSeconds(res.headers.get('retry-after')),
        requestId ?? undefined,
      );
    }
    if (answer === undefined) {
      throw new ChannelProviderError(
        `Channex ${route} answered unreadable JSON`,
        res.status,
        undefined,
        requestId ?? undefined,
      );
    }
    return { answer, requestId, status: res.status };
  };
  return {
    config,
    send,
    async call(method, path, body) {
      return (await send(method, path, method === 'POST' ? JSON.stringify(body ?? {}) : undefined)).answer;
    },
  };
}
