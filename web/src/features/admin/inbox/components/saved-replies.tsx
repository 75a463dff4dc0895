import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  Button as AriaButton,
  Label,
  Menu,
  MenuItem,
  MenuSection,
  MenuTrigger,
  Popover,
  Header,
  TextArea,
  TextField,
  Input,
} from 'react-aria-components';
import { CONVERSATION_LIMITS } from '@shared/conversation-schemas';
import { Button } from '@/components/ui/button';
import { buttonClass } from '@/components/ui/button-class';
import { Modal } from '@/components/ui/dialog';
import { controlClass } from '@/components/ui/text-field';
import { errorMessage, fieldErrorsOf } from '@/lib/api-client';
import { createSavedReply, deleteSavedReply, getSavedReplies, inboxKeys } from '../api/inbox-api';

/**
 * The desk's saved replies, each in Arabic and English: pick one to put its words in the reply (in
 * the language the guest writes in), and keep the list (add, delete).
 */
export function SavedReplies({ onPick }: { onPick: (body: string) => void }) {
  const { t } = useLingui();
  const replies = useQuery({ queryKey: inboxKeys.savedReplies(), queryFn: getSavedReplies });
  const [managing, setManaging] = useState(false);
  const list = replies.data?.replies ?? [];
  return (
    <>
      <MenuTrigger>
        <AriaButton className={buttonClass('secondary')} data-testid="saved-replies">
          <Trans>Saved replies</Trans>
        </AriaButton>
        <Popover className="max-h-80 w-72 overflow-auto rounded-2xl border border-sand-200 bg-white p-1 shadow-lg outline-none">
          <Menu
            aria-label={t`Saved replies`}
            className="outline-none"
            onAction={(key) => {
              if (key === 'manage') return setManaging(true);
              const [id, lang] = String(key).split(':');
              const reply = list.find((r) => r.id === Number(id));
              if (reply) onPick(lang === 'ar' ? reply.bodyAr : reply.bodyEn);
            }}
          >
            {list.map((r) => (
              <MenuSection key={r.id} className="py-1">
                <Header className="px-3 pt-1 text-xs font-semibold text-slate-600">{r.title}</Header>
                <MenuItem
                  id={`${r.id}:ar`}
                  textValue={r.bodyAr}
                  className="cursor-pointer truncate rounded-lg px-3 py-2 outline-none data-[focused]:bg-sand-100"
                >
                  <span dir="rtl" lang="ar">
                    {r.bodyAr}
                  </span>
                </MenuItem>
                <MenuItem
                  id={`${r.id}:en`}
                  textValue={r.bodyEn}
                  className="cursor-pointer truncate rounded-lg px-3 py-2 outline-none data-[focused]:bg-sand-100"
                >
                  <span dir="ltr" lang="en">
                    {r.bodyEn}
                  </span>
                </MenuItem>
              </MenuSection>
            ))}
            <MenuItem
              id="manage"
              className="cursor-pointer rounded-lg px-3 py-2 font-semibold text-teal-800 outline-none data-[focused]:bg-sand-100"
            >
              <Trans>Manage saved replies…</Trans>
            </MenuItem>
          </Menu>
        </Popover>
      </MenuTrigger>
      {managing && <ManageSavedReplies onClose={() => setManaging(false)} />}
    </>
  );
}

function ManageSavedReplies({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const replies = useQuery({ queryKey: inboxKeys.savedReplies(), queryFn: getSavedReplies });
  const [form, setForm] = useState({ title: '', bodyAr: '', bodyEn: '' });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: inboxKeys.savedReplies() });
  const create = useMutation({
    mutationFn: () => createSavedReply(form),
    onSuccess: () => {
      setForm({ title: '', bodyAr: '', bodyEn: '' });
      refresh();
    },
  });
  const remove = useMutation({ mutationFn: deleteSavedReply, onSuccess: refresh });
  const fields = fieldErrorsOf(create.error);
  return (
    <Modal isOpen onOpenChange={(open) => !open && onClose()} title={t`Saved replies`} size="md">
      <ul className="flex flex-col gap-2">
        {(replies.data?.replies ?? []).map((r) => (
          <li key={r.id} className="flex items-start gap-2 rounded-xl border border-sand-200 p-2">
            <div className="min-w-0 flex-1 text-sm">
              <p className="font-semibold">{r.title}</p>
              <p dir="rtl" lang="ar" className="truncate">
                {r.bodyAr}
              </p>
              <p dir="ltr" lang="en" className="truncate">
                {r.bodyEn}
              </p>
            </div>
            <Button variant="ghost" onPress={() => remove.mutate(r.id)} aria-label={t`Delete ${r.title}`}>
              <Trans>Delete</Trans>
            </Button>
          </li>
        ))}
      </ul>
      <form
        className="flex flex-col gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate();
        }}
      >
        <TextField
          value={form.title}
          onChange={(title) => setForm((f) => ({ ...f, title }))}
          maxLength={CONVERSATION_LIMITS.savedReplyTitleMax}
          isInvalid={!!fields.title}
        >
          <Label className="text-sm font-semibold">
            <Trans>Title</Trans>
          </Label>
          <Input className={controlClass} />
        </TextField>
        <TextField
          value={form.bodyAr}
          onChange={(bodyAr) => setForm((f) => ({ ...f, bodyAr }))}
          maxLength={CONVERSATION_LIMITS.savedReplyBodyMax}
        >
          <Label className="text-sm font-semibold">
            <Trans>Reply in Arabic</Trans>
          </Label>
          <TextArea dir="rtl" lang="ar" rows={2} className={`${controlClass} resize-none`} />
        </TextField>
        <TextField
          value={form.bodyEn}
          onChange={(bodyEn) => setForm((f) => ({ ...f, bodyEn }))}
          maxLength={CONVERSATION_LIMITS.savedReplyBodyMax}
        >
          <Label className="text-sm font-semibold">
            <Trans>Reply in English</Trans>
          </Label>
          <TextArea dir="ltr" lang="en" rows={2} className={`${controlClass} resize-none`} />
        </TextField>
        {create.isError && (
          <p role="alert" className="text-sm text-red-800">
            {Object.values(fields)[0] ?? errorMessage(create.error, t`Not saved. Try again.`)}
          </p>
        )}
        <Button type="submit" isPending={create.isPending} className="self-start">
          <Trans>Add saved reply</Trans>
        </Button>
      </form>
    </Modal>
  );
}
