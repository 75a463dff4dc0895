import { useLingui } from '@lingui/react/macro';
import { type ChatMessageView, guestMediaUrl } from './conversation-api';
import { MessageKindContent } from './message-kind-content';

/**
 * What the guest sent, in their own chat, as what it is (docs/decisions/089-whatsapp-cloud-api.md):
 * an account that proved its phone reads what it sent on WhatsApp here too, of every kind the
 * staff inbox shows, drawn as the inbox draws it (message-kind-content.tsx) in words that speak to
 * the guest ("your photo"), never of them. Its media come from the guest's own media route (their
 * thread only; the booking page's asks with its `bookingId`).
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
  return (
    <MessageKindContent
      message={message}
      reader="guest"
      tone={tone}
      mediaUrl={(m) => guestMediaUrl(m.id, bookingId)}
    />
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
