import { Trans, useLingui } from '@lingui/react/macro';
import { type KeyboardEvent, Suspense, useEffect, useRef, useState } from 'react';
import { Label, TextArea, TextField } from 'react-aria-components';
import { CHAT_RULES } from '@shared/chat-rules';
import { Button } from '@/components/ui/button';
import { controlClass } from '@/components/ui/text-field';
import { Modal } from '@/components/ui/dialog';
import { CloudOffIcon } from '@/components/icons';
import { useLanguage } from '@/hooks/use-language';
import { usePrefersReducedMotion } from '@/hooks/use-prefers-reduced-motion';
import { ApiRequestError, errorMessage } from '@/lib/api-client';
import { useOnline } from '@/lib/use-online';
import { useSendChatMessage } from '../api/send-chat-message';
import {
  type ChatMessage,
  loadConversation,
  resetConversation,
  saveBookingState,
  saveDraft,
  saveMessages,
} from '../lib/conversation-store';
import { dateTimeFormat } from '@shared/intl-cache';
import { CONVERSATION_LIMITS } from '@shared/conversation-schemas';
import { lazy } from '@/lib/lazy';
import { ChatUnreadBadge, useGuestChatUnread } from '@/entities/conversations/chat-unread';
import { useCurrentUser } from '@/entities/session/use-current-user';

const GuestChat = lazy(
  () => import('@/entities/conversations/guest-chat'),
  (m) => m.GuestChat,
);

/** The assistant's last turns, as the front desk reads them above the guest's first message. */
function handoverOf(messages: ChatMessage[]) {
  return messages
    .filter((m) => m.content.trim())
    .slice(-CONVERSATION_LIMITS.handoverTurnsMax)
    .map((m) => ({
      role: m.role === 'user' ? ('guest' as const) : ('assistant' as const),
      text: m.content.trim().slice(0, CONVERSATION_LIMITS.handoverTurnMax),
    }));
}

/** Spec section 9: chat times in Arabic (Saudi) or US English. */
function formatTime(timestamp: number, language: 'ar' | 'en') {
  return dateTimeFormat(language === 'ar' ? 'ar-SA' : 'en-US', {
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(timestamp));
}

const newId = () => crypto.randomUUID();

/**
 * The assistant (guest spec "AI Assistant chat modal"): the message list,
 * a typing indicator, the input and Send. Enter sends, Shift+Enter starts a new line;
 * nothing empty is sent and nothing while a reply is pending. The conversation (its
 * id, messages and booking state) stays on the device across closing and reloads.
 */
export default function AssistantModal({
  onClose,
  desk: deskFirst = false,
}: {
  onClose: () => void;
  /** Open on the front desk's chat (a staff reply's notice or push: `/?messages=true`). */
  desk?: boolean;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const online = useOnline();
  const reducedMotion = usePrefersReducedMotion();
  const [stored] = useState(loadConversation);
  const [sessionId, setSessionId] = useState(stored.sessionId);
  const [messages, setMessages] = useState<ChatMessage[]>(stored.messages);
  const [bookingState, setBookingState] = useState<unknown>(stored.bookingState);
  const [draft, setDraft] = useState(stored.draft);
  const send = useSendChatMessage();
  const listRef = useRef<HTMLOListElement>(null);
  // "Talk to the front desk": the guest's chat with the hotel, the conversation so far handed over.
  const [desk, setDesk] = useState(deskFirst);
  // The desk's replies not read yet (a signed-in guest's thread): a badge on the way to the chat.
  const unread = useGuestChatUnread(null, Boolean(useCurrentUser().data) && !desk);

  useEffect(() => saveMessages(messages), [messages]);
  useEffect(() => saveDraft(draft), [draft]);
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages, send.isPending]);

  const pending = send.isPending;
  const text = draft.trim();
  const canSend = online && !pending && text.length > 0 && text.length <= CHAT_RULES.maxMessageLength;

  const add = (message: Omit<ChatMessage, 'id' | 'timestamp'>) =>
    setMessages((list) => [...list, { ...message, id: newId(), timestamp: Date.now() }]);

  function submit() {
    if (!canSend) return;
    add({ role: 'user', content: text });
    setDraft('');
    send.mutate(
      {
        message: text,
        sessionId,
        language,
        context: 'hotel_assistant',
        bookingState: bookingState ?? undefined,
        isBot: false,
      },
      {
        onSuccess: (answer) => {
          const content = answer.response?.trim();
          add({
            role: 'assistant',
            content: content || t`Sorry, there was an error connecting to AI`,
            isAnimating: !reducedMotion,
            ...(answer.offer === 'front_desk' && { offer: 'front_desk' as const }),
          });
          setBookingState(answer.bookingState);
          saveBookingState(answer.bookingState);
        },
        onError: (error) => {
          // The server's own words for a refusal (too long, too many); the spec's text otherwise.
          const content =
            error instanceof ApiRequestError && error.body
              ? errorMessage(error, '')
              : t`Sorry, I cannot respond right now, check your internet connection`;
          add({ role: 'assistant', content, isAnimating: !reducedMotion });
        },
      },
    );
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  function startOver() {
    setSessionId(resetConversation());
    setMessages([]);
    setBookingState(null);
    send.reset();
  }

  if (desk) {
    return (
      <Modal isOpen onOpenChange={(open) => !open && onClose()} title={t`Front desk`} size="md">
        <Suspense fallback={null}>
          <GuestChat handover={handoverOf(messages)} assistantSession={sessionId} />
        </Suspense>
        <Button variant="ghost" onPress={() => setDesk(false)} className="self-center text-sm">
          <Trans>Back to the assistant</Trans>
        </Button>
      </Modal>
    );
  }

  return (
    <Modal isOpen onOpenChange={(open) => !open && onClose()} title={t`AI assistant`} size="md">
      <div className="flex h-[min(68dvh,620px)] flex-col gap-3" data-testid="assistant-modal">
        <ol
          ref={listRef}
          aria-label={t`Conversation`}
          aria-live="polite"
          // Scrollable, so reachable by keyboard to scroll back (axe: scrollable-region-focusable;
          // WCAG 2.1.1): a scrolling region is the one non-interactive element that takes focus.
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto rounded-xl bg-sand-50 p-3 outline-none focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-gold-700"
        >
          {messages.length === 0 && (
            <li className="m-auto max-w-xs text-center text-slate-700">
              <p className="font-semibold text-teal-800">
                <Trans>Start a new conversation</Trans>
              </p>
              <p className="mt-1 text-sm">
                <Trans>
                  Ask about prices, offers, breakfast or parking, or write "I want to book a room".
                </Trans>
              </p>
            </li>
          )}
          {messages.map((m) => (
            <li
              key={m.id}
              data-testid={`chat-message-${m.role}`}
              className={`flex max-w-[85%] flex-col gap-1 ${m.role === 'user' ? 'self-end' : 'self-start'} ${m.isAnimating ? 'chat-message-in' : ''}`}
            >
              <span className="sr-only">{m.role === 'user' ? t`You said` : t`The assistant said`}</span>
              <p
                dir="auto"
                className={`whitespace-pre-line rounded-2xl px-4 py-2.5 text-start ${
                  m.role === 'user'
                    ? 'rounded-ee-sm bg-teal-700 text-white'
                    : 'rounded-es-sm border border-sand-200 bg-white text-slate-900'
                }`}
              >
                {m.content}
              </p>
              {m.offer === 'front_desk' && m === messages.at(-1) ? (
                // The guest asked for a person (or the assistant had no answer): the front desk's
                // chat, this conversation handed over.
                <Button onPress={() => setDesk(true)} className="self-start" data-testid="chat-offer-desk">
                  <Trans>Talk to the front desk</Trans>
                </Button>
              ) : null}
              <time
                dateTime={new Date(m.timestamp).toISOString()}
                className={`text-xs text-slate-600 ${m.role === 'user' ? 'self-end' : 'self-start'}`}
              >
                {formatTime(m.timestamp, language)}
              </time>
            </li>
          ))}
          {pending && (
            <li className="self-start" data-testid="chat-typing">
              <span className="sr-only">
                <Trans>The assistant is typing…</Trans>
              </span>
              <span
                aria-hidden="true"
                className="flex gap-1 rounded-2xl rounded-es-sm border border-sand-200 bg-white px-4 py-3"
              >
                {[0, 1, 2].map((i) => (
                  <span
                    key={i}
                    className="size-2 rounded-full bg-teal-700 motion-safe:animate-bounce"
                    style={{ animationDelay: `${i * 150}ms` }}
                  />
                ))}
              </span>
            </li>
          )}
        </ol>

        {!online && (
          <p
            role="status"
            className="flex items-center gap-2 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900"
          >
            <CloudOffIcon />
            <Trans>
              The assistant needs an internet connection. Your message is kept; send it when you are back
              online.
            </Trans>
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
            aria-label={t`Your message`}
            value={draft}
            onChange={setDraft}
            className="min-w-0 flex-1"
            maxLength={CHAT_RULES.maxMessageLength}
          >
            <Label className="sr-only">
              <Trans>Your message</Trans>
            </Label>
            <TextArea
              rows={2}
              dir="auto"
              placeholder={t`Type your message…`}
              onKeyDown={onKeyDown}
              className={`${controlClass} max-h-32 resize-none`}
              data-testid="chat-input"
            />
          </TextField>
          <Button type="submit" isDisabled={!canSend} isPending={pending} data-testid="chat-send">
            <Trans>Send</Trans>
          </Button>
        </form>
        <div className="flex flex-wrap items-center justify-center gap-2">
          <Button
            variant="ghost"
            onPress={() => setDesk(true)}
            className="text-sm"
            data-testid="talk-to-desk"
          >
            <Trans>Talk to the front desk</Trans>
            <ChatUnreadBadge count={unread} />
          </Button>
          {messages.length > 0 && (
            <Button variant="ghost" onPress={startOver} className="text-sm">
              <Trans>New conversation</Trans>
            </Button>
          )}
        </div>
      </div>
    </Modal>
  );
}
