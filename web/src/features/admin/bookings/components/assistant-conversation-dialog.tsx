import { Trans, useLingui } from '@lingui/react/macro';
import { LoadError } from '@/components/load-error';
import { Modal } from '@/components/ui/dialog';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useAssistantConversation } from '../api/get-assistant-conversation';

/** What the assistant told the guest before it made this booking (read-only, staff). */
export default function AssistantConversationDialog({
  bookingId,
  onClose,
}: {
  bookingId: number;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const conversation = useAssistantConversation(bookingId);
  return (
    <Modal
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={t`Conversation with the assistant`}
      size="md"
    >
      {conversation.isPending ? (
        <p role="status" className="text-slate-700">
          <Trans>Loading the conversation…</Trans>
        </p>
      ) : conversation.isError ? (
        <LoadError onRetry={() => void conversation.refetch()}>
          {errorMessage(conversation.error, t`The conversation could not be loaded.`)}
        </LoadError>
      ) : (
        <ol className="flex flex-col gap-3" data-testid="assistant-conversation">
          {conversation.data.messages.map((m, i) => (
            <li key={i} className={`flex max-w-[90%] flex-col gap-1 ${m.isBot ? 'self-start' : 'self-end'}`}>
              <span className="text-xs font-semibold text-slate-600">
                {m.isBot ? <Trans>Assistant</Trans> : <Trans>Guest</Trans>} ·{' '}
                {formatDateTime(m.timestamp, language)}
              </span>
              <p
                dir="auto"
                className={`rounded-2xl px-3 py-2 text-start whitespace-pre-line ${m.isBot ? 'border border-sand-200 bg-white text-slate-900' : 'bg-teal-700 text-white'}`}
              >
                {m.message}
              </p>
            </li>
          ))}
        </ol>
      )}
    </Modal>
  );
}
