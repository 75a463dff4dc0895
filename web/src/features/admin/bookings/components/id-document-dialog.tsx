import { Trans, useLingui } from '@lingui/react/macro';
import { LoadError } from '@/components/load-error';
import { Modal } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api-client';
import { useIdDocumentUrl } from '../api/get-id-document';

/** The guest's ID photo from their online check-in (staff only; a lazy chunk of the desk). */
export default function IdDocumentDialog({
  bookingId,
  guestName,
  onClose,
}: {
  bookingId: number;
  guestName: string;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const photo = useIdDocumentUrl(bookingId);
  return (
    <Modal isOpen onOpenChange={(open) => !open && onClose()} title={t`ID photo: ${guestName}`} size="lg">
      {photo.isError ? (
        <LoadError onRetry={photo.retry}>
          {errorMessage(photo.error, t`The ID photo could not be loaded.`)}
        </LoadError>
      ) : photo.url ? (
        <img
          src={photo.url}
          alt={t`ID or passport of ${guestName}`}
          data-testid="id-document-photo"
          className="max-h-[70dvh] w-full rounded-lg bg-sand-50 object-contain"
        />
      ) : (
        <p role="status" className="text-slate-700">
          <Trans>Loading the ID photo…</Trans>
        </p>
      )}
      <p className="text-sm text-slate-600">
        <Trans>Personal data: it is deleted automatically after the stay. Do not copy or share it.</Trans>
      </p>
    </Modal>
  );
}
