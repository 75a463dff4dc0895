import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { CameraIcon } from '@/components/more-icons';
import { useLanguage } from '@/hooks/use-language';
import { formatFileSize } from '@/lib/format';
import type { EventImage } from '../api/get-moderated-submissions';

/** "image/heic" -> "HEIC": the kind of file, as a person names it. */
const fileKind = (contentType: string) => (contentType.split('/')[1] ?? contentType).toUpperCase();

/**
 * An entry's image, or, when this browser cannot show it (a HEIC photo in Chromium, a damaged
 * file), a placeholder saying what the file is and how big, instead of a broken-image icon.
 * Downloading it works either way.
 */
export function EventImageView({
  image,
  alt,
  className,
  loading,
  testId,
}: {
  image: EventImage;
  alt: string;
  className: string;
  loading?: 'lazy';
  testId: string;
}) {
  const language = useLanguage();
  const [unreadable, setUnreadable] = useState(false);
  if (unreadable)
    return (
      <span
        role="img"
        aria-label={alt}
        data-testid={`${testId}-unreadable`}
        className="flex size-full flex-col items-center justify-center gap-0.5 overflow-hidden rounded-xl bg-sand-100 p-2 text-center text-sm text-slate-700"
      >
        <CameraIcon className="size-6 text-slate-500" />
        <span className="font-semibold" dir="ltr">
          {fileKind(image.contentType)}
        </span>
        <span>{formatFileSize(image.byteSize, language)}</span>
        <span className="text-xs">
          <Trans>No preview</Trans>
        </span>
      </span>
    );
  return (
    <img
      src={image.url}
      alt={alt}
      loading={loading}
      className={className}
      data-testid={testId}
      onError={() => setUnreadable(true)}
    />
  );
}
