import { Trans } from '@lingui/react/macro';
import { Modal } from '@/components/ui/dialog';
import type { NotificationScope } from '@/entities/notifications/notifications';
import { useHideHeader } from '@/hooks/use-hide-header';
import { NotificationList } from './notification-list';

/**
 * The bell's panel (a lazy chunk of its own, notification-bell.tsx): the signed-in guest's
 * notifications, or for staff the alerts of new booking requests and entries.
 */
export default function NotificationsPanel({
  scope,
  onClose,
}: {
  scope: NotificationScope;
  onClose: () => void;
}) {
  return (
    <Modal
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={scope === 'staff' ? <Trans>Staff alerts</Trans> : <Trans>Notifications</Trans>}
      size="lg"
    >
      <PanelBody scope={scope} onOpened={onClose} />
    </Modal>
  );
}

function PanelBody({ scope, onOpened }: { scope: NotificationScope; onOpened: () => void }) {
  useHideHeader();
  // Opening an alert's screen closes the panel.
  return <NotificationList scope={scope} onOpened={onOpened} />;
}
