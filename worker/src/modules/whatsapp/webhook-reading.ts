import { z } from '@shared/zod';
import { MULTI_LINE_TEXT } from '@shared/text-rule';
import type { MessageDetails } from '@shared/conversation-schemas';
import {
  isStopWord,
  isWhatsAppUserId,
  WHATSAPP_MEDIA_KINDS,
  type WhatsAppInboundKind,
  type WhatsAppMediaKind,
} from '@shared/whatsapp';

/**
 * A webhook's body read as Meta documents it (fake/README.md quotes the references), item by
 * item: the envelope (`object`, `entry[].changes[]`), then each change (`field`, `value` with
 * `metadata`, `contacts`, `messages`, `statuses`), then each message and status on its own. A
 * change, message or status that cannot be read is named in `skipped` and the rest is kept: one
 * bad item never refuses a delivery (Meta would send it again for seven days, then drop
 * everything batched with it). A message whose own object cannot be read, or whose type this app
 * does not know, is kept as `unsupported` with its type. Texts keep their line breaks and tabs;
 * other control characters and broken surrogates are dropped, never refused.
 */

/** How much of a guest's text is kept (WhatsApp lets a user write about 65,000 characters). */
const TEXT_MAX = 65_536;
/** A short field (a name, a title, a file name, a button's payload). */
const SHORT_MAX = 1024;

/** A guest's text made storable: line breaks and tabs kept, other controls and half emoji dropped. */
export function keptText(value: string, max = TEXT_MAX): string {
  if (MULTI_LINE_TEXT.test(value)) return value.slice(0, max);
  return (
    value
      // eslint-disable-next-line no-control-regex -- the controls the multi-line rule refuses
      .replace(/[\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F]/g, '')
      .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
      .slice(0, max)
  );
}

/** A text field as a guest sent it (any string; kept as keptText makes it). */
const free = (max = TEXT_MAX) =>
  z.preprocess((v) => (typeof v === 'string' ? keptText(v, max) : v), z.multilineString());
const id = z.string().trim().min(1).max(256);
const mediaObject = z.object({
  id,
  mime_type: z.string().max(200).optional(),
  sha256: z.string().max(200).optional(),
  caption: free().optional(),
  filename: free(SHORT_MAX).optional(),
  voice: z.boolean().optional(),
  animated: z.boolean().optional(),
});

const contactCard = z.object({
  name: z
    .object({
      formatted_name: free(SHORT_MAX).optional(),
      first_name: free(SHORT_MAX).optional(),
      last_name: free(SHORT_MAX).optional(),
    })
    .optional(),
  phones: z
    .array(z.object({ phone: free(SHORT_MAX).optional(), wa_id: z.string().max(64).optional() }))
    .optional(),
  emails: z.array(z.object({ email: free(SHORT_MAX).optional() })).optional(),
});

/** Each type's own object (the field named by `type`). */
const bodies = {
  text: z.object({ body: free() }),
  image: mediaObject,
  audio: mediaObject,
  video: mediaObject,
  document: mediaObject,
  sticker: mediaObject,
  location: z.object({
    latitude: z.coerce.number().min(-90).max(90),
    longitude: z.coerce.number().min(-180).max(180),
    name: free(SHORT_MAX).optional(),
    address: free().optional(),
    url: z.string().max(2048).optional(),
  }),
  contacts: z.array(contactCard).min(1),
  button: z.object({ text: free(SHORT_MAX), payload: free(SHORT_MAX).optional() }),
  interactive: z.object({
    type: z.string().max(64),
    button_reply: z.object({ id: free(SHORT_MAX), title: free(SHORT_MAX) }).optional(),
    list_reply: z
      .object({ id: free(SHORT_MAX), title: free(SHORT_MAX), description: free(SHORT_MAX).optional() })
      .optional(),
    nfm_reply: z.object({ name: free(SHORT_MAX).optional(), body: free().optional() }).optional(),
  }),
  reaction: z.object({ message_id: id, emoji: free(64).optional() }),
  system: z.object({ body: free().optional(), type: z.string().max(64).optional() }),
} as const;

const head = z.object({
  id,
  from: z.string().max(64).optional(),
  from_user_id: z.string().max(160).optional(),
  timestamp: z.union([z.string().regex(/^\d{1,12}$/), z.number().int().nonnegative()]),
  type: z.string().max(64).optional(),
});
const unsupportedErrors = z.array(
  z.object({
    code: z.number().optional(),
    title: free(SHORT_MAX).optional(),
    message: free(SHORT_MAX).optional(),
  }),
);

const contactSchema = z.object({
  wa_id: z.string().max(64).optional(),
  user_id: z.string().max(160).optional(),
  profile: z.object({ name: free(SHORT_MAX).optional(), username: free(SHORT_MAX).optional() }).optional(),
});

const statusSchema = z.object({
  id,
  status: z.string().max(32),
  timestamp: z.union([z.string().regex(/^\d{1,12}$/), z.number().int().nonnegative()]),
  errors: z
    .array(
      z.object({
        code: z.number().int().optional(),
        title: free(SHORT_MAX).optional(),
        message: free(SHORT_MAX).optional(),
      }),
    )
    .optional(),
});

const changeSchema = z.object({
  field: z.string().max(64),
  value: z
    .object({
      metadata: z
        .object({
          phone_number_id: z.union([z.string().max(64), z.number()]).transform(String),
          display_phone_number: z.string().max(64).optional(),
        })
        .optional(),
      contacts: z.array(z.unknown()).optional(),
      messages: z.array(z.unknown()).optional(),
      statuses: z.array(z.unknown()).optional(),
    })
    .loose(),
});

/** The envelope: anything else is not Meta's webhook at all (400). */
export const envelopeSchema = z.object({
  object: z.literal('whatsapp_business_account'),
  entry: z.array(z.object({ changes: z.array(z.unknown()) }).loose()),
});

/** A guest's message as read: what it is, who sent it, what it carries. */
export type IncomingMessage = {
  wamid: string;
  /** The sender's phone (Meta's `from`), digits as Meta sends them; null when only their user id came. */
  from: string | null;
  /** Their business-scoped user id (`from_user_id`, or their contact's `user_id`). */
  userId: string | null;
  profileName: string | null;
  username: string | null;
  /** Meta's timestamp (seconds). */
  timestamp: number;
  kind: WhatsAppInboundKind;
  /** The words: a text, a caption, a place, a card's names, a reply's title, an emoji. */
  body: string;
  media: { id: string; kind: WhatsAppMediaKind; mimeType: string | null } | null;
  details: MessageDetails | null;
  latitude: number | null;
  longitude: number | null;
  /** "STOP" (a text, a quick reply or an interactive reply): the guest opts out. */
  stop: boolean;
};

export type IncomingStatus = {
  wamid: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  timestamp: number;
  error: { code: number | null; title: string | null } | null;
};

export type ReadWebhook = {
  messages: IncomingMessage[];
  statuses: IncomingStatus[];
  /** What was left out and why (logged by the caller): never silently. */
  skipped: { where: string; why: string; id?: string }[];
};

const STATUSES = new Set(['sent', 'delivered', 'read', 'failed']);
const MEDIA = new Set<string>(WHATSAPP_MEDIA_KINDS);

const nonEmpty = (v: string | undefined | null) => (v && v.trim() ? v : null);

/**
 * Reads the items of a verified body. `phoneNumberId` is this hotel's number: a change for another
 * number of the same WhatsApp Business Account (`metadata.phone_number_id`) is left out, named.
 */
export function readWebhook(body: z.infer<typeof envelopeSchema>, phoneNumberId: string): ReadWebhook {
  const out: ReadWebhook = { messages: [], statuses: [], skipped: [] };
  body.entry.forEach((entry, e) => {
    entry.changes.forEach((raw, c) => {
      const where = `entry[${e}].changes[${c}]`;
      const change = changeSchema.safeParse(raw);
      if (!change.success) return out.skipped.push({ where, why: 'unreadable change' });
      if (change.data.field !== 'messages')
        return out.skipped.push({ where, why: `field ${change.data.field}` });
      const value = change.data.value;
      if (value.metadata?.phone_number_id !== phoneNumberId) {
        return out.skipped.push({
          where,
          why: `another number (${value.metadata?.phone_number_id ?? 'none'})`,
        });
      }
      const contacts = (value.contacts ?? []).flatMap((c) => {
        const read = contactSchema.safeParse(c);
        return read.success ? [read.data] : [];
      });
      (value.messages ?? []).forEach((m, i) => {
        const read = readMessage(m, contacts);
        if ('why' in read) out.skipped.push({ where: `${where}.messages[${i}]`, ...read });
        else out.messages.push(read);
      });
      (value.statuses ?? []).forEach((s, i) => {
        const read = statusSchema.safeParse(s);
        if (!read.success)
          return out.skipped.push({ where: `${where}.statuses[${i}]`, why: 'unreadable status' });
        if (!STATUSES.has(read.data.status))
          return out.skipped.push({
            where: `${where}.statuses[${i}]`,
            why: `status ${read.data.status}`,
            id: read.data.id,
          });
        const error = read.data.errors?.[0];
        out.statuses.push({
          wamid: read.data.id,
          status: read.data.status as IncomingStatus['status'],
          timestamp: Number(read.data.timestamp),
          error: error ? { code: error.code ?? null, title: error.title ?? error.message ?? null } : null,
        });
      });
    });
  });
  return out;
}

type Contact = z.infer<typeof contactSchema>;

function readMessage(raw: unknown, contacts: Contact[]): IncomingMessage | { why: string; id?: string } {
  const h = head.safeParse(raw);
  if (!h.success) return { why: 'no id, sender or timestamp' };
  const from = nonEmpty(h.data.from?.replace(/\D/g, '')) ? h.data.from!.replace(/\D/g, '') : null;
  const contact =
    contacts.find((c) => from !== null && c.wa_id?.replace(/\D/g, '') === from) ??
    contacts.find((c) => h.data.from_user_id && c.user_id === h.data.from_user_id) ??
    (contacts.length === 1 ? contacts[0] : undefined);
  const userIdRaw = h.data.from_user_id ?? contact?.user_id ?? null;
  const userId = userIdRaw && isWhatsAppUserId(userIdRaw) ? userIdRaw : null;
  if (from === null && userId === null) return { why: 'no sender (from or from_user_id)', id: h.data.id };
  const type = h.data.type ?? 'unsupported';
  const base = {
    wamid: h.data.id,
    from,
    userId,
    profileName: nonEmpty(contact?.profile?.name),
    username: nonEmpty(contact?.profile?.username),
    timestamp: Number(h.data.timestamp),
    media: null,
    details: null,
    latitude: null,
    longitude: null,
    stop: false,
  };
  const unsupported = (reason?: string): IncomingMessage => {
    const errors = unsupportedErrors.safeParse((raw as { errors?: unknown }).errors);
    const error = errors.success ? errors.data[0] : undefined;
    const inner = (raw as { unsupported?: { type?: unknown } }).unsupported?.type;
    return {
      ...base,
      kind: 'unsupported',
      body: '',
      details: {
        type: typeof inner === 'string' ? inner.slice(0, 64) : type.slice(0, 64),
        ...(reason || error
          ? { description: keptText(reason ?? error?.title ?? error?.message ?? '', SHORT_MAX) }
          : {}),
      },
    };
  };
  if (!(type in bodies)) return unsupported();
  const schema = bodies[type as keyof typeof bodies];
  const parsed = schema.safeParse((raw as Record<string, unknown>)[type]);
  if (!parsed.success) return unsupported('unreadable');
  return contentOf(type, parsed.data, base) ?? unsupported();
}

type Base = Omit<IncomingMessage, 'kind' | 'body'>;

/** A message's own object read as what its type is (null: a type kept as unsupported). */
function contentOf(type: string, data: unknown, base: Base): IncomingMessage | null {
  switch (type) {
    case 'text': {
      const { body } = data as z.infer<typeof bodies.text>;
      return { ...base, kind: 'text', body, stop: isStopWord(body) };
    }
    case 'location': {
      const l = data as z.infer<typeof bodies.location>;
      return {
        ...base,
        kind: 'location',
        body: [l.name, l.address].filter((v) => v && v.trim()).join('\n'),
        latitude: l.latitude,
        longitude: l.longitude,
        details: {
          latitude: l.latitude,
          longitude: l.longitude,
          ...(nonEmpty(l.name) ? { name: l.name } : {}),
          ...(nonEmpty(l.address) ? { address: l.address } : {}),
          ...(l.url && /^https:\/\//.test(l.url) ? { url: l.url } : {}),
        },
      };
    }
    case 'contacts': {
      const cards = (data as z.infer<typeof bodies.contacts>).slice(0, 20).map((card) => ({
        name:
          nonEmpty(card.name?.formatted_name) ??
          ([card.name?.first_name, card.name?.last_name].filter(Boolean).join(' ') || ''),
        phones: (card.phones ?? [])
          .map((p) => p.phone ?? p.wa_id ?? '')
          .filter(Boolean)
          .slice(0, 10),
        emails: (card.emails ?? [])
          .map((m) => m.email ?? '')
          .filter(Boolean)
          .slice(0, 10),
      }));
      return {
        ...base,
        kind: 'contacts',
        body: cards.map((card) => card.name || card.phones[0] || '').join('\n'),
        details: { contacts: cards },
      };
    }
    case 'button': {
      const b = data as z.infer<typeof bodies.button>;
      return {
        ...base,
        kind: 'button',
        body: b.text,
        details: b.payload ? { payload: b.payload } : null,
        stop: isStopWord(b.text),
      };
    }
    case 'interactive': {
      const r = data as z.infer<typeof bodies.interactive>;
      const reply = r.button_reply ?? r.list_reply;
      const title = reply?.title ?? r.nfm_reply?.body ?? r.nfm_reply?.name ?? '';
      return {
        ...base,
        kind: 'interactive',
        body: title,
        details: {
          type: r.type,
          ...(reply ? { replyId: reply.id } : {}),
          ...(r.list_reply?.description ? { description: r.list_reply.description } : {}),
        },
        stop: isStopWord(title),
      };
    }
    case 'reaction': {
      const r = data as z.infer<typeof bodies.reaction>;
      // No emoji: the guest took their reaction back.
      return {
        ...base,
        kind: 'reaction',
        body: r.emoji ?? '',
        details: { reactsTo: r.message_id, emoji: nonEmpty(r.emoji) },
      };
    }
    case 'system': {
      const s = data as z.infer<typeof bodies.system>;
      return { ...base, kind: 'system', body: s.body ?? '', details: s.type ? { type: s.type } : null };
    }
    default: {
      if (!MEDIA.has(type)) return null;
      const m = data as z.infer<typeof mediaObject>;
      const kind = type as WhatsAppMediaKind;
      const details: MessageDetails = {
        ...(m.filename ? { filename: m.filename } : {}),
        ...(m.voice !== undefined ? { voice: m.voice } : {}),
        ...(m.animated !== undefined ? { animated: m.animated } : {}),
      };
      return {
        ...base,
        kind,
        body: m.caption ?? '',
        media: { id: m.id, kind, mimeType: m.mime_type ?? null },
        details: Object.keys(details).length ? details : null,
      };
    }
  }
}
