import { Trans, useLingui } from '@lingui/react/macro';
import { messageMediaUrl, type StaffMessage } from '../api/inbox-api';

/**
 * What a guest's message is, shown as what it is (docs/decisions/089-whatsapp-cloud-api.md): a
 * text; a photo or sticker shown; a voice note or video played (their bytes come by range from
 * the staff-only media route); a document to download under its name; a place with its map; a
 * contact card; a tapped button or a chosen reply; a system notice; a message WhatsApp cannot
 * show. A medium still on its way, or one that never came, says so.
 */
export function MessageContent({ message, tone }: { message: StaffMessage; tone: string }) {
  const { kind, details } = message;
  const text = message.text.trim();
  const bubble = `rounded-2xl px-3 py-2 text-start ${tone}`;
  const words = text ? (
    <p dir="auto" className="whitespace-pre-line">
      {message.text}
    </p>
  ) : null;
  switch (kind) {
    case 'image':
    case 'sticker':
    case 'audio':
    case 'video':
    case 'document':
      return (
        <div className={kind === 'sticker' ? 'flex flex-col gap-1' : `flex flex-col gap-1.5 ${bubble}`}>
          <Medium message={message} />
          {words}
        </div>
      );
    case 'location':
      return <Place message={message} className={bubble} />;
    case 'contacts':
      return (
        <div className={`flex flex-col gap-2 ${bubble}`} data-testid="message-contacts">
          {(details?.contacts ?? []).map((card, i) => (
            <div key={i} className="flex flex-col gap-0.5">
              <span className="font-semibold" dir="auto">
                👤 {card.name}
              </span>
              {card.phones.map((phone) => (
                <a key={phone} href={`tel:${phone.replace(/[^\d+]/g, '')}`} className="underline">
                  <bdi dir="ltr">{phone}</bdi>
                </a>
              ))}
              {card.emails.map((email) => (
                <a key={email} href={`mailto:${email}`} className="underline">
                  <bdi dir="ltr">{email}</bdi>
                </a>
              ))}
            </div>
          ))}
        </div>
      );
    case 'button':
    case 'interactive':
      return (
        <p className={`${bubble} flex flex-col gap-0.5`} data-testid="message-reply">
          <span className="text-xs opacity-80">
            {kind === 'button' ? <Trans>Tapped a button</Trans> : <Trans>Chose a reply</Trans>}
          </span>
          <span dir="auto" className="font-semibold">
            {message.text}
          </span>
          {details?.description && (
            <span dir="auto" className="text-sm">
              {details.description}
            </span>
          )}
        </p>
      );
    case 'reaction':
      return (
        <p className={bubble} data-testid="message-reaction">
          {details?.emoji ? (
            <Trans>Reacted {details.emoji} to a message</Trans>
          ) : (
            <Trans>Took back a reaction</Trans>
          )}
        </p>
      );
    case 'system':
      return (
        <p dir="auto" className="rounded-xl bg-sand-100 px-3 py-1.5 text-sm text-slate-700 italic">
          {text || <Trans>WhatsApp notice</Trans>}
        </p>
      );
    case 'unsupported':
      return (
        <p className={`${bubble} text-sm italic`} data-testid="message-unsupported">
          <Trans>
            A kind of message WhatsApp does not pass on ({details?.type ?? '?'}). Ask the guest to send it
            another way.
          </Trans>
        </p>
      );
    default:
      return (
        <p dir="auto" className={`whitespace-pre-line ${bubble}`}>
          {message.text}
        </p>
      );
  }
}

/** A photo, sticker, voice note, video or document, or why it is not there. */
function Medium({ message }: { message: StaffMessage }) {
  const { t } = useLingui();
  const { kind, details, media } = message;
  if (!message.hasMedia) {
    return (
      <p className="text-sm italic" data-testid="message-media-missing">
        {media?.state === 'failed' ? (
          <Trans>The attachment could not be fetched from WhatsApp.</Trans>
        ) : (
          <Trans>The attachment is on its way…</Trans>
        )}
      </p>
    );
  }
  const src = messageMediaUrl(message.threadId, message.id);
  switch (kind) {
    case 'image':
      return (
        <a href={src} target="_blank" rel="noreferrer" className="block">
          <img
            src={src}
            alt={message.text.trim() || t`A photo from the guest`}
            loading="lazy"
            className="max-h-72 max-w-full rounded-xl bg-sand-100 object-contain"
            data-testid="message-image"
          />
        </a>
      );
    case 'sticker':
      return (
        <img
          src={src}
          alt={t`A sticker`}
          loading="lazy"
          className="size-32 object-contain"
          data-testid="message-sticker"
        />
      );
    case 'audio':
      return (
        <div className="flex flex-col gap-1">
          <span className="text-xs opacity-80">
            {details?.voice ? <Trans>Voice note</Trans> : <Trans>Audio</Trans>}
          </span>
          {/* A guest's voice note has no words to caption. */}
          {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
          <audio
            controls
            preload="metadata"
            src={src}
            className="w-64 max-w-full"
            aria-label={details?.voice ? t`Voice note from the guest` : t`Audio from the guest`}
            data-testid="message-audio"
          />
        </div>
      );
    case 'video':
      return (
        // eslint-disable-next-line jsx-a11y/media-has-caption -- a guest's video comes with no captions
        <video
          controls
          playsInline
          preload="metadata"
          src={src}
          className="max-h-72 max-w-full rounded-xl bg-slate-900"
          aria-label={t`Video from the guest`}
          data-testid="message-video"
        />
      );
    default:
      return (
        <a
          href={src}
          download={details?.filename ?? true}
          className="flex items-center gap-2 rounded-xl bg-white/80 px-3 py-2 font-semibold text-teal-900 underline"
          data-testid="message-document"
        >
          <span aria-hidden="true">📄</span>
          <span dir="auto" className="break-all">
            {details?.filename ?? t`Document`}
          </span>
          <span className="ms-auto text-xs font-normal no-underline">
            <Trans>Download</Trans>
          </span>
        </a>
      );
  }
}

/** A place the guest shared: its name and address, and where it is on a map. */
function Place({ message, className }: { message: StaffMessage; className: string }) {
  const { details } = message;
  const lat = details?.latitude;
  const lng = details?.longitude;
  const map =
    lat !== undefined && lng !== undefined
      ? `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=16/${lat}/${lng}`
      : null;
  return (
    <div className={`flex flex-col gap-1 ${className}`} data-testid="message-location">
      <span className="text-xs opacity-80">
        📍 <Trans>Shared a location</Trans>
      </span>
      {details?.name && (
        <span dir="auto" className="font-semibold">
          {details.name}
        </span>
      )}
      {details?.address && (
        <span dir="auto" className="whitespace-pre-line">
          {details.address}
        </span>
      )}
      {map && (
        <a href={map} target="_blank" rel="noreferrer" className="underline">
          <Trans>Open on the map</Trans>
        </a>
      )}
    </div>
  );
}

/** The reactions on a message, shown under it. */
export function Reactions({ reactions }: { reactions: StaffMessage[] }) {
  const { t } = useLingui();
  const shown = reactions.filter((r) => r.details?.emoji);
  if (!shown.length) return null;
  return (
    <span
      className="-mt-2 self-end rounded-full border border-sand-200 bg-white px-2 py-0.5 text-sm shadow-sm"
      aria-label={t`The guest reacted: ${shown.map((r) => r.details?.emoji).join(' ')}`}
      data-testid="message-reactions"
    >
      {shown.map((r) => r.details?.emoji).join(' ')}
    </span>
  );
}

/** Where a message the hotel sent on WhatsApp is. */
export function DeliveryStatus({ status, error }: { status: string; error: string | null }) {
  switch (status) {
    case 'queued':
      return <Trans>Queued</Trans>;
    case 'sent':
      return <Trans context="message status">Sent</Trans>;
    case 'delivered':
      return <Trans>Delivered</Trans>;
    case 'read':
      return <Trans>Read</Trans>;
    default:
      return <Trans>Failed: {error ?? ''}</Trans>;
  }
}
