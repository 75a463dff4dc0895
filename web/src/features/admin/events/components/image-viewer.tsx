import { Trans } from '@lingui/react/macro';
import { DownloadIcon } from '@/components/more-icons';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import type { EventImage } from '../api/get-moderated-submissions';
import { EventImageView } from './event-image';

export type ViewedImage = { image: EventImage; index: number; alt: string; title: string };

/** The full-size image over the page, with close and download (admin spec section 2). */
export function ImageViewer({
  viewed,
  onClose,
  onDownload,
}: {
  viewed: ViewedImage | null;
  onClose: () => void;
  onDownload: (viewed: ViewedImage) => void;
}) {
  return (
    <Modal
      isOpen={viewed !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={viewed?.title ?? ''}
      size="xl"
    >
      {viewed ? (
        <div className="flex min-h-0 flex-1 flex-col gap-4">
          <div className="flex min-h-0 flex-1 items-center justify-center rounded-xl bg-slate-900 p-2">
            <EventImageView
              key={viewed.image.url}
              testId="full-image"
              image={viewed.image}
              alt={viewed.alt}
              className="h-[min(55dvh,600px)] w-full object-contain"
            />
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onPress={() => onDownload(viewed)}>
              <DownloadIcon />
              <Trans>Download</Trans>
            </Button>
            <Button variant="primary" onPress={onClose}>
              <Trans>Close</Trans>
            </Button>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}
