import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Dialog, DialogTrigger, Heading, Popover } from 'react-aria-components';
import { currentLanguage } from '@/lib/i18n';
import { formatCount } from '@/lib/format';
import { useOutboxEntries } from '@/offline/outbox';
import { CloudOffIcon } from '../icons';
import { UploadIcon } from '../more-icons';
import { Button } from '../ui/button';
import { OutboxList } from './outbox-list';

/**
 * The indicator's button (lazy: it reads the outbox): offline, and/or how
 * many entries wait or are being sent, and how many were refused; pressing it
 * opens the outbox list in a popover.
 */
export default function OutboxStatus({ online }: { online: boolean }) {
  const { t } = useLingui();
  const entries = useOutboxEntries();
  const pending = entries.filter((e) => e.state === 'waiting' || e.state === 'sending').length;
  const refused = entries.filter((e) => e.state === 'refused').length;
  const [open, setOpen] = useState(false);
  const waitingCount = formatCount(pending, currentLanguage());
  const refusedCount = formatCount(refused, currentLanguage());
  // Kept while its popover is open, so the guest sees the entry turn "sent".
  if (online && pending === 0 && refused === 0 && !open) return null;
  return (
    <DialogTrigger isOpen={open} onOpenChange={setOpen}>
      <Button
        variant="ghost"
        className="relative shrink-0 gap-1.5 p-1 text-sm lg:px-2"
        aria-label={[
          !online && t`Offline`,
          t`Waiting to be sent: ${waitingCount}`,
          refused > 0 && t`Not accepted: ${refusedCount}`,
        ]
          .filter(Boolean)
          .join('. ')}
        data-testid="outbox-indicator"
      >
        {/* Phones: one round icon with a count bubble (the header has no room for words). */}
        <span
          className={`inline-flex size-8 items-center justify-center rounded-full lg:hidden ${
            online ? 'bg-amber-100 text-amber-950' : 'bg-slate-700 text-white'
          }`}
        >
          {online ? <UploadIcon /> : <CloudOffIcon />}
        </span>
        {(pending > 0 || refused > 0) && (
          <span
            className={`absolute -end-0.5 -top-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full px-1 text-xs font-bold lg:hidden ${
              pending > 0 ? 'bg-amber-500 text-amber-950' : 'bg-red-700 text-white'
            }`}
            data-testid={pending > 0 ? 'outbox-pending-count' : 'outbox-refused-count'}
          >
            {pending > 0 ? waitingCount : refusedCount}
          </span>
        )}
        {/* From 1024 px: the words (a tablet header has no room for them beside a signed-in name). */}
        {!online && (
          <span className="hidden items-center gap-1 rounded-full bg-slate-700 px-2 py-0.5 text-white lg:inline-flex">
            <CloudOffIcon />
            <Trans>Offline</Trans>
          </span>
        )}
        {pending > 0 && (
          <span className="hidden items-center gap-1 rounded-full bg-amber-200 px-2 py-0.5 text-amber-950 lg:inline-flex">
            <UploadIcon />
            {waitingCount} <Trans>waiting</Trans>
          </span>
        )}
        {refused > 0 && (
          <span className="hidden items-center gap-1 rounded-full bg-red-100 px-2 py-0.5 text-red-900 lg:inline-flex">
            {refusedCount} <Trans>not sent</Trans>
          </span>
        )}
      </Button>
      <Popover
        placement="bottom end"
        className="w-[min(24rem,calc(100vw-1rem))] overflow-auto rounded-xl border border-sand-200 bg-white p-3 shadow-lg outline-none"
      >
        <Dialog className="flex flex-col gap-3 outline-none">
          <Heading slot="title" level={2} className="text-lg font-bold text-teal-800">
            <Trans>Waiting to sync</Trans>
          </Heading>
          {!online && (
            <p className="text-sm text-slate-700">
              <Trans>
                You are offline. What you send is kept on this device and sent when the connection returns.
              </Trans>
            </p>
          )}
          <OutboxList showEmpty />
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
