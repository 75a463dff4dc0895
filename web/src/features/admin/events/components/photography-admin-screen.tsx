import { Trans, useLingui } from '@lingui/react/macro';
import { ModerationScreen } from './moderation-screen';

/** /photography-admin: moderation of photography draw entries (admin spec sections 2, 4, 7, 8, 9). */
export function PhotographyAdminScreen() {
  const { t } = useLingui();
  return (
    <ModerationScreen
      kind="photography"
      eventType="photography"
      texts={{
        title: <Trans>Photography event management</Trans>,
        subtitle: (
          <Trans>Review the photos guests entered in this month's draw; refreshed every 30 seconds.</Trans>
        ),
        switchLabel: <Trans>Photography event open to guests</Trans>,
        listLabel: t`Photography entries`,
        imageCount: (count) => t`Photos: ${count}`,
        emptyList: <Trans>No photography entries yet.</Trans>,
        updateError: t`Error updating photo status`,
        images: {
          heading: <Trans>Photos</Trans>,
          alt: (n, total, phone) => t`Photo ${n} of ${total} from ${phone}`,
          title: (n, total) => t`Photo ${n} of ${total}`,
        },
      }}
    />
  );
}
