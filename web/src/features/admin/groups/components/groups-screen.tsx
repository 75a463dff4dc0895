import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'react-aria-components';
import type { GroupListItem } from '@shared/group-schemas';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { AdminTable, type AdminTableColumn } from '@/components/admin/admin-table';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage } from '@/lib/api-client';
import { formatCount, formatDate } from '@/lib/format';
import { useNavigate } from '@/lib/router';
import { useGroupList } from '../api/groups';
import { GroupBlockDialog } from './group-block-dialog';
import { STATE_CLASSES, stateOf, stateWords } from './group-words';

const linkClass =
  'font-semibold text-teal-800 underline underline-offset-4 outline-none data-[focus-visible]:outline-3 data-[focus-visible]:outline-gold-700';

/**
 * /admin/groups (managers): the group blocks, newest first: name, company, nights, state and the
 * room nights held and picked up; a new block opens the block dialog, a name its screen.
 */
export function GroupsScreen() {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const list = useGroupList();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const blocks = list.data?.pages.flatMap((page) => page.groups) ?? [];
  const columns: AdminTableColumn<GroupListItem>[] = [
    {
      id: 'name',
      header: <Trans>Group</Trans>,
      isRowHeader: true,
      cell: (g) => (
        <Link href={`/admin/groups/${g.id}`} className={linkClass} data-testid="group-link">
          {g.name}
        </Link>
      ),
    },
    { id: 'company', header: <Trans>Company</Trans>, cell: (g) => g.companyName ?? '—' },
    {
      id: 'dates',
      header: <Trans>Nights</Trans>,
      cell: (g) =>
        g.firstNight && g.lastNight ? (
          <span className="whitespace-nowrap">
            {formatDate(g.firstNight, language)} – {formatDate(g.lastNight, language)}
          </span>
        ) : (
          '—'
        ),
    },
    {
      id: 'state',
      header: <Trans>Status</Trans>,
      cell: (g) => (
        <span
          className={`rounded-full px-2.5 py-0.5 text-sm font-semibold whitespace-nowrap ${STATE_CLASSES[stateOf(g)]}`}
          data-testid="group-state"
        >
          {stateWords(i18n, g)}
        </span>
      ),
    },
    {
      id: 'rooms',
      header: <Trans>Room nights held / picked up</Trans>,
      align: 'end',
      cell: (g) => (
        <span data-testid="group-totals" className="tabular-nums">
          {formatCount(g.held, language)} / {formatCount(g.pickedUp, language)}
        </span>
      ),
    },
  ];
  return (
    <main className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8" data-testid="groups-screen">
      <AdminPageHeader
        title={<Trans>Groups and blocks</Trans>}
        subtitle={
          <Trans>Rooms held for a delegation, a wedding or a tour, and the guests booked in them.</Trans>
        }
        actions={
          <Button onPress={() => setCreating(true)} data-testid="group-new">
            <Trans>New block</Trans>
          </Button>
        }
      />
      {list.isPending ? (
        <p role="status" className="text-slate-700">
          <Trans>Loading the groups…</Trans>
        </p>
      ) : list.isError ? (
        <LoadError onRetry={() => void list.refetch()}>
          {errorMessage(list.error, t`The groups could not be loaded.`)}
        </LoadError>
      ) : blocks.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-sand-200 p-6 text-center text-slate-700">
          <Trans>No group blocks yet.</Trans>
        </p>
      ) : (
        <AdminTable
          look="card"
          columns={columns}
          rows={blocks}
          rowKey={(g) => g.id}
          rowProps={(g) => ({ 'data-testid': 'group-row', 'data-group-id': String(g.id) })}
          caption={<Trans>Group blocks</Trans>}
          region={{ label: t`Group blocks` }}
          className="min-w-[40rem]"
        />
      )}
      {list.hasNextPage ? (
        <Button
          variant="secondary"
          className="self-center"
          isPending={list.isFetchingNextPage}
          onPress={() => void list.fetchNextPage()}
          data-testid="groups-more"
        >
          <Trans>Show earlier blocks</Trans>
        </Button>
      ) : null}
      {creating ? (
        <GroupBlockDialog
          onClose={() => setCreating(false)}
          onSaved={(id) => {
            setCreating(false);
            navigate(`/admin/groups/${id}`);
          }}
        />
      ) : null}
    </main>
  );
}
