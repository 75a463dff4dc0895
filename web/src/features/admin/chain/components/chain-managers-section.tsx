import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { type ChainManager, chainManagerSchema } from '@shared/chain-schemas';
import { hotelToday } from '@shared/dates';
import { EmailField } from '@/components/account-fields';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { showToast } from '@/components/ui/toast-queue';
import { useLanguage } from '@/hooks/use-language';
import { errorCode, errorMessage, fieldErrorsOf } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useFormFields } from '@/lib/use-form-fields';
import { useChainManagers, useGrantChainManager, useRevokeChainManager } from '../api/chain-managers';

/**
 * "Chain managers" (docs/decisions/103): who reads the chain's reports and guests besides the
 * deployment's admin. The deployment's admin (the server says so: `canGrant`) adds an account of
 * the chain by its e-mail and removes a manager after a confirmation; everyone else reads the list.
 */
export function ChainManagersSection() {
  const { t } = useLingui();
  const managers = useChainManagers();
  const [removing, setRemoving] = useState<ChainManager | null>(null);
  const canGrant = managers.data?.canGrant ?? false;
  return (
    <section
      className="flex flex-col gap-3"
      aria-labelledby="chain-managers-title"
      data-testid="chain-managers"
    >
      <h2 id="chain-managers-title" className="text-xl font-bold text-slate-900">
        <Trans>Chain managers</Trans>
      </h2>
      <p className="text-slate-700">
        <Trans>
          They read every hotel's reports and search the guests across the hotels. The deployment's
          administrator gives and takes the role.
        </Trans>
      </p>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        {managers.isPending ? (
          <p role="status" className="text-slate-700">
            <Trans>Loading the chain managers…</Trans>
          </p>
        ) : managers.isError ? (
          <LoadError onRetry={() => void managers.refetch()}>
            {errorMessage(managers.error, t`The chain managers could not be loaded.`)}
          </LoadError>
        ) : managers.data.managers.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-sand-300 p-4 text-slate-700">
            <Trans>No chain manager yet: only the deployment's administrator reads the chain.</Trans>
          </p>
        ) : (
          <ul className="flex flex-col gap-3" aria-label={t`Chain managers`}>
            {managers.data.managers.map((manager) => (
              <ManagerRow
                key={manager.email}
                manager={manager}
                onRemove={canGrant ? () => setRemoving(manager) : null}
              />
            ))}
          </ul>
        )}
        {canGrant ? <AddManagerForm /> : null}
      </div>
      <RemoveConfirmation manager={removing} onClose={() => setRemoving(null)} />
    </section>
  );
}

function ManagerRow({ manager, onRemove }: { manager: ChainManager; onRemove: (() => void) | null }) {
  const { t } = useLingui();
  const language = useLanguage();
  const since = formatDate(hotelToday(new Date(manager.since)), language);
  const name = manager.fullName ?? manager.email;
  return (
    <li
      className="flex flex-col gap-3 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between"
      data-testid="chain-manager"
      data-email={manager.email}
    >
      <div className="flex min-w-0 flex-col gap-1">
        <p className="font-bold text-slate-900">
          {manager.fullName ?? <Trans>No account of the chain has this address</Trans>}
        </p>
        <p className="truncate text-sm text-slate-700">
          <bdi dir="ltr">{manager.email}</bdi>
        </p>
        <p className="text-sm text-slate-600">
          <Trans>Chain manager since {since}</Trans>
        </p>
      </div>
      {onRemove ? (
        <Button
          variant="danger"
          className="shrink-0 px-3 py-2 text-sm"
          onPress={onRemove}
          aria-label={t`Remove ${name} from the chain managers`}
        >
          <Trans>Remove</Trans>
        </Button>
      ) : null}
    </li>
  );
}

function AddManagerForm() {
  const { t } = useLingui();
  const grant = useGrantChainManager();
  const { values, setValues, change, validate, refuse, message, formRef } = useFormFields({ email: '' });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = validate(chainManagerSchema);
    if (!data) return;
    grant.mutate(data.email, {
      onSuccess: (result) => {
        setValues({ email: '' });
        showToast({
          variant: 'success',
          title: result.changed ? t`Chain manager added` : t`Nothing to change`,
          description: result.message,
        });
      },
      onError: (error) => {
        const fields = fieldErrorsOf(error);
        // An e-mail the chain has no account of is the field's fault: said under it.
        if (errorCode(error) === 'account_not_in_chain') fields.email = errorMessage(error, '');
        refuse(fields);
        showToast({
          variant: 'error',
          title: t`The chain manager was not added`,
          description: errorMessage(error, t`Please try again.`),
        });
      },
    });
  }

  return (
    <section
      aria-labelledby="add-chain-manager-title"
      className="flex flex-col gap-4 rounded-2xl border border-sand-200 bg-white p-5 shadow-sm"
    >
      <h3 id="add-chain-manager-title" className="text-lg font-bold text-slate-900">
        <Trans>Add a chain manager</Trans>
      </h3>
      <form ref={formRef} noValidate onSubmit={submit} className="flex flex-col gap-4">
        <EmailField
          autoComplete="off"
          value={values.email}
          onChange={change('email')}
          error={message('email')}
          description={t`An account of the chain: the person has signed up at one of the hotels.`}
        />
        <Button type="submit" isPending={grant.isPending} className="w-full">
          <Trans>Add as chain manager</Trans>
        </Button>
      </form>
    </section>
  );
}

function RemoveConfirmation({ manager, onClose }: { manager: ChainManager | null; onClose: () => void }) {
  const { t } = useLingui();
  const revoke = useRevokeChainManager();
  // The last manager stays shown while the modal animates closed.
  const [shown, setShown] = useState(manager);
  if (manager && manager !== shown) setShown(manager);
  const name = shown?.fullName ?? shown?.email;

  function confirm() {
    if (!shown) return;
    revoke.mutate(shown.email, {
      onSuccess: (result) => {
        showToast({
          variant: 'success',
          title: result.changed ? t`Chain manager removed` : t`Nothing to change`,
          description: result.message,
        });
        onClose();
      },
      onError: (error) =>
        showToast({
          variant: 'error',
          title: t`The chain manager was not removed`,
          description: errorMessage(error, t`Please try again.`),
        }),
    });
  }

  return (
    <Modal
      title={t`Remove this chain manager?`}
      size="sm"
      isOpen={manager !== null}
      onOpenChange={(open) => !open && onClose()}
    >
      <p className="text-slate-800">
        <Trans>
          <strong>
            <bdi>{name}</bdi>
          </strong>{' '}
          will no longer read the chain's reports or its guests, from their next request on. Their roles at
          the hotels stay as they are.
        </Trans>
      </p>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onPress={onClose}>
          <Trans>Cancel</Trans>
        </Button>
        <Button variant="danger" isPending={revoke.isPending} onPress={confirm}>
          <Trans>Remove</Trans>
        </Button>
      </div>
    </Modal>
  );
}
