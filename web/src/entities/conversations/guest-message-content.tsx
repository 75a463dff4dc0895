import { Trans, useLingui } from '@lingui/react/macro';
import { type ChatMessageView, guestMediaUrl } from './conversation-api';

/**
 * What the guest sent, in their own chat, as what it is (docs/decisions/089-whatsapp-cloud-api.md):
 * an account that proved its phone reads what it sent on WhatsApp here too, of every kind the
 * staff inbox shows. A photo or sticker shown and a voice note or video played from the guest's own
 * media route (their thread only); a document to download under its name; a place with its map; a
 * contact card's names and numbers as typed; a tapped button or a chosen reply; a WhatsApp notice;
 * a kind WhatsApp does not pass on said plainly. A medium still on its way, or one that never came,
 * says so. The words speak to the guest ("your photo"), never of them.
 */
export function GuestMessageContent({
  message,
  bookingId,
  tone,
}: {
  message: ChatMessageView;
  bookingId: number | null;
  /** The bubble's colours (the guest's own, or the desk's). */
  tone: string;
}) {
  const { kind, details } = message;
  const bubble = `rounded-2xl px-4 py-2.5 text-start ${tone}`;
  const words = message.text.trim() ? (
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
          <Medium message={message} bookingId={bookingId} />
          {words}
        </div>
      );
    case 'location':
      return <Place message={message} className={bubble} />;
    case 'contacts':
      return (
        <div className={`flex flex-col gap-2 ${bubble}`} data-testid="chat-contacts">
          {(details?.contacts ?? []).map((card, i) => (
            <div key={i} className="flex flex-col gap-0.5">
              <span className="font-semibold" dir="auto">
                <span aria-hidden="true">👤 </span>
                {card.name}
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
        <p className={`${bubble} flex flex-col gap-0.5`} data-testid="chat-reply">
          <span className="text-xs opacity-90">
            {kind === 'button' ? <Trans>You tapped a button</Trans> : <Trans>You chose a reply</Trans>}
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
    case 'reaction': {
      // A reaction on a message of this page is shown on it (GuestReactions); this one's is not here.
      const emoji = details?.emoji ?? '';
      return (
        <p className={bubble} data-testid="chat-reaction">
          {emoji ? <Trans>You reacted {emoji} to a message</Trans> : <Trans>You took back a reaction</Trans>}
        </p>
      );
    }
    case 'system':
      return (
        <p dir="auto" className="rounded-xl bg-sand-100 px-3 py-1.5 text-sm text-slate-700 italic">
          {message.text.trim() || <Trans>WhatsApp notice</Trans>}
        </p>
      );
    case 'unsupported':
      return (
        <p className={`${bubble} text-sm`} data-testid="chat-unsupported">
          <Trans>
            You sent a kind of message WhatsApp does not pass on, so the front desk cannot see it. Please send
            it another way.
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

/** The guest's photo, sticker, voice note, video or document, or why it is not there. */
function Medium({ message, bookingId }: { message: ChatMessageView; bookingId: number | null }) {
  const { t } = useLingui();
  const { kind, details, media } = message;
  if (!message.hasMedia) {
    return (
      <p className="text-sm italic" data-testid="chat-media-missing">
        {media?.state === 'failed' ? (
          <Trans>This attachment did not reach the hotel from WhatsApp. Please send it again.</Trans>
        ) : (
          <Trans>Your attachment is on its way…</Trans>
        )}
      </p>
    );
  }
  const src = guestMediaUrl(message.id, bookingId);
  switch (kind) {
    case 'image':
      return (
        <a href={src} target="_blank" rel="noreferrer" className="block">
          <img
            src={src}
            alt={message.text.trim() || t`Your photo`}
            loading="lazy"
            className="max-h-72 max-w-full rounded-xl bg-sand-100 object-contain"
            data-testid="chat-image"
          />
        </a>
      );
    case 'sticker':
      return (
        <img
          src={src}
          alt={t`Your sticker`}
          loading="lazy"
          className="size-32 object-contain"
          data-testid="chat-sticker"
        />
      );
    case 'audio':
      return (
        <div className="flex flex-col gap-1">
          <span className="text-xs opacity-90">
            {details?.voice ? <Trans>Voice note</Trans> : <Trans>Audio</Trans>}
          </span>
          {/* The guest's own voice note has no words to caption. */}
          {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
          <audio
            controls
            preload="metadata"
            src={src}
            className="w-60 max-w-full"
            aria-label={details?.voice ? t`Your voice note` : t`Your audio`}
            data-testid="chat-audio"
          />
        </div>
      );
    case 'video':
      return (
        // eslint-disable-next-line jsx-a11y/media-has-caption -- the guest's own video comes with no captions
        <video
          controls
          playsInline
          preload="metadata"
          src={src}
          className="max-h-72 max-w-full rounded-xl bg-slate-900"
          aria-label={t`Your video`}
          data-testid="chat-video"
        />
      );
    default:
      return (
        <a
          href={src}
          download={details?.filename ?? true}
          className="flex items-center gap-2 rounded-xl bg-white px-3 py-2 font-semibold text-teal-900 underline"
          data-testid="chat-document"
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
function Place({ message, className }: { message: ChatMessageView; className: string }) {
  const { details } = message;
  const lat = details?.latitude;
  const lng = details?.longitude;
  const map =
    lat !== undefined && lng !== undefined
      ? `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=16/${lat}/${lng}`
      : null;
  return (
    <div className={`flex flex-col gap-1 ${className}`} data-testid="chat-location">
      <span className="text-xs opacity-90">
        <span aria-hidden="true">📍 </span>
        <Trans>A location you shared</Trans>
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

/** The guest's reaction on a message of the desk, shown under it (WhatsApp keeps one a person). */
export function GuestReactions({ reactions }: { reactions: ChatMessageView[] }) {
  const { t } = useLingui();
  const emoji = reactions.at(-1)?.details?.emoji;
  if (!emoji) return null;
  return (
    <span
      className="-mt-2 self-start rounded-full border border-sand-200 bg-white px-2 py-0.5 text-sm shadow-sm"
      aria-label={t`You reacted: ${emoji}`}
      data-testid="chat-reactions"
    >
      {emoji}
    </span>
  );
}
