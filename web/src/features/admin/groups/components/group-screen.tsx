import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import type { GroupDetail } from '@shared/group-schemas';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Tab, TabList, TabPanel, Tabs } from '@/components/ui/tabs';
import { showToast } from '@/components/ui/toast-queue';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage } from '@/lib/api-client';
import { formatCount, formatDate } from '@/lib/format';
import { useParams } from '@/lib/router';
import { useGroupAction, useGroupDetail } from '../api/groups';
import { ConfirmDialog } from './confirm-dialog';
import { GroupBlockDialog } from './group-block-dialog';
import { GroupFolioPanel } from './group-folio';
import { BILLING_LABELS, STATE_CLASSES, stateOf, stateWords } from './group-words';
import { MembersList, NightsGrid } from './nights-grid';
import { RoomingListEntry } from './rooming-list';

const sectionClass = 'flex flex-col gap-3 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm sm:p-5';

/**
 * /admin/groups/:id (managers): a block: its terms, each night's rooms held and picked up per
 * type, its guests, the rooming list that books more of them, releasing the rest or cancelling
 * the block (each asked first), and with master billing the group's folio.
 */
export function GroupScreen() {
  return <GroupView id={Number(useParams<{ id: string }>().id)} />;
}

/** The block `id`'s screen (its route's parameter). */
export function GroupView({ id }: { id: number }) {
  const { t } = useLingui();
  const detail = useGroupDetail(id);
  return (
    <main className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8" data-testid="group-screen">
      {detail.isPending ? (
        <p role="status" className="text-slate-700">
          <Trans>Loading the block…</Trans>
        </p>
      ) : detail.isError ? (
        <>
          <AdminPageHeader title={<Trans>Group block</Trans>} backHref="/admin/groups" />
          <LoadError onRetry={() => void detail.refetch()}>
            {errorMessage(detail.error, t`The block could not be loaded.`)}
          </LoadError>
        </>
      ) : (
        <Block detail={detail.data} />
      )}
    </main>
  );
}

function Fact({ label, children, testId }: { label: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <div className="flex flex-col gap-0.5 rounded-xl bg-sand-50 p-3">
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="font-semibold text-slate-900" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

function Block({ detail }: { detail: GroupDetail }) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const { group, nights, members } = detail;
  const act = useGroupAction(group.id);
  const [editing, setEditing] = useState(false);
  const [asking, setAsking] = useState<'release' | 'cancel' | null>(null);
  const state = stateOf(group);
  const open = state === 'tentative' || state === 'definite';
  const held = nights.reduce((sum, n) => sum + n.held, 0);
  const picked = nights.reduce((sum, n) => sum + n.pickedUp, 0);
  const blockTypes = [...new Set(nights.filter((n) => n.held > 0).map((n) => n.roomType))];
  const run = (action: 'release' | 'cancel') =>
    act.mutate(action, {
      onSuccess: (saved) => {
        setAsking(null);
        showToast({
          variant: 'success',
          title:
            saved.message ?? (action === 'release' ? t`The block is released` : t`The block is cancelled`),
        });
      },
      onError: (error) => {
        setAsking(null);
        showToast({
          variant: 'error',
          title: action === 'release' ? t`The block was not released` : t`The block was not cancelled`,
          description: errorMessage(error, t`Please try again.`),
        });
      },
    });
  const nightsPanel = (
    <div className="flex flex-col gap-6">
      <section className={sectionClass} aria-labelledby="group-nights-heading">
        <h2 id="group-nights-heading" className="text-xl font-bold text-teal-800">
          <Trans>Held and picked up, night by night</Trans>
        </h2>
        <NightsGrid nights={nights} />
      </section>
      <section className={sectionClass} aria-labelledby="group-members-heading">
        <h2 id="group-members-heading" className="text-xl font-bold text-teal-800">
          <Trans>Guests in the block ({formatCount(members.length, language)})</Trans>
        </h2>
        <MembersList members={members} />
      </section>
    </div>
  );
  return (
    <>
      <AdminPageHeader
        title={<bdi>{group.name}</bdi>}
        subtitle={group.companyName ?? <Trans>No company</Trans>}
        backHref="/admin/groups"
        actions={
          open ? (
            <>
              <Button variant="secondary" onPress={() => setEditing(true)} data-testid="group-edit">
                <Trans>Change</Trans>
              </Button>
              <Button variant="secondary" onPress={() => setAsking('release')} data-testid="group-release">
                <Trans>Release now</Trans>
              </Button>
              <Button variant="danger" onPress={() => setAsking('cancel')} data-testid="group-cancel">
                <Trans>Cancel the block</Trans>
              </Button>
            </>
          ) : null
        }
      />
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Fact label={<Trans>Status</Trans>}>
          <span
            className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${STATE_CLASSES[state]}`}
            data-testid="group-state"
          >
            {stateWords(i18n, group)}
          </span>
        </Fact>
        <Fact label={<Trans>Release date</Trans>}>{formatDate(group.releaseDate, language)}</Fact>
        <Fact label={<Trans>Room nights held / picked up</Trans>} testId="group-totals">
          {formatCount(held, language)} / {formatCount(picked, language)}
        </Fact>
        <Fact label={<Trans>Billing</Trans>}>{i18n._(BILLING_LABELS[group.billing])}</Fact>
      </dl>
      <Tabs>
        <TabList aria-label={t`The block`}>
          <Tab id="nights">
            <Trans>Nights and guests</Trans>
          </Tab>
          {open ? (
            <Tab id="rooming">
              <Trans>Rooming list</Trans>
            </Tab>
          ) : null}
          {group.billing === 'master' ? (
            <Tab id="folio">
              <Trans>Group folio</Trans>
            </Tab>
          ) : null}
        </TabList>
        <TabPanel id="nights">{nightsPanel}</TabPanel>
        {open ? (
          <TabPanel id="rooming" className={sectionClass}>
            <RoomingListEntry groupId={group.id} blockTypes={blockTypes} />
          </TabPanel>
        ) : null}
        {group.billing === 'master' ? (
          <TabPanel id="folio" className={sectionClass}>
            <GroupFolioPanel groupId={group.id} companyName={group.companyName} />
          </TabPanel>
        ) : null}
      </Tabs>
      {editing ? (
        <GroupBlockDialog
          detail={detail}
          onClose={() => setEditing(false)}
          onSaved={() => setEditing(false)}
        />
      ) : null}
      {asking ? (
        <ConfirmDialog
          title={
            asking === 'release' ? <Trans>Release the block now?</Trans> : <Trans>Cancel the block?</Trans>
          }
          confirmLabel={asking === 'release' ? <Trans>Release it</Trans> : <Trans>Cancel the block</Trans>}
          danger={asking === 'cancel'}
          isPending={act.isPending}
          onConfirm={() => run(asking)}
          onClose={() => setAsking(null)}
        >
          {asking === 'release' ? (
            <Trans>
              The rooms not picked up go back on sale at once, before the release date. The guests already
              booked keep their rooms.
            </Trans>
          ) : (
            <Trans>
              Every room held goes back on sale and the guests of the block not yet in house are cancelled.
              This cannot be undone.
            </Trans>
          )}
        </ConfirmDialog>
      ) : null}
    </>
  );
}
