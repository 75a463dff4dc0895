import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Language } from '@shared/constants';
import { buttonClass } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { formatCount, formatDateTime } from '@/lib/format';
import { useStaffAlertWatch } from '@/entities/notifications/notifications';
import { useNewBookingAlert } from '@/entities/admin/bookings/new-booking-alert';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { type AdminTableColumn, AdminTable } from '@/components/admin/admin-table';
import { type AuditEntry, useAuditLog } from '../api/get-audit-log';
import { type AuditChange, auditChanges } from '../lib/audit-changes';
import { AS_TYPED, auditFieldName, auditValue, LONG_NUMBER } from '../lib/audit-words';
import { useAdminRoomTypes } from '@/entities/admin/room-types/get-admin-room-types';
import type { NamedRoomType } from '@/entities/admin/room-types/room-type-names';
import { useLanguage } from '@/hooks/use-language';
import { LoadError } from '@/components/load-error';

const ACTIONS: Record<string, MessageDescriptor> = {
  'booking.approved': msg`Booking approved`,
  'booking.confirmed': msg`Booking confirmed`,
  'booking.completed': msg`Booking completed`,
  'booking.cancelled': msg`Booking cancelled`,
  'booking.changed': msg`Booking changed by the guest`,
  'booking.delete': msg`Booking deleted`,
  'booking.expired': msg`Pending request expired`,
  'booking.check_in': msg`Guest checked in`,
  'booking.check_out': msg`Guest checked out`,
  'booking.undo_check_in': msg`Check-in undone`,
  'booking.undo_check_out': msg`Check-out undone`,
  'booking.reinstate': msg`Booking reinstated`,
  'inventory.rooms': msg`Room count changed`,
  'inventory.beds': msg`Bed count changed`,
  'inventory.smoking': msg`Smoking room count changed`,
  'staff.create': msg`Staff account created`,
  'staff.disable': msg`Staff account disabled`,
  'staff.enable': msg`Staff account enabled`,
  'staff.reset_password': msg`Staff password reset`,
  'staff.role': msg`Staff role changed`,
  'vip.add': msg`VIP card holder added`,
  'vip.edit': msg`VIP card holder edited`,
  'vip.use_coffee': msg`Free coffee given`,
  'vip.use_free_night': msg`Free night given`,
  'integrity.run': msg`Integrity check run`,
  'integrity.violations': msg`Integrity problems found`,
  'integrity.acknowledge': msg`Integrity report acknowledged`,
  approve: msg`Entry approved`,
  reject: msg`Entry rejected`,
  update: msg`Setting changed`,
  create: msg`Notification sent`,
  delete: msg`Deleted`,
  'offer.create': msg`Offer created`,
  'offer.update': msg`Offer edited`,
  'offer.activate': msg`Offer switched on`,
  'offer.deactivate': msg`Offer switched off`,
  'offer.reorder': msg`Offers reordered`,
  'service.update': msg`Nearby service edited`,
  'site_settings.update': msg`Site settings changed`,
  'chat_qa.create': msg`Assistant answer added`,
  'chat_qa.update': msg`Assistant answer edited`,
  'chat_qa.delete': msg`Assistant answer deleted`,
  'statistics.access_granted': msg`Statistics opened`,
  'statistics.access_denied': msg`Wrong statistics password`,
  'media.create': msg`Photo added`,
  'media.update': msg`Photo description edited`,
  'media.delete': msg`Photo deleted`,
  'media.reorder': msg`Photos reordered`,
  'rate_plan.created': msg`Rate plan created`,
  'rate_plan.updated': msg`Rate plan changed`,
  'rates.updated': msg`Prices and restrictions set`,
  'taxes.updated': msg`Taxes and supplier details saved`,
  'folio.charge': msg`Charge posted`,
  'folio.payment': msg`Payment recorded`,
  'folio.correction': msg`Charge corrected`,
  'folio.refund': msg`Refund recorded`,
  'invoice.issued': msg`Tax invoice issued`,
  'invoice.credited': msg`Credit note issued`,
  'day_close.close': msg`Day closed`,
  'chain_manager.grant': msg`Made a chain manager`,
  'chain_manager.revoke': msg`No longer a chain manager`,
  'city_ledger.create': msg`Company account opened`,
  'city_ledger.update': msg`Company account changed`,
  'city_ledger.payment': msg`Company's payment recorded`,
  'payment.received': msg`Online payment received`,
  'payment.received_again': msg`A second online payment for one checkout`,
  'payment.refund_requested': msg`Refund asked of the payment provider`,
  'payment.refund_succeeded': msg`Online refund made`,
  'room_type.create': msg`Room type added`,
  'room_type.update': msg`Room type changed`,
};

const ENTITIES: Record<string, MessageDescriptor> = {
  booking: msg`Booking`,
  room_inventory: msg`Rooms`,
  room_bed_inventory: msg`Beds`,
  room_smoking_inventory: msg`Smoking rooms`,
  user: msg`Account`,
  vip_beneficiary: msg`VIP card holder`,
  integrity_report: msg`Integrity report`,
  notification: msg`Notification`,
  event_setting: msg`Event`,
  photography_submission: msg`Photography entry`,
  google_review_submission: msg`Hotel rating entry`,
  review: msg`Guest review`,
  offer: msg`Offer`,
  service: msg`Nearby service`,
  site_settings: msg`Site settings`,
  chat_qa: msg`Assistant answer`,
  session: msg`Session`,
  media: msg`Photo`,
  rate_plan: msg`Rate plan`,
  taxes: msg`Taxes`,
  invoice: msg`Tax invoice`,
  day_close: msg`Day close`,
  city_ledger_account: msg`Company account`,
  chain_role: msg`Role of the chain`,
  payment: msg`Online payment`,
  room_type: msg`Room type`,
};

/** /admin/audit (admins): the latest staff actions, who, what, which record, before → after. */
export function AuditLogScreen() {
  const { t } = useLingui();
  const language = useLanguage();
  const log = useAuditLog();
  const columns = useAuditColumns(language);
  // A new booking request (or entry) rings while staff are here (the staff's alerts, polled).
  const alerts = useStaffAlertWatch();
  useNewBookingAlert(alerts.newest, alerts.fetchedAt);

  return (
    <main className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8">
      <AdminPageHeader
        title={<Trans>Audit log</Trans>}
        subtitle={<Trans>Every staff action, newest first: who, what, and the value before and after.</Trans>}
        actions={
          <a href="/api/admin/audit-log.csv" download className={buttonClass('secondary')}>
            <Trans>Export CSV</Trans>
          </a>
        }
      />
      {log.isPending ? (
        <p role="status" className="text-slate-700">
          <Trans>Loading the audit log…</Trans>
        </p>
      ) : log.isError && !log.data ? (
        <LoadError onRetry={() => void log.refetch()}>
          {errorMessage(log.error, t`The audit log could not be loaded.`)}
        </LoadError>
      ) : log.data.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-sand-200 bg-white p-6 text-center text-slate-700">
          <Trans>No staff action has been recorded yet.</Trans>
        </p>
      ) : (
        // A scroll region on a phone: reachable and scrollable from the keyboard too.
        <AdminTable
          look="card"
          region={{ label: t`Staff actions` }}
          className="min-w-[44rem] text-sm"
          caption={<Trans>The latest {formatCount(log.data.length, language)} staff actions</Trans>}
          columns={columns}
          rows={log.data}
          rowKey={(entry) => entry.id}
          rowProps={() => ({ 'data-testid': 'audit-row' })}
        />
      )}
    </main>
  );
}

/** The log's columns: when, who, what, which record, and each field before and after. */
function useAuditColumns(language: Language): AdminTableColumn<AuditEntry>[] {
  const { i18n } = useLingui();
  // Room types' codes in the log are named as the hotel names its types (retired ones too).
  const roomTypes = useAdminRoomTypes().data;
  const translate = (d: MessageDescriptor) => i18n._(d);
  return [
    {
      id: 'time',
      header: <Trans>Time</Trans>,
      className: 'whitespace-nowrap text-slate-700',
      cell: (entry) => formatDateTime(entry.createdAt, language),
    },
    {
      id: 'who',
      header: <Trans>Who</Trans>,
      cell: (entry) => (
        <bdi dir="ltr" className="whitespace-nowrap text-slate-900">
          {entry.actorEmail ?? '—'}
        </bdi>
      ),
    },
    {
      id: 'action',
      header: <Trans>Action</Trans>,
      className: 'font-semibold text-slate-900',
      cell: (entry) => {
        const action = ACTIONS[entry.action];
        return action ? translate(action) : entry.action;
      },
    },
    {
      id: 'record',
      header: <Trans>Record</Trans>,
      className: 'text-slate-800',
      cell: (entry) => {
        const entity = ENTITIES[entry.entityType];
        return (
          <>
            {entity ? translate(entity) : entry.entityType}
            {entry.entityId ? (
              <>
                {' '}
                <span className="text-slate-600">
                  {recordName(entry.entityId, i18n, language, roomTypes)}
                </span>
              </>
            ) : null}
          </>
        );
      },
    },
    {
      id: 'changes',
      header: <Trans>Before and after</Trans>,
      cell: (entry) => {
        const changes = auditChanges(entry.before, entry.after);
        return changes.length === 0 ? (
          <span className="text-slate-500">—</span>
        ) : (
          <ul className="flex flex-col gap-0.5">
            {changes.map((change) => (
              <ChangeLine
                key={change.field}
                change={change}
                entityType={entry.entityType}
                language={language}
                roomTypes={roomTypes}
              />
            ))}
          </ul>
        );
      },
    },
  ];
}

/** "<type>/single" → "<the type's name> · Single bed"; a booking id stays a number. */
function recordName(
  entityId: string,
  i18n: I18n,
  language: Language,
  roomTypes: readonly NamedRoomType[] | undefined,
): string {
  return entityId
    .split('/')
    .map((part) => auditValue(i18n, part, language, undefined, roomTypes))
    .join(' · ');
}

function ChangeLine({
  change,
  entityType,
  language,
  roomTypes,
}: {
  change: AuditChange;
  entityType: string;
  language: Language;
  roomTypes: readonly NamedRoomType[] | undefined;
}) {
  const { i18n } = useLingui();
  const asTyped =
    AS_TYPED.has(change.field) || [change.before, change.after].some((v) => LONG_NUMBER.test(v ?? ''));
  // A booking's own reference is shown as everywhere ("K7M-Q4PX"); another record's (a company's
  // payment) is the transfer's, as typed.
  const field = entityType === 'booking' && change.field === 'reference' ? 'bookingReference' : change.field;
  const value = (v: string | null) => auditValue(i18n, v, language, field, roomTypes);
  const arrow = language === 'ar' ? '←' : '→';
  return (
    <li className="text-xs text-slate-800">
      {change.field ? <span className="text-slate-600">{auditFieldName(i18n, change.field)}: </span> : null}
      <bdi className="text-red-800" dir={asTyped ? 'ltr' : undefined}>
        {value(change.before)}
      </bdi>{' '}
      {arrow}{' '}
      <bdi className="text-emerald-800" dir={asTyped ? 'ltr' : undefined}>
        {value(change.after)}
      </bdi>
    </li>
  );
}
