import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Tab, TabList, TabPanel, Tabs } from '@/components/ui/tabs';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { useVipBeneficiaries } from '../api/get-vip-beneficiaries';
import { BeneficiaryForm } from './beneficiary-form';
import { BeneficiaryItem } from './beneficiary-item';
import { type BenefitRequest, UseBenefitDialog } from './use-benefit-dialog';
import { matchesBeneficiary } from '../lib/vip-beneficiary-rules';
import { useLanguage } from '@/hooks/use-language';
import { LoadError } from '@/components/load-error';

type TabKey = 'add' | 'manage';

/**
 * /admin/vip: VIP card beneficiaries (admin spec "VIP Cards Management").
 * They live on the server, which sets the expiry, enforces the 24-hour coffee
 * rule and the allowances, and audits every change.
 */
export function VipCardsScreen() {
  const { t } = useLingui();
  const language = useLanguage();
  const list = useVipBeneficiaries();
  const [tab, setTab] = useState<TabKey>('add');
  const [query, setQuery] = useState('');
  const [expanded, setExpanded] = useState<number | null>(null);
  const [benefit, setBenefit] = useState<BenefitRequest | null>(null);
  const shown = (list.data ?? []).filter((b) => matchesBeneficiary(b, query));
  const count = list.data?.length;

  return (
    <main className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8">
      <AdminPageHeader
        title={<Trans>VIP card management</Trans>}
        subtitle={<Trans>Register card holders and record their free coffees and free nights.</Trans>}
      />
      <Tabs selectedKey={tab} onSelectionChange={(key) => setTab(key as TabKey)}>
        <TabList aria-label={t`VIP beneficiaries`}>
          <Tab id="add">
            <Trans>Add Beneficiary</Trans>
          </Tab>
          <Tab id="manage">
            <Trans>Manage Beneficiary</Trans>
            {count !== undefined ? (
              <span className="rounded-full bg-sand-100 px-2 py-0.5 text-xs text-teal-800">
                {formatCount(count, language)}
              </span>
            ) : null}
          </Tab>
        </TabList>
        <TabPanel id="add">
          <section className="flex flex-col gap-4 rounded-2xl border border-sand-200 bg-white p-5 shadow-sm">
            <h2 className="text-xl font-bold text-slate-900">
              <Trans>New beneficiary</Trans>
            </h2>
            <BeneficiaryForm
              idPrefix="vip-new"
              onSaved={(saved) => {
                // Spec: after adding, the form resets and the list opens.
                setQuery('');
                setExpanded(saved.id);
                setTab('manage');
              }}
            />
          </section>
        </TabPanel>
        <TabPanel id="manage" className="flex flex-col gap-4">
          <TextField
            label={t`Search beneficiaries`}
            description={t`By name, phone number or civil ID`}
            type="search"
            value={query}
            onChange={setQuery}
            className="max-w-md"
          />
          {list.isPending ? (
            <p role="status" className="text-slate-700">
              <Trans>Loading beneficiaries…</Trans>
            </p>
          ) : list.isError ? (
            <LoadError onRetry={() => void list.refetch()}>
              {errorMessage(list.error, t`The beneficiaries could not be loaded.`)}
            </LoadError>
          ) : list.data.length === 0 ? (
            <div className="flex flex-col items-start gap-3 rounded-2xl border border-dashed border-sand-200 bg-white p-6">
              <p className="text-slate-700">
                <Trans>No beneficiaries registered yet</Trans>
              </p>
              <Button variant="secondary" onPress={() => setTab('add')}>
                <Trans>Add Beneficiary</Trans>
              </Button>
            </div>
          ) : shown.length === 0 ? (
            <p className="text-slate-700">
              <Trans>No beneficiary matches this search.</Trans>
            </p>
          ) : (
            <ul className="flex flex-col gap-3">
              {shown.map((b) => (
                <BeneficiaryItem
                  key={b.id}
                  beneficiary={b}
                  isExpanded={expanded === b.id}
                  onExpandedChange={(open) => setExpanded(open ? b.id : null)}
                  onUse={(kind) => setBenefit({ beneficiary: b, kind })}
                />
              ))}
            </ul>
          )}
        </TabPanel>
      </Tabs>
      <UseBenefitDialog request={benefit} onClose={() => setBenefit(null)} />
    </main>
  );
}
