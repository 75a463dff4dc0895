import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { TIMING } from '@shared/constants';
import { showToast } from '@/components/ui/toast-queue';
import { downloadEventImage } from '../api/download-event-image';
import type { EventImage } from '../api/get-moderated-submissions';
import { downloadInTurn, imageFileName } from '../lib/moderation-rules';

/**
 * Fetches one image as an attachment (staff cookie) and hands it to the
 * browser as a file. A fetch rather than a bare link, so a failure can be
 * told to staff (spec section 8: 'Error downloading image').
 */
async function saveImage(image: EventImage, fallbackName: string) {
  const { blob, fileName } = await downloadEventImage(image.id);
  const name = fileName ?? fallbackName;
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Chromium reads the blob when the click is handled; keep it a moment for slower browsers.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** Download one image, or all of an entry's with 500 ms between files (spec section 9). */
export function useImageDownloads(filePrefix: string) {
  const { t } = useLingui();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);

  async function downloadOne(entryId: number, image: EventImage, index: number) {
    try {
      await saveImage(image, imageFileName(filePrefix, entryId, index, image.contentType));
    } catch {
      showToast({ variant: 'error', title: t`Error downloading image` });
    }
  }

  async function downloadAll(entryId: number, images: EventImage[]) {
    setProgress({ done: 0, total: images.length });
    try {
      const failed = await downloadInTurn(
        images,
        (image, index) => saveImage(image, imageFileName(filePrefix, entryId, index, image.contentType)),
        { gapMs: TIMING.downloadGap, onProgress: (done) => setProgress({ done, total: images.length }) },
      );
      if (failed > 0) showToast({ variant: 'error', title: t`Error downloading images` });
    } finally {
      setProgress(null);
    }
  }

  return { downloadOne, downloadAll, progress };
}
