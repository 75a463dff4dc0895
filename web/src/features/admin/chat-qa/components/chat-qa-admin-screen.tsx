import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { Switch } from 'react-aria-components';
import { splitKeywords } from '@shared/chat-schemas';
import { normalizeText } from '@shared/text-normalize';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/text-field';
import { showToast } from '@/components/ui/toast-queue';
import { useCurrentUser } from '@/entities/session/use-current-user';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage, fieldErrorsOf } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { useDeleteChatQa } from '../api/delete-chat-qa';
import { type ChatQaEntry, useChatQa } from '../api/get-chat-qa';
import { useSaveChatQa } from '../api/save-chat-qa';
import { Separator } from '@/components/separator';

/** Search over question, answer and keywords: case-insensitive, Arabic forms folded (shared/src/text-normalize.ts). */
function matches(entry: ChatQaEntry, query: string) {
  const q = normalizeText(query);
  if (!q) return true;
  return [entry.question, entry.answer, ...entry.keywords].some((text) => normalizeText(text).includes(q));
}

type Editing = { entry: ChatQaEntry | null };

/**
 * /chat-qa-admin (admin spec "Chat Q&A management"): the questions and answers the
 * assistant gives guests before anything else. Admins only (the route and the API);
 * polled every 30 s; every change is audited on the server.
 */
export function ChatQaAdminScreen() {
  const { t } = useLingui();
  const language = useLanguage();
  const me = useCurrentUser();
  const list = useChatQa();
  const save = useSaveChatQa();
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<ChatQaEntry | null>(null);
  const entries = list.data ?? [];
  const shown = entries.filter((e) => matches(e, query));
  const active = entries.filter((e) => e.isActive).length;

  function toggle(entry: ChatQaEntry, isActive: boolean) {
    save.mutate(
      { id: entry.id, question: entry.question, answer: entry.answer, keywords: entry.keywords, isActive },
      {
        onError: (error) =>
          showToast({ title: errorMessage(error, t`The change could not be saved.`), variant: 'error' }),
      },
    );
  }

  const counters = [
    { key: 'total', label: t`Total`, value: entries.length },
    { key: 'active', label: t`Active`, value: active },
    { key: 'inactive', label: t`Inactive`, value: entries.length - active },
  ];

  return (
    <main className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8">
      <AdminPageHeader
        title={<Trans>AI chat management</Trans>}
        subtitle={
          me.data ? (
            <>
              <span className="font-semibold">{me.data.fullName}</span>
              <Separator />
              <Trans>system admin</Trans>
            </>
          ) : undefined
        }
        backHref="/dashboard"
      />

      <p className="text-slate-700">
        <Trans>
          The assistant answers guests from the active questions and answers first, in the language asked.
        </Trans>
      </p>

      <dl className="grid grid-cols-3 gap-3">
        {counters.map((c) => (
          <div key={c.key} className="rounded-2xl border border-sand-200 bg-white p-4 text-center shadow-sm">
            <dt className="text-sm font-semibold text-slate-700">{c.label}</dt>
            <dd className="text-2xl font-bold text-teal-800" data-testid={`qa-count-${c.key}`}>
              {formatCount(c.value, language)}
            </dd>
          </div>
        ))}
      </dl>

      <div className="flex flex-wrap items-end gap-3">
        <TextField
          label={t`Search questions, answers and keywords`}
          type="search"
          value={query}
          onChange={setQuery}
          className="min-w-0 flex-1"
        />
        <Button onPress={() => setEditing({ entry: null })} data-testid="qa-add">
          <Trans>Add a question</Trans>
        </Button>
      </div>

      {list.isPending ? (
        <p role="status" className="text-slate-700">
          <Trans>Loading questions…</Trans>
        </p>
      ) : list.isError ? (
        <LoadError onRetry={() => void list.refetch()}>
          {errorMessage(list.error, t`The questions could not be loaded.`)}
        </LoadError>
      ) : shown.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-sand-200 p-6 text-center text-slate-700">
          {entries.length === 0 ? (
            <Trans>No saved questions yet</Trans>
          ) : (
            <Trans>No question matches your search.</Trans>
          )}
        </p>
      ) : (
        // `relative`: the switches' visually hidden inputs are absolutely positioned. The list
        // scrolls with the page, not inside a box of its own.
        <ul className="relative flex flex-col gap-3" aria-label={t`Questions and answers`}>
          {shown.map((entry) => (
            <li
              key={entry.id}
              data-testid="qa-card"
              className={`flex flex-col gap-3 rounded-2xl border bg-white p-4 shadow-sm ${entry.isActive ? 'border-sand-200' : 'border-dashed border-slate-300 opacity-80'}`}
            >
              <div className="flex flex-wrap items-start justify-between gap-3">
                <h2 dir="auto" className="min-w-0 flex-1 text-start text-lg font-bold text-slate-900">
                  {entry.question}
                </h2>
                <Switch
                  isSelected={entry.isActive}
                  onChange={(on) => toggle(entry, on)}
                  className="group flex min-h-11 cursor-pointer items-center gap-2 text-sm font-semibold text-slate-800 outline-none"
                  data-testid="qa-active"
                >
                  <span
                    aria-hidden="true"
                    className="flex h-6 w-11 shrink-0 items-center rounded-full bg-slate-400 px-0.5 transition-colors group-data-[selected]:bg-teal-700 group-data-[focus-visible]:outline-3 group-data-[focus-visible]:outline-offset-2 group-data-[focus-visible]:outline-gold-700"
                  >
                    <span className="size-5 rounded-full bg-white shadow transition-transform group-data-[selected]:translate-x-5 rtl:group-data-[selected]:-translate-x-5" />
                  </span>
                  {entry.isActive ? <Trans>Active</Trans> : <Trans>Disabled</Trans>}
                </Switch>
              </div>
              <p dir="auto" className="whitespace-pre-line text-start text-slate-800">
                {entry.answer}
              </p>
              {entry.keywords.length > 0 && (
                <ul className="flex flex-wrap gap-2" aria-label={t`Keywords`}>
                  {entry.keywords.map((k) => (
                    <li
                      key={k}
                      dir="auto"
                      className="rounded-full bg-sand-100 px-3 py-1 text-sm text-teal-800"
                    >
                      {k}
                    </li>
                  ))}
                </ul>
              )}
              <div className="flex gap-2">
                <Button variant="secondary" onPress={() => setEditing({ entry })} data-testid="qa-edit">
                  <Trans>Edit</Trans>
                </Button>
                <Button variant="ghost" onPress={() => setDeleting(entry)} data-testid="qa-delete">
                  <Trans>Delete</Trans>
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}

      {editing && <QaDialog entry={editing.entry} onClose={() => setEditing(null)} />}
      {deleting && <DeleteDialog entry={deleting} onClose={() => setDeleting(null)} />}
    </main>
  );
}

function QaDialog({ entry, onClose }: { entry: ChatQaEntry | null; onClose: () => void }) {
  const { t } = useLingui();
  const save = useSaveChatQa();
  const [question, setQuestion] = useState(entry?.question ?? '');
  const [answer, setAnswer] = useState(entry?.answer ?? '');
  const [keywords, setKeywords] = useState(entry?.keywords.join(', ') ?? '');
  const fields = fieldErrorsOf(save.error);
  const ready = question.trim().length > 0 && answer.trim().length > 0;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!ready) return;
    save.mutate(
      {
        id: entry?.id,
        question: question.trim(),
        answer: answer.trim(),
        keywords: splitKeywords(keywords),
        isActive: entry?.isActive ?? true,
      },
      {
        onSuccess: (result) => {
          showToast({ title: result.message, variant: 'success' });
          onClose();
        },
      },
    );
  }

  return (
    <Modal
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={entry ? t`Edit the question` : t`Add a question`}
      size="md"
    >
      <form className="flex flex-col gap-4" onSubmit={submit} data-testid="qa-form">
        <TextField
          label={t`Question`}
          value={question}
          onChange={setQuestion}
          isRequired
          maxLength={500}
          inputDir="auto"
          errorMessage={fields.question}
          isInvalid={!!fields.question}
        />
        <TextField
          label={t`Answer`}
          value={answer}
          onChange={setAnswer}
          isRequired
          multiline
          rows={4}
          maxLength={4000}
          inputDir="auto"
          errorMessage={fields.answer}
          isInvalid={!!fields.answer}
        />
        <TextField
          label={t`Keywords`}
          description={t`Separated by commas. Left empty, they are taken from the question.`}
          value={keywords}
          onChange={setKeywords}
          inputDir="auto"
          errorMessage={fields.keywords}
          isInvalid={!!fields.keywords}
        />
        {save.isError && !Object.keys(fields).length && (
          <p role="alert" className="text-sm font-medium text-red-700">
            {errorMessage(save.error, t`The question could not be saved.`)}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onPress={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" isDisabled={!ready} isPending={save.isPending} data-testid="qa-save">
            <Trans>Save</Trans>
          </Button>
        </div>
      </form>
    </Modal>
  );
}

function DeleteDialog({ entry, onClose }: { entry: ChatQaEntry; onClose: () => void }) {
  const { t } = useLingui();
  const remove = useDeleteChatQa();
  return (
    <Modal isOpen onOpenChange={(open) => !open && onClose()} title={t`Delete this question?`} size="sm">
      <div className="flex flex-col gap-4">
        <p dir="auto" className="text-start font-semibold text-slate-900">
          {entry.question}
        </p>
        <p className="text-slate-700">
          <Trans>The assistant will no longer give this answer. This cannot be undone.</Trans>
        </p>
        {remove.isError && (
          <p role="alert" className="text-sm font-medium text-red-700">
            {errorMessage(remove.error, t`The question could not be deleted.`)}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onPress={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button
            variant="danger"
            isPending={remove.isPending}
            data-testid="qa-confirm-delete"
            onPress={() =>
              remove.mutate(entry.id, {
                onSuccess: (result) => {
                  showToast({ title: result.message, variant: 'success' });
                  onClose();
                },
              })
            }
          >
            <Trans>Delete</Trans>
          </Button>
        </div>
      </div>
    </Modal>
  );
}
