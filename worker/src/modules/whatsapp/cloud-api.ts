import {
  isWhatsAppUserId,
  type WhatsAppParameterFormat,
  type WhatsAppTemplateComponent,
} from '@shared/whatsapp';
import type { Env } from '../../platform/env';
import { whatsappFetch, type WhatsAppSettings } from './config';

/**
 * The adapter for Meta's WhatsApp Business Cloud API (the one the fake speaks too; fake/README.md
 * quotes the documents): send (`POST /{version}/{phone-number-id}/messages`, the answer's
 * `messages[0].id` is the wamid), media (`GET /{media-id}` gives a short-lived `url`, fetched with
 * the same bearer token), the templates (`GET /{waba-id}/message_templates`). Errors come in
 * Meta's shape `{ error: { message, type, code, error_subcode, fbtrace_id } }` and are thrown as
 * a `GraphError` carrying them. No table is named here.
 */

export class GraphError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | null,
    readonly title: string,
  ) {
    super(`WhatsApp Cloud API ${status}${code === null ? '' : ` (${code})`}: ${title}`);
  }

  /** Worth trying again later: throttled (429, 130429, 131056) or the provider's own trouble (5xx). */
  get retryable(): boolean {
    return this.status === 429 || this.status >= 500 || this.code === 130429 || this.code === 131056;
  }
}

/** Meta's code for a free-form message outside the customer service window. */
export const RE_ENGAGEMENT_ERROR = 131047;

/**
 * A message as the messages endpoint takes it. `to` is the phone with `+` and its country code
 * (Meta: "WhatsApp user phone number", e.g. `+16505551234`; without the `+` Meta would put the
 * business number's country code in front). A template's `components` are Meta's send-time
 * components (`header`, `body`, `button` with their `parameters`), built by templates.ts.
 */
export type OutgoingMessage =
  | { type: 'text'; to: string; body: string }
  | { type: 'template'; to: string; name: string; language: string; components: readonly Json[] };

export type GraphTemplate = {
  id: string;
  name: string;
  language: string;
  status: string;
  category: string;
  body: string;
  parameterFormat: WhatsAppParameterFormat;
  components: WhatsAppTemplateComponent[];
};

type Json = Record<string, unknown>;

/** Who is calling, on every request (Meta's media download names a `User-Agent` header). */
export const USER_AGENT = 'AlMaabilaHotel-WhatsApp/1.0';

async function graph(
  env: Env,
  settings: WhatsAppSettings,
  path: string,
  init: RequestInit = {},
): Promise<Json> {
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${settings.token}`);
  headers.set('user-agent', USER_AGENT);
  let res: Response;
  try {
    res = await whatsappFetch(env, settings)(`${settings.apiBase}${path}`, { ...init, headers });
  } catch (err) {
    throw new GraphError(503, null, `unreachable: ${String(err)}`);
  }
  const body = (await res.json().catch(() => null)) as Json | null;
  if (!res.ok) {
    const error = (body?.error ?? {}) as Json;
    throw new GraphError(
      res.status,
      typeof error.code === 'number' ? error.code : null,
      typeof error.message === 'string' ? error.message : `HTTP ${res.status}`,
    );
  }
  if (!body) throw new GraphError(502, null, 'unreadable answer');
  return body;
}

/** The request body Meta's messages endpoint takes. */
export function messagePayload(message: OutgoingMessage): Json {
  // A guest known only by their business-scoped user id is named by `recipient`, not `to`.
  const base = {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    ...(isWhatsAppUserId(message.to) ? { recipient: message.to } : { to: message.to }),
  };
  if (message.type === 'text')
    return { ...base, type: 'text', text: { preview_url: true, body: message.body } };
  return {
    ...base,
    type: 'template',
    template: { name: message.name, language: { code: message.language }, components: message.components },
  };
}

/** Sends one message; answers its wamid. */
export async function sendMessage(
  env: Env,
  settings: WhatsAppSettings,
  message: OutgoingMessage,
): Promise<string> {
  const body = await graph(env, settings, `/${encodeURIComponent(settings.phoneNumberId)}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(messagePayload(message)),
  });
  const id = (body.messages as { id?: unknown }[] | undefined)?.[0]?.id;
  if (typeof id !== 'string' || !id) throw new GraphError(502, null, 'no message id in the answer');
  return id;
}

/**
 * An inbound medium: its URL first (`GET /{media-id}`, valid about five minutes), then the URL
 * with the same bearer token and a `User-Agent`. Refused before reading when Meta's `file_size`
 * says it is larger than `maxBytes`, and never read past it: a body of a known length is handed
 * on as a stream of that length (R2 takes it without holding it in memory), another is read up
 * to the limit. A missing or expired medium is a GraphError 404 (not worth trying again).
 */
export async function downloadMedia(
  env: Env,
  settings: WhatsAppSettings,
  mediaId: string,
  maxBytes: number,
): Promise<{ body: ReadableStream<Uint8Array> | ArrayBuffer; mimeType: string; size: number }> {
  const meta = await graph(env, settings, `/${encodeURIComponent(mediaId)}`);
  if (typeof meta.url !== 'string' || !/^https?:\/\//.test(meta.url))
    throw new GraphError(502, null, 'no media url');
  const declared = Number(meta.file_size);
  if (Number.isFinite(declared) && declared > maxBytes) throw new GraphError(413, null, 'media too large');
  let res: Response;
  try {
    res = await whatsappFetch(env, settings)(meta.url, {
      headers: { authorization: `Bearer ${settings.token}`, 'user-agent': USER_AGENT },
    });
  } catch (err) {
    throw new GraphError(503, null, `media unreachable: ${String(err)}`);
  }
  if (!res.ok || !res.body) {
    await res.body?.cancel();
    throw new GraphError(res.status === 200 ? 502 : res.status, null, 'media download failed');
  }
  const mimeType =
    typeof meta.mime_type === 'string' ? meta.mime_type : (res.headers.get('content-type') ?? '');
  const length = Number(res.headers.get('content-length'));
  if (res.headers.has('content-length') && Number.isInteger(length) && length >= 0) {
    if (length > maxBytes) {
      await res.body.cancel();
      throw new GraphError(413, null, 'media too large');
    }
    const fixed = new FixedLengthStream(length);
    void res.body.pipeTo(fixed.writable).catch(() => undefined);
    return { body: fixed.readable, mimeType, size: length };
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new GraphError(413, null, 'media too large');
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return { body: bytes.buffer, mimeType, size };
}

/** The business account's templates (every page, `paging.next` followed; 100 a page). */
export async function listTemplates(env: Env, settings: WhatsAppSettings): Promise<GraphTemplate[]> {
  const out: GraphTemplate[] = [];
  let path: string | null =
    `/${encodeURIComponent(settings.businessAccountId)}/message_templates?fields=id,name,language,status,category,parameter_format,components&limit=100`;
  for (let page = 0; path && page < 20; page++) {
    const body = await graph(env, settings, path);
    for (const t of (body.data as Json[] | undefined) ?? []) {
      const components = (t.components as Json[] | undefined) ?? [];
      const bodyText = components.find((c) => String(c.type).toUpperCase() === 'BODY')?.text;
      if (typeof t.name !== 'string' || typeof t.language !== 'string') continue;
      out.push({
        id: String(t.id ?? ''),
        name: t.name,
        language: t.language,
        status: String(t.status ?? 'PENDING'),
        category: String(t.category ?? 'UTILITY'),
        body: typeof bodyText === 'string' ? bodyText : '',
        parameterFormat: t.parameter_format === 'NAMED' ? 'NAMED' : 'POSITIONAL',
        components: components as WhatsAppTemplateComponent[],
      });
    }
    const next = (body.paging as { next?: unknown } | undefined)?.next;
    path =
      typeof next === 'string' && next.startsWith(settings.apiBase)
        ? next.slice(settings.apiBase.length)
        : null;
  }
  return out;
}
