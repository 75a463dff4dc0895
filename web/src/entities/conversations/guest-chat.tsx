import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import { Label, TextArea, TextField } from 'react-aria-components';
import { CONVERSATION_LIMITS } from '@shared/conversation-schemas';
import { Button } from '@/components/ui/button';
import { controlClass } from '@/components/ui/text-field';
import { useLanguage } from '@/hooks/use-language';
import { ApiRequestError, errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useOnline } from '@/lib/use-online';
import { notificationKeys } from '@/entities/notifications/notifications';
import { type ChatMessageView, getGuestMessages, guestChatKeys, sendGuestMessage } from './conversation-api';
import { GuestMessageContent, GuestReactions } from './guest-message-content';
import { useLiveSocket } from './live-socket';
import { addPending, type PendingMessage, pendingFor, removePending } from './pending-messages';

type Handover = PendingMessage['handover'];

/**
 * The guest's chat with the front desk (docs/decisions/088-conversations.md), from a booking's page
 * (`bookingId`: the booking's guest, signed in or holding its link) or from the assistant (the
 * signed-in account; `handover`: the assistant's turns, sent once with the first message). Staff
 * replies arrive live through the hotel's socket, and the thread is read again whenever the socket
 * (re)opens. A message is kept on the device with its key until the server took it: offline it
 * waits ("not sent yet") and goes when the device is back, once.
 */
export function GuestChat({
  bookingId = null,
  handover,
  assistantSession,
}: {
  bookingId?: number | null;
  handover?: Handover;
  /** The assistant's conversation (its `sessionId`) the handover comes from. */
  assistantSession?: string;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const online = useOnline();
  const queryClient = useQueryClient();
  const key = guestChatKeys.of(bookingId);
  const thread = useQuery({ queryKey: key, queryFn: () => getGuestMessages(bookingId), staleTime: 0 });
  const [pending, setPending] = useState<PendingMessage[]>(() => pendingFor(bookingId));
  const [draft, setDraft] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [handoverLeft, setHandoverLeft] = useState(handover && handover.length > 0 ? handover : undefined);
  const inFlight = useRef(new Set<string>());
  const listRef = useRef<HTMLOListElement>(null);

  const refetch = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: key }),
    [queryClient, key],
  );

  // Reading the thread marks the staff's replies read on the server: the chat buttons' badges and
  // the bell's notices of them say so at once (docs/decisions/088, "A reply the guest has not read").
  const readAt = thread.isSuccess ? thread.dataUpdatedAt : 0;
  useEffect(() => {
    if (readAt === 0) return;
    queryClient.setQueryData(guestChatKeys.unread(bookingId), { unread: 0 });
    void queryClient.invalidateQueries({ queryKey: guestChatKeys.unreadAll });
    void queryClient.invalidateQueries({ queryKey: notificationKeys.scope('mine') });
  }, [readAt, bookingId, queryClient]);

  const deliver = useCallback(
    async (message: PendingMessage) => {
      if (inFlight.current.has(message.key)) return;
      inFlight.current.add(message.key);
      try {
        await sendGuestMessage({
          key: message.key,
          text: message.text,
          ...(message.bookingId !== null && { bookingId: message.bookingId }),
          ...(message.handover && { handover: message.handover }),
          ...(message.handover && message.assistantSession && { assistantSession: message.assistantSession }),
        });
        removePending(message.key);
        setPending(pendingFor(bookingId));
        refetch();
      } catch (error) {
        // A refusal (bad input, not theirs) is final: said, and not tried again. A lost
        // connection keeps it queued for the next try.
        if (error instanceof ApiRequestError && error.status < 500 && error.status !== 408) {
          removePending(message.key);
          setPending(pendingFor(bookingId));
          setFailure(errorMessage(error, t`Your message was not sent.`));
        }
      } finally {
        inFlight.current.delete(message.key);
      }
    },
    [bookingId, refetch, t],
  );

  const flush = useCallback(() => {
    for (const message of pendingFor(bookingId)) void deliver(message);
  }, [bookingId, deliver]);

  // What waits on the device goes when the chat opens online and when the device is back online.
  useEffect(() => {
    if (!online) return;
    const timer = setTimeout(flush, 0);
    return () => clearTimeout(timer);
  }, [online, flush]);

  useLiveSocket({
    query: bookingId === null ? '' : `?bookingId=${bookingId}`,
    enabled: online,
    onEvent: (event) => {
      if (event.type === 'message' || event.type === 'status') refetch();
    },
    onOpen: () => {
      refetch();
      flush();
    },
  });

  const messages = thread.data?.messages ?? [];
  // A reaction the guest sent on WhatsApp is shown on the message it is on (when it is on the page).
  const reactionsOn = new Map<number, ChatMessageView[]>();
  for (const m of messages)
    if (m.kind === 'reaction' && m.reactsTo !== null) reactionsOn.set(m.reactsTo, [m]);
  const shown = messages.filter((m) => !(m.kind === 'reaction' && m.reactsTo !== null));
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages.length, pending.length]);

  const text = draft.trim();
  const canSend = text.length > 0 && text.length <= CONVERSATION_LIMITS.textMax;

  function submit() {
    if (!canSend) return;
    setFailure(null);
    const message: PendingMessage = {
      key: crypto.randomUUID(),
      text,
      bookingId,
      createdAt: Date.now(),
      ...(handoverLeft && { handover: handoverLeft }),
      ...(handoverLeft && assistantSession && { assistantSession }),
    };
    addPending(message);
    setPending(pendingFor(bookingId));
    setHandoverLeft(undefined);
    setDraft('');
    if (online) void deliver(message);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  const notSignedIn = thread.error instanceof ApiRequestError && thread.error.status === 401;

  return (
    <div className="flex h-[min(68dvh,620px)] flex-col gap-3" data-testid="guest-chat">
      <ol
        ref={listRef}
        aria-label={t`Conversation with the front desk`}
        aria-live="polite"
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto rounded-xl bg-sand-50 p-3 outline-none focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-gold-700"
      >
        {messages.length === 0 && pending.length === 0 && (
          <li className="m-auto max-w-xs text-center text-slate-700">
            {notSignedIn ? (
              <Trans>Sign in, or open your booking's page, to write to the front desk.</Trans>
            ) : (
              <Trans>Write to the front desk: a member of staff answers here, usually within minutes.</Trans>
            )}
          </li>
        )}
        {shown.map((m) => (
          <Bubble
            key={m.id}
            message={m}
            language={language}
            bookingId={bookingId}
            reactions={reactionsOn.get(m.id) ?? []}
          />
        ))}
        {pending.map((m) => (
          <li key={m.key} className="flex max-w-[85%] flex-col gap-1 self-end" data-testid="chat-pending">
            <p
              dir="auto"
              className="whitespace-pre-line rounded-2xl rounded-ee-sm bg-teal-700/70 px-4 py-2.5 text-white"
            >
              {m.text}
            </p>
            <span className="self-end text-xs text-slate-600">
              {online ? (
                <Trans>Sending…</Trans>
              ) : (
                <Trans>Not sent yet: it goes when you are back online</Trans>
              )}
            </span>
          </li>
        ))}
      </ol>
      {failure && (
        <p role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-sm text-red-800">
          {failure}
        </p>
      )}
      <form
        className="flex items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TextField
          aria-label={t`Your message to the front desk`}
          value={draft}
          onChange={setDraft}
          className="min-w-0 flex-1"
          maxLength={CONVERSATION_LIMITS.textMax}
          isDisabled={notSignedIn}
        >
          <Label className="sr-only">
            <Trans>Your message to the front desk</Trans>
          </Label>
          <TextArea
            rows={2}
            dir="auto"
            placeholder={t`Type your message…`}
            onKeyDown={onKeyDown}
            className={`${controlClass} max-h-32 resize-none`}
            data-testid="guest-chat-input"
          />
        </TextField>
        <Button type="submit" isDisabled={!canSend || notSignedIn} data-testid="guest-chat-send">
          <Trans>Send</Trans>
        </Button>
      </form>
    </div>
  );
}

function Bubble({
  message: m,
  language,
  bookingId,
  reactions,
}: {
  message: ChatMessageView;
  language: 'ar' | 'en';
  bookingId: number | null;
  reactions: ChatMessageView[];
}) {
  const { t } = useLingui();
  const mine = m.direction === 'in';
  return (
    <li
      data-testid={mine ? 'chat-guest-message' : 'chat-staff-message'}
      data-kind={m.kind}
      className={`flex max-w-[85%] flex-col gap-1 ${mine ? 'self-end' : 'self-start'}`}
    >
      <span className="sr-only">{mine ? t`You wrote` : t`The front desk wrote`}</span>
      {!mine && m.authorName && <span className="text-xs font-semibold text-teal-800">{m.authorName}</span>}
      <GuestMessageContent
        message={m}
        bookingId={bookingId}
        tone={
          mine
            ? 'rounded-ee-sm bg-teal-700 text-white'
            : 'rounded-es-sm border border-sand-200 bg-white text-slate-900'
        }
      />
      <GuestReactions reactions={reactions} />
      <span className={`flex gap-2 text-xs text-slate-600 ${mine ? 'self-end' : 'self-start'}`}>
        <time dateTime={m.createdAt}>{formatDateTime(m.createdAt, language)}</time>
        {m.channel === 'whatsapp' && (
          <span data-testid="chat-on-whatsapp">
            <Trans>on WhatsApp</Trans>
          </span>
        )}
      </span>
    </li>
  );
}
