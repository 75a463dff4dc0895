import { Trans, useLingui } from '@lingui/react/macro';
import { errorMessage } from '@/lib/api-client';
import { formatCount, formatDateTime } from '@/lib/format';
import { useEventNotifications } from '../api/get-event-notifications';
import { useLanguage } from '@/hooks/use-language';
import { LoadError } from '@/components/load-error';

/**
 * The panel's "Event notifications" tab (admin spec section 2): the newest
 * notification with title, message, date and phone, and "+N more".
 */
export function EventNotificationsPanel() {
  const { t } = useLingui();
  const language = useLanguage();
  const notifications = useEventNotifications();

  if (notifications.isPending) {
    return (
      <p role="status" className="text-slate-700">
        <Trans>Loading alerts...</Trans>
      </p>
    );
  }
  if (notifications.isError && !notifications.data) {
    return (
      <LoadError onRetry={() => void notifications.refetch()}>
        {errorMessage(notifications.error, t`The notifications could not be loaded.`)}
      </LoadError>
    );
  }
  const [first, ...rest] = notifications.data;
  if (!first) {
    return (
      <p className="rounded-2xl border border-dashed border-sand-200 bg-white p-6 text-center text-slate-700">
        <Trans>No New Alerts</Trans>
      </p>
    );
  }
  return (
    <article className="flex flex-col gap-2 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm">
      <h3 className="text-lg font-bold text-slate-900">{language === 'ar' ? first.titleAr : first.title}</h3>
      <p className="text-slate-800">{language === 'ar' ? first.messageAr : first.message}</p>
      <p className="flex flex-wrap gap-x-4 text-sm text-slate-600">
        <span>{formatDateTime(first.createdAt, language)}</span>
        <bdi dir="ltr">{first.userPhone}</bdi>
      </p>
      {rest.length > 0 ? (
        <p className="text-sm font-semibold text-teal-800">
          <Trans>+{formatCount(rest.length, language)} more</Trans>
        </p>
      ) : null}
    </article>
  );
}
