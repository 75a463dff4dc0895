import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Input, Label, SearchField } from 'react-aria-components';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { controlClass } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api-client';
import { findProfiles, inboxKeys, linkThread } from '../api/inbox-api';
import { formatPhone } from '@shared/phone-countries';

/**
 * A thread that only has a phone number (WhatsApp from a number nobody had) joins a guest's
 * profile, found by name, phone or e-mail; if the guest already has a thread, this one's messages
 * move onto it, and the screen opens it (`onLinked`).
 */
export default function LinkGuestDialog({
  threadId,
  onClose,
  onLinked,
}: {
  threadId: number;
  onClose: () => void;
  onLinked: (threadId: number) => void;
}) {
  const { t } = useLingui();
  const [q, setQ] = useState('');
  const found = useQuery({
    queryKey: [...inboxKeys.all, 'profiles', q],
    queryFn: () => findProfiles(q.trim()),
    enabled: q.trim().length >= 2,
  });
  const link = useMutation({
    mutationFn: (profileId: number) => linkThread(threadId, profileId),
    onSuccess: (answer) => onLinked(answer.threadId),
  });
  return (
    <Modal isOpen onOpenChange={(open) => !open && onClose()} title={t`Link to a guest profile`} size="md">
      <SearchField value={q} onChange={setQ} className="flex flex-col gap-1.5">
        <Label className="font-semibold">
          <Trans>Name, phone or e-mail</Trans>
        </Label>
        <Input className={controlClass} dir="auto" />
      </SearchField>
      {link.isError && (
        <p role="alert" className="text-sm text-red-800">
          {errorMessage(link.error, t`Not linked. Try again.`)}
        </p>
      )}
      <ul className="flex flex-col gap-2">
        {(found.data ?? []).map((g) => (
          <li
            key={g.id}
            className="flex items-center justify-between gap-2 rounded-xl border border-sand-200 p-2"
          >
            <span className="flex flex-col">
              <span dir="auto" className="font-semibold">
                {g.fullName}
              </span>
              <bdi dir="ltr" className="text-sm text-slate-700">
                {g.phone && formatPhone(g.phone)}
              </bdi>
            </span>
            <Button variant="secondary" onPress={() => link.mutate(g.id)} isPending={link.isPending}>
              <Trans context="verb: join a thread to a profile">Link</Trans>
            </Button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
