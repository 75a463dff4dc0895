import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, Suspense, useEffect, useRef, useState } from 'react';
import { Label, TextArea, TextField, ToggleButton, ToggleButtonGroup } from 'react-aria-components';
import { CONVERSATION_LIMITS, INBOX_FILTERS, type InboxFilter } from '@shared/conversation-schemas';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Select, SelectItem } from '@/components/ui/select';
import { controlClass } from '@/components/ui/text-field';
import { statusLabel } from '@/entities/bookings/booking-labels';
import { useLiveSocket } from '@/entities/conversations/live-socket';
import { useCurrentUser } from '@/entities/session/use-current-user';
import { useLanguage } from '@/hooks/use-language';
import { ApiRequestError, errorMessage } from '@/lib/api-client';
import { formatCount, formatDate, formatDateTime, formatPrice } from '@/lib/format';
import { formatReference } from '@/lib/format-reference';
import { lazy } from '@/lib/lazy';
import { formatRoomNumber } from '@/lib/format-room-number';
import { useSearchParams } from '@/lib/router';
import {
  getColleagues,
  getInbox,
  getThread,
  inboxKeys,
  type InboxThread,
  patchThread,
  sendReply,
  type StaffMessage,
  type ThreadDetail,
} from '../api/inbox-api';
import { DeliveryStatus, MessageContent, Reactions } from './message-content';
import { SavedReplies } from './saved-replies';
import { formatPhone } from '@shared/phone-countries';

const FILTER_LABELS = {
  all: msg`All`,
  // Conversations not marked done (not the verb).
  open: msg({ message: 'Open', context: 'conversations' }),
  // The conversations assigned to me (not the work orders of the technicians' screen).
  mine: msg({ message: 'Mine', context: 'conversations' }),
  unassigned: msg`Unassigned`,
  in_house: msg`In house today`,
  arriving: msg`Arriving today`,
} as const;

/**
 * /admin/inbox (front desk, managers, admins): the guests' conversations from the app and WhatsApp
 * in one list, newest first with unread counts and filters; the chosen thread beside it with the
 * guest's stays (dates, room, status, balance, VIP, requests); answer (on the channel the guest
 * last wrote on), a staff note, saved replies, assign to oneself, mark done. New messages arrive
 * live through the hotel's socket (docs/decisions/088-conversations.md); everything is read again
 * whenever the socket (re)opens.
 */
export function InboxScreen() {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [filter, setFilter] = useState<InboxFilter>('open');
  const selected = Number(params.get('thread')) || null;
  const list = useQuery({ queryKey: inboxKeys.list(filter), queryFn: () => getInbox(filter) });

  useLiveSocket({
    query: '?as=staff',
    enabled: true,
    onEvent: (event) => {
      // The guests' app orders go to the outlets' tablets, never to the inbox (decision 102).
      if (event.type === 'order') return;
      void queryClient.invalidateQueries({ queryKey: [...inboxKeys.all, 'list'] });
      void queryClient.invalidateQueries({ queryKey: inboxKeys.thread(event.threadId) });
    },
    onOpen: () => void queryClient.invalidateQueries({ queryKey: inboxKeys.all }),
  });

  const select = (id: number | null) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (id === null) next.delete('thread');
      else next.set('thread', String(id));
      return next;
    });

  return (
    <main className="mx-auto flex w-full max-w-7xl flex-col gap-4 px-3 py-6 sm:px-4">
      <AdminPageHeader
        title={<Trans>Inbox</Trans>}
        subtitle={
          <Trans>Guests' messages from the app and WhatsApp, live, with their stay beside them.</Trans>
        }
      />
      <ToggleButtonGroup
        aria-label={t`Show`}
        selectionMode="single"
        disallowEmptySelection
        selectedKeys={[filter]}
        onSelectionChange={(keys) => setFilter([...keys][0] as InboxFilter)}
        className="flex flex-wrap gap-2"
      >
        {INBOX_FILTERS.map((f) => (
          <ToggleButton
            key={f}
            id={f}
            className="rounded-full border border-sand-300 bg-white px-3 py-1.5 text-sm outline-none data-[selected]:border-teal-700 data-[selected]:bg-teal-700 data-[selected]:text-white data-[focus-visible]:outline-3 data-[focus-visible]:outline-gold-700"
          >
            {i18n._(FILTER_LABELS[f])}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <div className="grid min-h-[70dvh] gap-3 md:grid-cols-[18rem_1fr]">
        <ThreadList
          threads={list.data?.threads ?? []}
          loading={list.isPending}
          selected={selected}
          onSelect={select}
          hidden={selected !== null}
        />
        {selected !== null ? (
          <ThreadPane key={selected} threadId={selected} onBack={() => select(null)} />
        ) : (
          <p className="hidden items-center justify-center rounded-2xl border border-dashed border-sand-300 p-6 text-slate-600 md:flex">
            <Trans>Choose a conversation.</Trans>
          </p>
        )}
      </div>
    </main>
  );
}

function ThreadList({
  threads,
  loading,
  selected,
  onSelect,
  hidden,
}: {
  threads: InboxThread[];
  loading: boolean;
  selected: number | null;
  onSelect: (id: number) => void;
  hidden: boolean;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  return (
    <nav
      aria-label={t`Conversations`}
      className={`${hidden ? 'hidden md:block' : ''} overflow-y-auto rounded-2xl border border-sand-200 bg-white`}
    >
      {!loading && threads.length === 0 && (
        <p className="p-4 text-slate-600" data-testid="inbox-none">
          <Trans>No conversations here.</Trans>
        </p>
      )}
      <ul className="divide-y divide-sand-100" data-testid="inbox-threads">
        {threads.map((th) => (
          <li key={th.id}>
            <button
              type="button"
              onClick={() => onSelect(th.id)}
              aria-current={selected === th.id ? 'true' : undefined}
              data-testid="inbox-thread"
              className={`flex w-full flex-col gap-1 px-3 py-2.5 text-start outline-none hover:bg-sand-50 focus-visible:outline-3 focus-visible:-outline-offset-2 focus-visible:outline-gold-700 ${
                selected === th.id ? 'bg-teal-50' : ''
              }`}
            >
              <span className="flex items-center justify-between gap-2">
                <span className="truncate font-semibold text-slate-900" dir="auto">
                  {th.guestName ?? <bdi dir="ltr">{th.phone && formatPhone(th.phone)}</bdi>}
                  {th.vip && <span className="ms-1 rounded bg-gold-100 px-1 text-xs text-gold-900">VIP</span>}
                </span>
                {th.unread > 0 && (
                  <span
                    className="min-w-6 rounded-full bg-red-700 px-1.5 text-center text-xs font-bold text-white"
                    data-testid="thread-unread"
                  >
                    <span className="sr-only">
                      <Trans>Unread:</Trans>{' '}
                    </span>
                    {formatCount(th.unread, language)}
                  </span>
                )}
              </span>
              <span className="truncate text-sm text-slate-700" dir="auto">
                {th.lastPreview}
              </span>
              <span className="flex gap-2 text-xs text-slate-600">
                <span>{th.lastChannel === 'whatsapp' ? 'WhatsApp' : t`App`}</span>
                <time dateTime={th.lastMessageAt}>{formatDateTime(th.lastMessageAt, language)}</time>
                {th.status === 'done' && <Trans>Done</Trans>}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function ThreadPane({ threadId, onBack }: { threadId: number; onBack: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const me = useCurrentUser().data;
  const detail = useQuery({ queryKey: inboxKeys.thread(threadId), queryFn: () => getThread(threadId) });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: inboxKeys.all });
  const patch = useMutation({
    mutationFn: (body: Parameters<typeof patchThread>[1]) => patchThread(threadId, body),
    onSuccess: refresh,
  });
  const unread = detail.data?.thread.unread ?? 0;
  // Opening a thread reads it.
  useEffect(() => {
    if (unread > 0) patch.mutate({ read: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per unread count
  }, [unread]);

  if (!detail.data) {
    return (
      <p className="p-4 text-slate-600" role="status">
        {detail.isError ? (
          errorMessage(detail.error, t`The conversation could not be loaded.`)
        ) : (
          <Trans>Loading…</Trans>
        )}
      </p>
    );
  }
  const { thread } = detail.data;
  return (
    <section
      aria-label={t`Conversation`}
      className="grid min-h-0 grid-cols-[minmax(0,1fr)] gap-3 lg:grid-cols-[minmax(0,1fr)_17rem]"
      data-testid="inbox-thread-pane"
    >
      <div className="flex min-h-[60dvh] min-w-0 flex-col gap-2 rounded-2xl border border-sand-200 bg-white p-3">
        <header className="flex flex-wrap items-center gap-2">
          <Button variant="ghost" onPress={onBack} className="md:hidden">
            <Trans>Back</Trans>
          </Button>
          <h2 className="me-auto text-lg font-bold text-slate-900" dir="auto">
            {thread.guest.name ?? (
              <bdi dir="ltr">
                {thread.guest.phone ? formatPhone(thread.guest.phone) : thread.guest.whatsappUserId}
              </bdi>
            )}
          </h2>
          {thread.assignedTo !== me?.id && (
            <Button variant="secondary" onPress={() => me && patch.mutate({ assignedTo: me.id })}>
              <Trans>Assign to me</Trans>
            </Button>
          )}
          <AssignSelect
            assignedTo={thread.assignedTo}
            onAssign={(assignedTo) => patch.mutate({ assignedTo })}
          />
          {thread.status === 'open' ? (
            <Button
              variant="secondary"
              onPress={() => patch.mutate({ status: 'done' })}
              data-testid="mark-done"
            >
              <Trans>Mark done</Trans>
            </Button>
          ) : (
            <Button variant="secondary" onPress={() => patch.mutate({ status: 'open' })}>
              <Trans>Open again</Trans>
            </Button>
          )}
        </header>
        <Messages messages={detail.data.messages} />
        <Composer
          key={threadId}
          threadId={threadId}
          channel={thread.lastChannel}
          whatsapp={thread.whatsapp}
          onSent={refresh}
        />
      </div>
      <StayPanel detail={detail.data} />
    </section>
  );
}

/** Assign the thread to a colleague of the desk, or to nobody. */
function AssignSelect({
  assignedTo,
  onAssign,
}: {
  assignedTo: number | null;
  onAssign: (id: number | null) => void;
}) {
  const { t } = useLingui();
  const colleagues = useQuery({
    queryKey: inboxKeys.colleagues(),
    queryFn: getColleagues,
    staleTime: 300_000,
  });
  const items = [
    { id: 'none', name: t`Nobody` },
    ...(colleagues.data?.colleagues ?? []).map((u) => ({ id: String(u.id), name: u.fullName })),
  ];
  return (
    <Select
      label={<span className="sr-only">{t`Assigned to`}</span>}
      aria-label={t`Assigned to`}
      items={items}
      selectedKey={assignedTo === null ? 'none' : String(assignedTo)}
      onSelectionChange={(key) => onAssign(key === 'none' ? null : Number(key))}
      className="w-44"
      data-testid="assign-select"
    >
      {(item) => <SelectItem id={item.id}>{item.name}</SelectItem>}
    </Select>
  );
}

function Messages({ messages }: { messages: StaffMessage[] }) {
  const { t } = useLingui();
  const language = useLanguage();
  const ref = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.scrollTop = ref.current.scrollHeight;
  }, [messages.length]);
  // A reaction is shown on the message it is on (when that message is on the page), the latest
  // of the guest's per message: WhatsApp keeps one reaction a person, and no emoji takes it back.
  const reactionsOn = new Map<number, StaffMessage[]>();
  for (const m of messages)
    if (m.kind === 'reaction' && m.reactsTo !== null) reactionsOn.set(m.reactsTo, [m]);
  const shown = messages.filter((m) => !(m.kind === 'reaction' && m.reactsTo !== null));
  return (
    <ol
      ref={ref}
      aria-label={t`Messages`}
      aria-live="polite"
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      className="flex min-h-0 flex-1 flex-col gap-2 overflow-y-auto rounded-xl bg-sand-50 p-3 outline-none focus-visible:outline-3 focus-visible:outline-gold-700"
      data-testid="inbox-messages"
    >
      {shown.map((m) => {
        const guest = m.direction === 'in';
        const tone = m.internal
          ? 'border border-dashed border-amber-400 bg-amber-50 text-amber-950'
          : guest
            ? 'border border-sand-200 bg-white text-slate-900'
            : 'bg-teal-700 text-white';
        return (
          <li
            key={m.id}
            className={`flex max-w-[85%] flex-col gap-0.5 ${guest ? 'self-start' : 'self-end'}`}
            data-testid="inbox-message"
            data-kind={m.kind}
          >
            <span className="text-xs text-slate-600">
              {m.author === 'system' ? (
                <Trans>The assistant's conversation, handed over</Trans>
              ) : m.internal ? (
                <Trans>Staff note by {m.authorName ?? ''}: never sent</Trans>
              ) : guest ? (
                m.channel === 'whatsapp' ? (
                  'WhatsApp'
                ) : (
                  <Trans>App</Trans>
                )
              ) : (
                m.authorName
              )}
            </span>
            {guest ? (
              <MessageContent message={m} tone={tone} />
            ) : (
              <p dir="auto" className={`whitespace-pre-line rounded-2xl px-3 py-2 text-start ${tone}`}>
                {m.text}
              </p>
            )}
            <Reactions reactions={reactionsOn.get(m.id) ?? []} />
            <span className="flex gap-2 text-xs text-slate-600">
              <time dateTime={m.createdAt}>{formatDateTime(m.createdAt, language)}</time>
              {!guest && !m.internal && m.channel === 'whatsapp' && (
                <DeliveryStatus status={m.status} error={m.error} />
              )}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

const TemplatePicker = lazy(() => import('./template-picker'));

/**
 * The reply box: text (or a staff note) on the channel the guest last wrote on, and, when
 * WhatsApp's 24-hour window is closed (as the thread says, or as a refused reply's 409
 * `window_closed` says), the approved templates (a lazy chunk).
 */
function Composer({
  threadId,
  channel,
  whatsapp,
  onSent,
}: {
  threadId: number;
  channel: string;
  whatsapp: ThreadDetail['thread']['whatsapp'];
  onSent: () => void;
}) {
  const { t } = useLingui();
  const [text, setText] = useState('');
  const [internal, setInternal] = useState(false);
  const [windowClosed, setWindowClosed] = useState(false);
  const key = useRef(crypto.randomUUID());
  const send = useMutation({
    mutationFn: () =>
      sendReply(threadId, { text: text.trim(), ...(internal && { internal: true }) }, key.current),
    onSuccess: () => {
      key.current = crypto.randomUUID();
      setText('');
      setInternal(false);
      onSent();
    },
    onError: (error) => {
      if (error instanceof ApiRequestError && error.body?.error.code === 'window_closed')
        setWindowClosed(true);
    },
  });
  const templates = whatsapp.phone && (windowClosed || (channel === 'whatsapp' && !whatsapp.windowOpen));
  const canSend = text.trim().length > 0 && text.length <= CONVERSATION_LIMITS.textMax && !send.isPending;
  const submit = () => canSend && send.mutate();
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };
  return (
    <div className="flex flex-col gap-2">
      {templates && (
        <Suspense fallback={<p className="text-sm text-slate-600">{t`Loading the templates…`}</p>}>
          <TemplatePicker threadId={threadId} consent={whatsapp.consent} onSent={onSent} />
        </Suspense>
      )}
      <form
        className="flex flex-col gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {send.isError && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
            {errorMessage(send.error, t`The message was not sent. Try again.`)}
          </p>
        )}
        <TextField
          value={text}
          onChange={(v) => {
            setText(v);
            key.current = crypto.randomUUID();
          }}
          maxLength={CONVERSATION_LIMITS.textMax}
        >
          <Label className="sr-only">{internal ? t`Staff note` : t`Reply`}</Label>
          <TextArea
            rows={3}
            dir="auto"
            onKeyDown={onKeyDown}
            placeholder={
              internal
                ? t`A note for colleagues: never sent to the guest`
                : channel === 'whatsapp'
                  ? t`Reply on WhatsApp…`
                  : t`Reply in the app…`
            }
            className={`${controlClass} resize-none ${internal ? 'bg-amber-50' : ''}`}
            data-testid="inbox-reply-input"
          />
        </TextField>
        <div className="flex flex-wrap items-center gap-2">
          <Checkbox isSelected={internal} onChange={setInternal}>
            <Trans>Staff note</Trans>
          </Checkbox>
          <SavedReplies onPick={(body) => setText((v) => (v.trim() ? `${v.trimEnd()}\n${body}` : body))} />
          <Button
            type="submit"
            isDisabled={!canSend}
            isPending={send.isPending}
            className="ms-auto"
            data-testid="inbox-send"
          >
            {internal ? <Trans>Add note</Trans> : <Trans>Send</Trans>}
          </Button>
        </div>
      </form>
    </div>
  );
}

const LinkGuestDialog = lazy(() => import('./link-guest-dialog'));

/** A phone-only thread: said, and linked to a guest profile through a dialog (a lazy chunk). */
function LinkGuest({ threadId }: { threadId: number }) {
  const [open, setOpen] = useState(false);
  const [, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  return (
    <>
      <p className="text-amber-900">
        <Trans>Not linked to a guest profile yet.</Trans>
      </p>
      <Button variant="secondary" onPress={() => setOpen(true)} className="self-start">
        <Trans>Link to a guest profile</Trans>
      </Button>
      {open && (
        <Suspense fallback={null}>
          <LinkGuestDialog
            threadId={threadId}
            onClose={() => setOpen(false)}
            onLinked={(kept) => {
              setOpen(false);
              void queryClient.invalidateQueries({ queryKey: inboxKeys.all });
              setParams({ thread: String(kept) });
            }}
          />
        </Suspense>
      )}
    </>
  );
}

function StayPanel({ detail }: { detail: ThreadDetail }) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const { guest } = detail.thread;
  return (
    <aside
      aria-label={t`The guest's stays`}
      className="flex flex-col gap-3 rounded-2xl border border-sand-200 bg-white p-3"
      data-testid="inbox-stay-panel"
    >
      <div className="flex flex-col gap-0.5 text-sm">
        {guest.vip && (
          <span className="self-start rounded bg-gold-100 px-1.5 text-xs font-bold text-gold-900">VIP</span>
        )}
        {guest.phone && <bdi dir="ltr">{formatPhone(guest.phone)}</bdi>}
        {guest.whatsappUserId && (
          <span className="text-slate-700">
            <Trans>WhatsApp user with no phone number shared:</Trans>{' '}
            <bdi dir="ltr">{guest.whatsappUserId}</bdi>
          </span>
        )}
        {guest.email && <bdi dir="ltr">{guest.email}</bdi>}
        {!detail.thread.linked && <LinkGuest threadId={detail.thread.id} />}
      </div>
      {detail.stays.length === 0 ? (
        <p className="text-sm text-slate-600">
          <Trans>No stays.</Trans>
        </p>
      ) : (
        <ul className="flex flex-col gap-2">
          {detail.stays.map((s) => (
            <li key={s.id} className="rounded-xl border border-sand-200 p-2 text-sm" data-testid="inbox-stay">
              <p className="flex justify-between gap-2 font-semibold">
                <bdi dir="ltr">{formatReference(s.reference)}</bdi>
                <span>{s.inHouse ? t`In house` : statusLabel(i18n, s.status)}</span>
              </p>
              <p>
                {formatDate(s.checkIn, language)} – {formatDate(s.checkOut, language)}
              </p>
              <p>
                {s.room ? (
                  <Trans>Room {formatRoomNumber(s.room, language)}</Trans>
                ) : (
                  <Trans>No room yet</Trans>
                )}
              </p>
              <p>
                <Trans>Balance: {formatPrice(s.balanceBaisa, language)}</Trans>
              </p>
              {s.openRequests > 0 && (
                <p className="text-amber-900">
                  <Trans>Open requests: {formatCount(s.openRequests, language)}</Trans>
                </p>
              )}
              {s.requests && (
                <p className="text-slate-700" dir="auto">
                  {s.requests}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </aside>
  );
}
