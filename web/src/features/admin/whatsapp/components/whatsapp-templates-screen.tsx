import { Trans, useLingui } from '@lingui/react/macro';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { AdminTable, type AdminTableColumn } from '@/components/admin/admin-table';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { showToast } from '@/components/ui/toast-queue';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage } from '@/lib/api-client';
import { formatCount, formatDateTime } from '@/lib/format';
import {
  type WhatsAppTemplates,
  useRefreshWhatsAppTemplates,
  useWhatsAppTemplates,
} from '../api/whatsapp-templates';

type Template = WhatsAppTemplates['templates'][number];

/** The approval badge's colours (Meta's statuses). */
const STATUS_CLASS: Record<string, string> = {
  APPROVED: 'bg-teal-50 text-teal-900 ring-teal-700',
  PENDING: 'bg-amber-50 text-amber-900 ring-amber-700',
};

/**
 * /admin/whatsapp (front desk, managers, admins): the hotel's WhatsApp message templates as
 * WhatsApp Manager holds them (name, language, category, body with its numbered fields), each with
 * its approval as last read from WhatsApp, and the button that reads them again. Only an approved
 * template reaches a guest outside the 24-hour window; the automatic messages use the ones named
 * for them.
 */
export function WhatsAppTemplatesScreen() {
  const { t } = useLingui();
  const language = useLanguage();
  const templates = useWhatsAppTemplates();
  const refresh = useRefreshWhatsAppTemplates();

  const statusLabel = (status: string) =>
    ({
      APPROVED: t`Approved`,
      PENDING: t`Awaiting approval`,
      REJECTED: t({ message: 'Rejected', context: 'whatsapp template' }),
      PAUSED: t`Paused`,
      DISABLED: t`Disabled`,
      DELETED: t`Deleted`,
    })[status] ?? status;
  const purposeLabel = (purpose: string | null) =>
    purpose === null
      ? t`Sent by staff`
      : ((
          {
            confirmation: t`Booking confirmation`,
            pre_arrival: t`Before arrival (online check-in)`,
            deposit: t`Deposit payment link`,
            invoice: t`Invoice after check-out`,
            review_request: t`Review request`,
            extras_offer: t`Extras before arrival`,
          } as Record<string, string>
        )[purpose] ?? purpose);

  const columns: AdminTableColumn<Template>[] = [
    {
      id: 'name',
      header: <Trans>Template</Trans>,
      isRowHeader: true,
      cell: (row) => (
        <span className="flex flex-col">
          <span dir="ltr" className="font-mono text-sm">
            {row.name}
          </span>
          <span className="text-sm text-slate-700">{purposeLabel(row.purpose)}</span>
        </span>
      ),
    },
    {
      id: 'language',
      header: <Trans>Language</Trans>,
      // A template authored in en_GB or en_US is English; its region's code beside it.
      cell: (row) => (
        <>
          {row.appLanguage === 'ar' ? t`Arabic` : t`English`}
          {row.language.includes('_') && (
            <span dir="ltr" className="ms-1 text-slate-600">
              ({row.language})
            </span>
          )}
        </>
      ),
    },
    {
      id: 'body',
      header: <Trans>Text</Trans>,
      cell: (row) => (
        <span
          dir={row.appLanguage === 'ar' ? 'rtl' : 'ltr'}
          lang={row.appLanguage ?? undefined}
          className="block max-w-md"
        >
          {row.body}
        </span>
      ),
    },
    {
      id: 'fields',
      header: <Trans>Fields</Trans>,
      align: 'end',
      cell: (row) => formatCount(row.parameterCount, language),
    },
    {
      id: 'status',
      header: <Trans>Approval</Trans>,
      cell: (row) => (
        <span
          className={`inline-block rounded-full px-2 py-0.5 text-sm whitespace-nowrap ring-1 ${STATUS_CLASS[row.status] ?? 'bg-red-50 text-red-900 ring-red-700'}`}
        >
          {statusLabel(row.status)}
        </span>
      ),
    },
  ];

  const refreshedAt = templates.data?.templates.reduce<number | null>((latest, row) => {
    const at = row.refreshedAt === null ? null : new Date(row.refreshedAt).getTime();
    return at !== null && (latest === null || at > latest) ? at : latest;
  }, null);

  return (
    <main className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8">
      <AdminPageHeader
        title={<Trans>WhatsApp templates</Trans>}
        subtitle={
          <Trans>
            More than 24 hours after a guest last wrote, WhatsApp lets the hotel send only these approved
            messages.
          </Trans>
        }
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="secondary"
          isPending={refresh.isPending}
          onPress={() =>
            refresh.mutate(undefined, {
              onSuccess: () => showToast({ variant: 'success', title: t`Approvals read from WhatsApp` }),
              onError: (err) =>
                showToast({
                  variant: 'error',
                  title: t`WhatsApp could not be reached`,
                  description: errorMessage(err, t`Please try again.`),
                }),
            })
          }
        >
          <Trans>Read the approvals again</Trans>
        </Button>
        {refreshedAt ? (
          <p className="text-sm text-slate-700">
            <Trans>Last read: {formatDateTime(refreshedAt, language)}</Trans>
          </p>
        ) : null}
      </div>
      {templates.isPending ? (
        <p role="status" className="text-slate-700">
          <Trans>Loading the templates…</Trans>
        </p>
      ) : templates.isError ? (
        <LoadError onRetry={() => void templates.refetch()}>
          {errorMessage(templates.error, t`The templates could not be loaded.`)}
        </LoadError>
      ) : templates.data.templates.length === 0 ? (
        <p className="text-slate-700">
          <Trans>No templates yet: read them from WhatsApp.</Trans>
        </p>
      ) : (
        <AdminTable
          look="card"
          columns={columns}
          rows={templates.data.templates}
          rowKey={(row) => row.id}
          caption={t`WhatsApp templates`}
          region={{ label: t`WhatsApp templates` }}
          // Narrower than this (a phone), the table scrolls sideways rather than squeezing the texts.
          className="min-w-[46rem]"
        />
      )}
    </main>
  );
}
