import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { FileTrigger, Heading, Label, ProgressBar } from 'react-aria-components';
import { MEDIA_RULES } from '@shared/media-schemas';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { showToast } from '@/components/ui/toast-queue';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { formatPercent } from '@/lib/format-figures';
import { srcSetOf } from '@/lib/photos';
import { useOnline } from '@/lib/use-online';
import { useDeletePhoto } from '@/entities/admin/media/delete-photo';
import { type AdminPhoto, usePhotos } from '@/entities/admin/media/get-photos';
import type { PhotoManagerProps } from '@/entities/admin/media/photo-manager-slot';
import { useReorderPhotos } from '@/entities/admin/media/reorder-photos';
import { useUpdatePhotoAlt } from '@/entities/admin/media/update-photo-alt';
import { useUploadPhoto } from '@/entities/admin/media/upload-photo';
import { encodePhoto, PhotoPrepareError } from '@/entities/admin/media/encode-photo';
import { warmAvifEncoder } from '@/entities/admin/media/encode-avif';
import { photosCount } from '@/lib/counts';

type Job = { id: string; name: string; stage: 'preparing' | 'uploading'; fraction: number };
type Problem = { id: string; name: string; text: string };

/**
 * The photos of one room tier, offer, menu or service gallery (staff). Photos
 * are encoded on the device in a few widths (lib/encode-photo.ts) and uploaded with a
 * progress bar; each has its alt text in both languages, moves earlier or later with
 * buttons, and is deleted after a confirmation. A lazy chunk of the admin screens.
 */
export function PhotoManager({ owner, title, showHint = true }: PhotoManagerProps) {
  const { t } = useLingui();
  const language = useLanguage();
  const online = useOnline();
  const photos = usePhotos(owner);
  const upload = useUploadPhoto();
  const reorder = useReorderPhotos(owner);
  const [jobs, setJobs] = useState<Job[]>([]);
  const [problems, setProblems] = useState<Problem[]>([]);
  const list = photos.data ?? [];
  const max = MEDIA_RULES.maxPhotosPerOwner;
  const full = list.length + jobs.length >= max;
  const testId = `photos-${owner.ownerKind}-${owner.ownerId}`;

  const prepareError = (error: unknown) => {
    if (error instanceof PhotoPrepareError) {
      if (error.reason === 'not_image')
        return t`This file is not a photo. Choose a JPEG, PNG, WebP or HEIC image.`;
      if (error.reason === 'too_big') return t`This photo is too big. Choose one under 40 MB.`;
      return t`This photo could not be read on this device. Try a JPEG or PNG copy.`;
    }
    return errorMessage(error, t`The photo was not uploaded. Check your connection and try again.`);
  };

  async function add(files: File[]) {
    setProblems([]);
    const room = max - list.length - jobs.length;
    const accepted = files.slice(0, Math.max(0, room));
    if (files.length > accepted.length) {
      setProblems([
        {
          id: crypto.randomUUID(),
          name: '',
          text: t`At most ${photosCount(max, language)} each: ${photosCount(files.length - accepted.length, language)} not added.`,
        },
      ]);
    }
    const queued: Job[] = accepted.map((f) => ({
      id: crypto.randomUUID(),
      name: f.name,
      stage: 'preparing',
      fraction: 0,
    }));
    setJobs((j) => [...j, ...queued]);
    const update = (id: string, change: Partial<Job>) =>
      setJobs((all) => all.map((j) => (j.id === id ? { ...j, ...change } : j)));
    // One at a time: a phone on hotel Wi-Fi uploads faster in a line than all at once.
    for (const [i, file] of accepted.entries()) {
      const job = queued[i]!;
      try {
        const photo = await encodePhoto(file);
        update(job.id, { stage: 'uploading' });
        await upload.mutateAsync({
          owner,
          photo,
          alt: { altAr: '', altEn: '' },
          onProgress: (fraction) => update(job.id, { fraction }),
        });
      } catch (error) {
        setProblems((p) => [...p, { id: job.id, name: file.name, text: prepareError(error) }]);
      } finally {
        setJobs((all) => all.filter((j) => j.id !== job.id));
      }
    }
    if (accepted.length > 0) showToast({ variant: 'success', title: t`Photos updated` });
  }

  const move = (index: number, step: -1 | 1) => {
    const ids = list.map((p) => p.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + step, 0, moved!);
    reorder.mutate(
      { owner, ids },
      {
        onError: (error) =>
          showToast({
            variant: 'error',
            title: t`The order was not saved`,
            description: errorMessage(error, t`Please try again.`),
          }),
      },
    );
  };

  return (
    <section
      className="flex flex-col gap-3 rounded-2xl border border-sand-200 bg-sand-50 p-4"
      data-testid={testId}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Heading level={3} className="font-bold text-teal-800">
          {title}{' '}
          <span className="text-sm font-normal text-slate-700">
            ({formatCount(list.length, language)} / {formatCount(max, language)})
          </span>
        </Heading>
        <FileTrigger
          acceptedFileTypes={['image/*']}
          allowsMultiple
          onSelect={(files) => {
            if (files) void add(Array.from(files));
          }}
        >
          <Button
            variant="secondary"
            className="px-3 py-2 text-sm"
            isDisabled={!online || full}
            onPressStart={warmAvifEncoder}
          >
            <Trans>Add photos</Trans>
          </Button>
        </FileTrigger>
      </div>
      {showHint ? <PhotoHint /> : null}
      {jobs.map((job) => (
        <ProgressBar
          key={job.id}
          value={job.stage === 'preparing' ? undefined : job.fraction * 100}
          isIndeterminate={job.stage === 'preparing'}
          aria-label={job.stage === 'preparing' ? t`Preparing ${job.name}` : t`Uploading ${job.name}`}
          className="flex flex-col gap-1"
          data-testid="photo-upload-progress"
        >
          {({ percentage }) => (
            <>
              <div className="flex justify-between gap-2 text-sm text-slate-800">
                <Label className="truncate">
                  {job.stage === 'preparing' ? (
                    <Trans>Preparing {job.name}</Trans>
                  ) : (
                    <Trans>Uploading {job.name}</Trans>
                  )}
                </Label>
                {job.stage === 'uploading' ? (
                  <span>{formatPercent((percentage ?? 0) / 100, language)}</span>
                ) : null}
              </div>
              <div className="h-2 overflow-hidden rounded-full bg-sand-200">
                <div
                  className={`h-full rounded-full bg-teal-700 ${job.stage === 'preparing' ? 'w-1/3 animate-pulse' : ''}`}
                  style={job.stage === 'uploading' ? { width: `${percentage ?? 0}%` } : undefined}
                />
              </div>
            </>
          )}
        </ProgressBar>
      ))}
      {problems.length > 0 ? (
        <ul
          role="alert"
          className="flex flex-col gap-1 rounded-xl bg-red-50 p-3 text-sm font-medium text-red-800"
        >
          {problems.map((p) => (
            <li key={p.id}>
              {p.name ? (
                <span dir="auto" className="font-semibold">
                  {p.name}:{' '}
                </span>
              ) : null}
              {p.text}
            </li>
          ))}
        </ul>
      ) : null}
      {photos.isPending ? (
        <p role="status" className="text-sm text-slate-700">
          <Trans>Loading photos…</Trans>
        </p>
      ) : photos.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {errorMessage(photos.error, t`The photos could not be loaded.`)}
        </p>
      ) : list.length === 0 ? (
        <p className="text-sm text-slate-700">
          <Trans>No photos yet: guests see the hotel's placeholder pictures.</Trans>
        </p>
      ) : (
        <ol className="flex flex-col gap-3">
          {list.map((photo, index) => (
            <PhotoRow
              key={photo.id}
              photo={photo}
              index={index}
              total={list.length}
              online={online}
              moving={reorder.isPending}
              onMove={(step) => move(index, step)}
            />
          ))}
        </ol>
      )}
    </section>
  );
}

/** How photos are handled, said once per screen. */
function PhotoHint() {
  return (
    <p className="text-sm text-slate-700">
      <Trans>
        Photos are resized on this device before they are sent. Describe each one in both languages for guests
        who cannot see it.
      </Trans>
    </p>
  );
}

function PhotoRow({
  photo,
  index,
  total,
  online,
  moving,
  onMove,
}: {
  photo: AdminPhoto;
  index: number;
  total: number;
  online: boolean;
  moving: boolean;
  onMove: (step: -1 | 1) => void;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const saveAlt = useUpdatePhotoAlt();
  const remove = useDeletePhoto();
  const [altAr, setAltAr] = useState(photo.altAr);
  const [altEn, setAltEn] = useState(photo.altEn);
  const [confirming, setConfirming] = useState(false);
  const n = formatCount(index + 1, language);
  const changed = altAr !== photo.altAr || altEn !== photo.altEn;
  const tooLong = (v: string) =>
    v.trim().length > MEDIA_RULES.altMax ? t`This text is too long` : undefined;
  const busy = !online || saveAlt.isPending || remove.isPending;

  return (
    <li
      className="grid gap-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-sand-200 sm:grid-cols-[10rem_1fr]"
      data-testid="admin-photo"
      aria-label={t`Photo ${n}`}
    >
      <img
        src={photo.sources[0]!.url}
        srcSet={srcSetOf(photo)}
        sizes="160px"
        alt={(language === 'ar' ? photo.altAr : photo.altEn) || t`Photo ${n}`}
        width={photo.width}
        height={photo.height}
        loading="lazy"
        decoding="async"
        className="aspect-[4/3] h-auto w-full rounded-lg bg-sand-100 object-cover"
      />
      <div className="flex min-w-0 flex-col gap-2">
        <div className="grid gap-2 md:grid-cols-2">
          <TextField
            label={t`Description (Arabic)`}
            inputDir="rtl"
            value={altAr}
            onChange={setAltAr}
            isInvalid={!!tooLong(altAr)}
            errorMessage={tooLong(altAr)}
          />
          <TextField
            label={t`Description (English)`}
            inputDir="ltr"
            value={altEn}
            onChange={setAltEn}
            isInvalid={!!tooLong(altEn)}
            errorMessage={tooLong(altEn)}
          />
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="secondary"
            className="px-3 py-2 text-sm"
            isDisabled={busy || !changed || !!tooLong(altAr) || !!tooLong(altEn)}
            isPending={saveAlt.isPending}
            onPress={() =>
              saveAlt.mutate(
                { id: photo.id, body: { altAr, altEn } },
                {
                  onSuccess: (r) => showToast({ variant: 'success', title: r.message }),
                  onError: (error) =>
                    showToast({
                      variant: 'error',
                      title: t`The description was not saved`,
                      description: errorMessage(error, t`Please try again.`),
                    }),
                },
              )
            }
          >
            <Trans>Save description</Trans>
          </Button>
          <Button
            variant="secondary"
            className="px-3 py-2 text-sm"
            aria-label={t`Move photo ${n} earlier`}
            isDisabled={busy || moving || index === 0}
            onPress={() => onMove(-1)}
          >
            <Trans>Earlier</Trans>
          </Button>
          <Button
            variant="secondary"
            className="px-3 py-2 text-sm"
            aria-label={t`Move photo ${n} later`}
            isDisabled={busy || moving || index === total - 1}
            onPress={() => onMove(1)}
          >
            <Trans>Later</Trans>
          </Button>
          {confirming ? (
            <span
              className="flex flex-wrap items-center gap-2"
              role="group"
              aria-label={t`Delete photo ${n}?`}
            >
              <span className="text-sm font-semibold text-red-800">
                <Trans>Delete this photo?</Trans>
              </span>
              <Button
                variant="danger"
                className="px-3 py-2 text-sm"
                isDisabled={busy}
                isPending={remove.isPending}
                onPress={() =>
                  remove.mutate(photo.id, {
                    onSuccess: (r) => showToast({ variant: 'success', title: r.message }),
                    onError: (error) =>
                      showToast({
                        variant: 'error',
                        title: t`The photo was not deleted`,
                        description: errorMessage(error, t`Please try again.`),
                      }),
                  })
                }
              >
                <Trans>Yes, delete</Trans>
              </Button>
              <Button variant="secondary" className="px-3 py-2 text-sm" onPress={() => setConfirming(false)}>
                <Trans>Keep</Trans>
              </Button>
            </span>
          ) : (
            <Button
              variant="secondary"
              className="px-3 py-2 text-sm"
              aria-label={t`Delete photo ${n}`}
              isDisabled={busy}
              onPress={() => setConfirming(true)}
            >
              <Trans>Delete</Trans>
            </Button>
          )}
        </div>
      </div>
    </li>
  );
}
