import { PaymentProviderError } from '../payment-adapter';

/**
 * Thawani's E-Commerce API v1 as the adapter's other files call it: one `call` that sends the
 * secret key, waits at most REQUEST_TIMEOUT_MS, and answers Thawani's `data` or throws
 * PaymentProviderError (with Thawani's description, never the key); and the readers of its JSON.
 */
export type ThawaniConfig = {
  /** The API root with its version, e.g. https://uatcheckout.thawani.om/api/v1. */
  apiUrl: string;
  /** The payment page: the guest goes to `<checkoutUrl>/<session_id>?key=<publishableKey>`. */
  checkoutUrl: string;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /**
   * The page's query parameter that opens it in the guest's language, when the page takes one
   * (the development fake's page: `lang`; Thawani's own page takes none).
   */
  pageLanguageParam?: string;
};

/** A provider that does not answer within this is treated as down (the caller answers 502). */
const REQUEST_TIMEOUT_MS = 10_000;

export type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
export const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
export const baisa = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined;

export const unreadable = (what: string) =>
  new PaymentProviderError(`Thawani answered an unreadable ${what}`);

/** Thawani's words for a refusal: its description and the fields at fault (`data.error`), for the log. */
function refusal(answer: unknown): string {
  if (!isObject(answer)) return '';
  const fields = isObject(answer.data) && Array.isArray(answer.data.error) ? answer.data.error : [];
  const faults = fields
    .filter(isObject)
    .map((fault) => [text(fault.field), text(fault.message)].filter(Boolean).join(': '))
    .join('; ');
  const words = [text(answer.description), faults && `(${faults})`].filter(Boolean).join(' ');
  return words ? `: ${words.slice(0, 300)}` : '';
}

/** Thawani's API for one configuration: what every other file of the adapter is given. */
export type ThawaniApi = {
  config: ThawaniConfig;
  /**
   * One call to Thawani's API, answering its `data`. Every answer is `{success, code, description,
   * data}`; a network failure, a non-2xx status or `success: false` throws PaymentProviderError
   * (with Thawani's description, never the key). `emptyWhenNotFound`: a listing Thawani answers
   * 404 when it has nothing to list.
   */
  call(
    method: 'GET' | 'POST',
    path: string,
    body?: Json,
    options?: { emptyWhenNotFound?: boolean },
  ): Promise<unknown>;
};

export function thawaniApi(config: ThawaniConfig, fetchImpl: typeof fetch): ThawaniApi {
  const api = config.apiUrl.replace(/\/+$/, '');
  return {
    config,
    async call(method, path, body, options = {}) {
      const route = `${method} ${path.split('?')[0]}`;
      let res: Response;
      let raw: string;
      try {
        res = await fetchImpl(`${api}${path}`, {
          method,
          headers: {
            'thawani-api-key': config.secretKey,
            accept: 'application/json',
            // Thawani refuses a POST without a body (411), so a POST always sends one.
            ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
          },
          body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        raw = await res.text();
      } catch (err) {
        throw new PaymentProviderError(`Thawani ${route} failed: ${(err as Error).name}`);
      }
      if (res.status === 404 && options.emptyWhenNotFound) return [];
      let answer: unknown;
      try {
        answer = JSON.parse(raw);
      } catch {
        answer = undefined;
      }
      if (!res.ok || !isObject(answer) || answer.success !== true) {
        throw new PaymentProviderError(
          `Thawani ${route} answered ${res.status}${refusal(answer)}`,
          res.status,
        );
      }
      return answer.data;
    },
  };
}

/** The page size asked of Thawani's lists (it documents `limit` and `skip`, but no maximum). */
export const LIST_PAGE_SIZE = 100;
/**
 * The most pages one reading goes through (10,000 items at 100 a page; each page is one request,
 * and a Worker's requests are counted). Past it the reading throws: never a guess from a list read
 * in part.
 */
export const LIST_MAX_PAGES = 100;

/**
 * Every page of one of Thawani's lists (`GET <path>?<params>&limit=&skip=`), in the order it
 * answers (it documents none): `skip` moves on by what each page held (a page shorter than the
 * `limit` asked is not the end: Thawani documents no maximum and may answer fewer), and the list
 * ends only at an empty page or a 404. More than LIST_MAX_PAGES pages throws PaymentProviderError.
 */
export async function* everyPage(
  api: ThawaniApi,
  path: string,
  params: Record<string, string>,
  what: string,
): AsyncGenerator<unknown[]> {
  let skip = 0;
  for (let page = 0; page < LIST_MAX_PAGES; page++) {
    const query = new URLSearchParams({ ...params, limit: String(LIST_PAGE_SIZE), skip: String(skip) });
    const data = await api.call('GET', `${path}?${query}`, undefined, { emptyWhenNotFound: true });
    // "null if http 400" on a list: a page with nothing in it.
    if (data === null || data === undefined) return;
    if (!Array.isArray(data)) throw unreadable(what);
    if (data.length === 0) return;
    yield data;
    skip += data.length;
  }
  throw new PaymentProviderError(`Thawani: ${what} longer than ${LIST_MAX_PAGES} pages`);
}
