import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ChatMessageView } from './conversation-api';

/**
 * What a guest's message is, drawn as what it is (docs/decisions/089-whatsapp-cloud-api.md), for
 * the guest's own chat and the staff inbox alike: a text; a photo or sticker shown; a voice note or
 * video played (their bytes by range from the reader's own media route, `mediaUrl`); a document to
 * download under its name; a place with its map; a contact card's names and numbers as typed; a
 * tapped button or a chosen reply; a reaction; a WhatsApp notice; a kind WhatsApp does not pass on.
 * A medium still on its way, or one that never came, says so.
 *
 * `reader` says who reads it: the guest reads of what they sent ("your photo"), the desk of what
 * the guest sent ("a photo from the guest", with the kind WhatsApp did not pass on named).
 */
export type MessageReader = 'guest' | 'staff';

/** What the drawing reads of a message (the guest's and the staff's views both carry it). */
export type KindMessage = Pick<
  ChatMessageView,
  'id' | 'threadId' | 'kind' | 'text' | 'hasMedia' | 'media' | 'details'
>;

/** Each reader's look: its test ids' prefix and the few classes that differ. */
const LOOK = {
  guest: {
    testId: 'chat',
    bubble: 'px-4 py-2.5',
    hint: 'opacity-90',
    audio: 'w-60',
    document: 'bg-white',
    unsupported: 'text-sm',
  },
  staff: {
    testId: 'message',
    bubble: 'px-3 py-2',
    hint: 'opacity-80',
    audio: 'w-64',
    document: 'bg-white/80',
    unsupported: 'text-sm italic',
  },
} as const;

type Look = (typeof LOOK)[MessageReader];

/** The words of each reader: the guest's speak to them, the desk's of the guest. */
function useWords(reader: MessageReader, details: KindMessage['details']) {
  const { t } = useLingui();
  if (reader === 'guest') {
    return {
      mediaFailed: (
        <Trans>This attachment did not reach the hotel from WhatsApp. Please send it again.</Trans>
      ),
      mediaComing: <Trans>Your attachment is on its way…</Trans>,
      photo: t`Your photo`,
      sticker: t`Your sticker`,
      voiceNote: t`Your voice note`,
      audio: t`Your audio`,
      video: t`Your video`,
      place: <Trans>A location you shared</Trans>,
      tapped: <Trans>You tapped a button</Trans>,
      chose: <Trans>You chose a reply</Trans>,
      reacted: ({ emoji }: { emoji: string }): ReactNode => <Trans>You reacted {emoji} to a message</Trans>,
      tookBack: <Trans>You took back a reaction</Trans>,
      unsupported: (
        <Trans>
          You sent a kind of message WhatsApp does not pass on, so the front desk cannot see it. Please send
          it another way.
        </Trans>
      ),
    };
  }
  return {
    mediaFailed: <Trans>The attachment could not be fetched from WhatsApp.</Trans>,
    mediaComing: <Trans>The attachment is on its way…</Trans>,
    photo: t`A photo from the guest`,
    sticker: t`A sticker`,
    voiceNote: t`Voice note from the guest`,
    audio: t`Audio from the guest`,
    video: t`Video from the guest`,
    place: <Trans>Shared a location</Trans>,
    tapped: <Trans>Tapped a button</Trans>,
    chose: <Trans>Chose a reply</Trans>,
    reacted: (details: { emoji: string }): ReactNode => <Trans>Reacted {details.emoji} to a message</Trans>,
    tookBack: <Trans>Took back a reaction</Trans>,
    unsupported: (
      <Trans>
        A kind of message WhatsApp does not pass on ({details?.type ?? '?'}). Ask the guest to send it another
        way.
      </Trans>
    ),
  };
}
type Words = ReturnType<typeof useWords>;

export function MessageKindContent<M extends KindMessage>({
  message,
  reader,
  tone,
  mediaUrl,
}: {
  message: M;
  reader: MessageReader;
  /** The bubble's colours (the guest's own, or the desk's). */
  tone: string;
  /** Where the reader's own route serves the message's medium. */
  mediaUrl: (message: M) => string;
}) {
  const { kind, details } = message;
  const look = LOOK[reader];
  const words = useWords(reader, details);
  const bubble = `rounded-2xl ${look.bubble} text-start ${tone}`;
  const caption = message.text.trim() ? (
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
          <Medium
            message={message}
            src={message.hasMedia ? mediaUrl(message) : ''}
            look={look}
            words={words}
          />
          {caption}
        </div>
      );
    case 'location':
      return <Place message={message} className={bubble} look={look} words={words} />;
    case 'contacts':
      return (
        <div className={`flex flex-col gap-2 ${bubble}`} data-testid={`${look.testId}-contacts`}>
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
        <p className={`${bubble} flex flex-col gap-0.5`} data-testid={`${look.testId}-reply`}>
          <span className={`text-xs ${look.hint}`}>{kind === 'button' ? words.tapped : words.chose}</span>
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
      // A reaction on a message of the same page is shown on that message; this one's is not there.
      return (
        <p className={bubble} data-testid={`${look.testId}-reaction`}>
          {details?.emoji ? words.reacted({ emoji: details.emoji }) : words.tookBack}
        </p>
      );
    case 'system':
      return (
        <p dir="auto" className="rounded-xl bg-sand-100 px-3 py-1.5 text-sm text-slate-700 italic">
          {message.text.trim() || <Trans>WhatsApp notice</Trans>}
        </p>
      );
    case 'unsupported':
      return (
        <p className={`${bubble} ${look.unsupported}`} data-testid={`${look.testId}-unsupported`}>
          {words.unsupported}
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
function Medium({
  message,
  src,
  look,
  words,
}: {
  message: KindMessage;
  src: string;
  look: Look;
  words: Words;
}) {
  const { t } = useLingui();
  const { kind, details, media } = message;
  if (!message.hasMedia) {
    return (
      <p className="text-sm italic" data-testid={`${look.testId}-media-missing`}>
        {media?.state === 'failed' ? words.mediaFailed : words.mediaComing}
      </p>
    );
  }
  switch (kind) {
    case 'image':
      return (
        <a href={src} target="_blank" rel="noreferrer" className="block">
          <img
            src={src}
            alt={message.text.trim() || words.photo}
            loading="lazy"
            className="max-h-72 max-w-full rounded-xl bg-sand-100 object-contain"
            data-testid={`${look.testId}-image`}
          />
        </a>
      );
    case 'sticker':
      return (
        <img
          src={src}
          alt={words.sticker}
          loading="lazy"
          className="size-32 object-contain"
          data-testid={`${look.testId}-sticker`}
        />
      );
    case 'audio':
      return (
        <div className="flex flex-col gap-1">
          <span className={`text-xs ${look.hint}`}>
            {details?.voice ? <Trans>Voice note</Trans> : <Trans>Audio</Trans>}
          </span>
          {/* A guest's voice note has no words to caption. */}
          {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
          <audio
            controls
            preload="metadata"
            src={src}
            className={`${look.audio} max-w-full`}
            aria-label={details?.voice ? words.voiceNote : words.audio}
            data-testid={`${look.testId}-audio`}
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
          aria-label={words.video}
          data-testid={`${look.testId}-video`}
        />
      );
    default:
      return (
        <a
          href={src}
          download={details?.filename ?? true}
          className={`flex items-center gap-2 rounded-xl ${look.document} px-3 py-2 font-semibold text-teal-900 underline`}
          data-testid={`${look.testId}-document`}
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
function Place({
  message,
  className,
  look,
  words,
}: {
  message: KindMessage;
  className: string;
  look: Look;
  words: Words;
}) {
  const { details } = message;
  const lat = details?.latitude;
  const lng = details?.longitude;
  const map =
    lat !== undefined && lng !== undefined
      ? `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=16/${lat}/${lng}`
      : null;
  return (
    <div className={`flex flex-col gap-1 ${className}`} data-testid={`${look.testId}-location`}>
      <span className={`text-xs ${look.hint}`}>
        <span aria-hidden="true">📍 </span>
        {words.place}
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
