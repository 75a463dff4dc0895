import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { Form } from 'react-aria-components';
import { EVENT_RULES } from '@shared/constants';
import { PhoneField } from '@/components/guest-fields';
import { OutboxList } from '@/components/outbox/outbox-list';
import { PhoneVerification } from '@/components/phone-verification/phone-verification';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { useFixToast, useOutcomeToast } from '../lib/entry-messages';
import { useEntryPhone, useImageCount } from '../lib/use-entry-fields';
import { useEventEntry } from '../lib/use-event-entry';
import { ImageCountStatus, ImagePicker } from './image-picker';
import { useLanguage } from '@/hooks/use-language';
import { photosCount } from '@/lib/counts';

const MIN_PHOTOS = EVENT_RULES.photographyMinImages;

/**
 * The photography event (guest spec sections 2, 5, 7): 3 or more photos of
 * the stay and a phone number enter this month's draw. Photos accumulate
 * over several selections and can be removed one by one; below 3 a warning
 * says how many more, from 3 the choice is accepted.
 */
export function PhotographyModal({ onClose }: { onClose: () => void }) {
  return (
    <Modal
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={<Trans>Photography Event</Trans>}
      size="lg"
    >
      <PhotographyForm />
    </Modal>
  );
}

function PhotographyForm() {
  const { t } = useLingui();
  const minPhotos = photosCount(MIN_PHOTOS, useLanguage());
  const [files, setFiles] = useState<File[]>([]);
  const phone = useEntryPhone();
  const fixKey = `${phone.trimmed}|${files.length}`;
  const toastFor = useOutcomeToast(fixKey);
  const showFix = useFixToast(fixKey);
  const entry = useEventEntry('photography', (outcome) => {
    const done = toastFor(outcome, {
      sent: {
        title: t`Congratulations! Successfully Participated`,
        description: t`Your photos have been saved for review. We will notify you if you win.`,
      },
      failedTitle: t`Submission Error`,
    });
    if (done) {
      setFiles([]);
      phone.clear();
    }
  });
  const { needed, countText, neededText } = useImageCount(files.length, MIN_PHOTOS);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (entry.isPending) return;
    const phoneMissing = phone.isEmpty;
    if (needed > 0 || phoneMissing) {
      showFix({
        variant: 'error',
        title: t`Missing Information`,
        description:
          needed > 0 && phoneMissing
            ? plural(needed, {
                one: `Please select ${neededText} more photo and enter phone number`,
                other: `Please select ${neededText} more photos and enter phone number`,
              })
            : needed > 0
              ? plural(needed, {
                  one: `Please select ${neededText} more photo`,
                  other: `Please select ${neededText} more photos`,
                })
              : t`Please enter phone number`,
      });
      if (phoneMissing) phone.markMissing();
      return;
    }
    if (!phone.check()) return;
    void entry.submit({
      eventType: 'photography',
      participantPhone: phone.trimmed,
      images: { files, preset: 'photo' },
      entry: { kind: 'photography' },
    });
  }

  return (
    <div className="flex flex-col gap-5" data-testid="photography-modal">
      <p className="text-slate-700">
        <Trans>
          Share at least {minPhotos} you took at the hotel. Every month one entry wins free nights; the draw
          is at the end of the month.
        </Trans>
      </p>
      <Form onSubmit={submit} className="flex flex-col gap-5" validationBehavior="aria">
        <ImagePicker
          testId="photography-picker"
          files={files}
          onChange={setFiles}
          chooseLabel={t`Choose photos`}
          isDisabled={entry.isPending}
          status={
            <ImageCountStatus
              testId="photography"
              needed={needed}
              count={
                <Plural
                  value={files.length}
                  one={`${countText} photo chosen`}
                  other={`${countText} photos chosen`}
                />
              }
              stillNeeded={
                <Plural
                  value={needed}
                  one={`Please select ${neededText} more photo`}
                  other={`Please select ${neededText} more photos`}
                />
              }
              accepted={<Trans>Photos accepted</Trans>}
            />
          }
        />
        <PhoneField {...phone.field} />
        <Button type="submit" isPending={entry.isPending} className="w-full sm:w-auto sm:self-start sm:px-8">
          {entry.isPending ? <Trans>Sending…</Trans> : <Trans>Submit photos</Trans>}
        </Button>
      </Form>
      <OutboxList kind="photography" />
      {entry.verification ? <PhoneVerification {...entry.verification} /> : null}
    </div>
  );
}
