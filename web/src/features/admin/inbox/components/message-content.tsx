import { Trans, useLingui } from '@lingui/react/macro';
import { MessageKindContent } from '@/entities/conversations/message-kind-content';
import { messageMediaUrl, type StaffMessage } from '../api/inbox-api';

/**
 * What a guest's message is, shown as what it is (docs/decisions/089-whatsapp-cloud-api.md), drawn
 * as the guest's own chat draws it (entities/conversations/message-kind-content.tsx) in the desk's
 * words ("a photo from the guest", the kind WhatsApp did not pass on named); its media come by
 * range from the staff-only media route.
 */
export function MessageContent({ message, tone }: { message: StaffMessage; tone: string }) {
  return (
    <MessageKindContent
      message={message}
      reader="staff"
      tone={tone}
      mediaUrl={(m) => messageMediaUrl(m.threadId, m.id)}
    />
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
