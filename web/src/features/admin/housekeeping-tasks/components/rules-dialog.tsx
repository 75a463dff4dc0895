import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { HousekeepingSettings } from '@shared/housekeeping-tasks';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { NumberField } from '@/components/ui/number-field';
import { Switch } from '@/components/ui/switch';
import { showToast } from '@/components/ui/toast-queue';
import { errorMessage, fieldErrorsOf } from '@/lib/api-client';
import { useHousekeepingSettings, useSaveHousekeepingSettings } from '../api/tasks';

/**
 * The hotel's housekeeping rules (a lazy chunk; managers): how often a stay-over is tidied, whether
 * rooms are turned down, and what each kind of task counts for when the board balances the rooms.
 * The next days' tasks follow them; days already made keep theirs.
 */
export default function RulesDialog({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  const settings = useHousekeepingSettings();
  return (
    <Modal
      isOpen
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={<Trans>Housekeeping rules</Trans>}
      size="sm"
    >
      {settings.data ? (
        <RulesForm initial={settings.data} onClose={onClose} />
      ) : (
        <p role="status" className="text-slate-700">
          {settings.isError ? t`The rules could not be loaded.` : t`Loading…`}
        </p>
      )}
    </Modal>
  );
}

function RulesForm({ initial, onClose }: { initial: HousekeepingSettings; onClose: () => void }) {
  const { t } = useLingui();
  const save = useSaveHousekeepingSettings();
  const [rules, setRules] = useState(initial);
  const errors = fieldErrorsOf(save.error);
  const number = (key: Exclude<keyof HousekeepingSettings, 'turndown'>, label: string, max: number) => (
    <NumberField
      label={label}
      minValue={0}
      maxValue={max}
      value={rules[key]}
      onChange={(value) => setRules((r) => ({ ...r, [key]: Number.isFinite(value) ? value : 0 }))}
      isInvalid={Boolean(errors[key])}
      errorMessage={errors[key]}
      decrementLabel={t`Fewer`}
      incrementLabel={t`More`}
    />
  );
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(rules, {
          onSuccess: (answer) => {
            showToast({ variant: 'success', title: answer.message });
            onClose();
          },
          onError: (error) =>
            showToast({
              variant: 'error',
              title: t`The rules were not saved`,
              description: errorMessage(error, t`Check your connection and try again.`),
            }),
        });
      }}
    >
      {number('stayOverEveryNights', t`Tidy a stay-over every … nights (0: never)`, 14)}
      <Switch isSelected={rules.turndown} onChange={(turndown) => setRules((r) => ({ ...r, turndown }))}>
        <Trans>Turn down occupied rooms in the evening</Trans>
      </Switch>
      {number('departureCredits', t`Credits of a departure clean`, 20)}
      {number('stayOverCredits', t`Credits of a stay-over tidy`, 20)}
      {number('turndownCredits', t`Credits of a turndown`, 20)}
      {number('inspectionCredits', t`Credits of an inspection`, 20)}
      <Button type="submit" isDisabled={save.isPending}>
        <Trans>Save the rules</Trans>
      </Button>
    </form>
  );
}
