import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useCallback } from 'react';
import { Button as AriaButton, FileTrigger } from 'react-aria-components';
import { Button } from '@/components/ui/button';
import { showToast } from '@/components/ui/toast-queue';
import { EVENT_RULES } from '@shared/constants';
import { useLanguage } from '@/hooks/use-language';
import { formatCount } from '@/lib/format';
import { addImages } from '../lib/select-images';
import { CameraIcon, CloseIcon } from '@/components/more-icons';
import { photosCount } from '@/lib/counts';
import { Separator } from '@/components/separator';

/**
 * The image picker of the three event forms: a button opening the phone's
 * gallery or camera (images only, several at once), the chosen images as
 * thumbnails with a remove button each, and a status line the form supplies
 * (count, how many more are needed). Each selection goes through the one
 * rule in lib/select-images.ts: a file that is not an image or is over 5 MB
 * refuses the whole selection, with the spec's toast.
 */
export function ImagePicker({
  files,
  onChange,
  chooseLabel,
  status,
  isDisabled = false,
  testId,
}: {
  files: File[];
  onChange: (files: File[]) => void;
  chooseLabel: string;
  /** One line under the button: the count and what is still needed (announced politely). */
  status: ReactNode;
  isDisabled?: boolean;
  testId: string;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const maxMegabytes = formatCount(EVENT_RULES.maxImageBytes / 1024 / 1024, language);

  function select(list: FileList | null) {
    if (!list || list.length === 0) return;
    const result = addImages(files, Array.from(list));
    if (result.ok) {
      onChange(result.files);
      return;
    }
    if (result.reason === 'not_image') {
      showToast({
        variant: 'error',
        title: t`Invalid File Type`,
        description: t`Please select an image file`,
      });
    } else if (result.reason === 'too_large') {
      showToast({
        variant: 'error',
        title: t`File Too Large`,
        description: t`Please select an image smaller than ${maxMegabytes} MB`,
      });
    } else {
      const max = photosCount(result.max, language);
      showToast({
        variant: 'error',
        title: t`Too many images`,
        description: t`One entry can have at most ${max}.`,
      });
    }
  }

  return (
    <div className="flex flex-col gap-3" data-testid={testId}>
      <div className="flex flex-wrap items-center gap-3">
        <FileTrigger acceptedFileTypes={['image/*']} allowsMultiple onSelect={select}>
          <Button variant="secondary" isDisabled={isDisabled}>
            <CameraIcon className="size-5" />
            {chooseLabel}
          </Button>
        </FileTrigger>
        <p aria-live="polite" className="text-sm font-semibold" data-testid={`${testId}-status`}>
          {status}
        </p>
      </div>
      {files.length > 0 && (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4">
          {files.map((file, index) => (
            <Thumbnail
              key={`${file.name}-${file.size}-${file.lastModified}-${index}`}
              file={file}
              removeLabel={t`Remove ${file.name}`}
              isDisabled={isDisabled}
              onRemove={() => onChange(files.filter((_, i) => i !== index))}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The picker's status line for a form that needs a minimum number of images:
 * the count, then how many more are needed or that the choice is accepted.
 * The texts come from the form, already translated.
 */
export function ImageCountStatus({
  needed,
  count,
  stillNeeded,
  accepted,
  testId,
}: {
  needed: number;
  count: ReactNode;
  stillNeeded: ReactNode;
  accepted: ReactNode;
  /** Names the warning and the accepted line (`${testId}-warning`, `${testId}-accepted`). */
  testId?: string;
}) {
  return (
    <>
      <span className="text-slate-800">{count}</span>
      <Separator />
      {needed > 0 ? (
        <span className="text-amber-800" data-testid={testId && `${testId}-warning`}>
          {stillNeeded}
        </span>
      ) : (
        <span className="text-green-800" data-testid={testId && `${testId}-accepted`}>
          {accepted}
        </span>
      )}
    </>
  );
}

function Thumbnail({
  file,
  removeLabel,
  isDisabled,
  onRemove,
}: {
  file: File;
  removeLabel: string;
  isDisabled: boolean;
  onRemove: () => void;
}) {
  // An object URL per thumbnail, made and revoked with its <img> (the CSP allows blob: images).
  const showFile = useCallback(
    (img: HTMLImageElement | null) => {
      if (!img) return;
      const url = URL.createObjectURL(file);
      img.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [file],
  );

  return (
    <li className="relative aspect-square overflow-hidden rounded-xl bg-sand-100 ring-1 ring-sand-200">
      <img ref={showFile} alt={file.name} className="size-full object-cover" />
      <AriaButton
        aria-label={removeLabel}
        isDisabled={isDisabled}
        onPress={onRemove}
        className="absolute end-1 top-1 inline-flex size-9 cursor-pointer items-center justify-center rounded-full bg-white/95 text-red-800 shadow outline-none data-[hovered]:bg-red-50 data-[focus-visible]:outline-3 data-[focus-visible]:outline-gold-700 data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50"
      >
        <CloseIcon className="size-4" />
      </AriaButton>
    </li>
  );
}
