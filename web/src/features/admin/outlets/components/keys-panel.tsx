import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { showToast } from '@/components/ui/toast-queue';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage, fieldErrorsOf } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useMakeKey, useOutletKeys, useRevokeKey } from '../api/outlets-admin';

/**
 * An outlet's keys for outside point-of-sale systems (POST /api/pos/charges with `Authorization:
 * Bearer`): made here and shown once (the hotel keeps only their hash), revoked here at once.
 */
export function KeysPanel({ outletId }: { outletId: number }) {
  const { t } = useLingui();
  const language = useLanguage();
  const keys = useOutletKeys(outletId);
  const make = useMakeKey(outletId);
  const revoke = useRevokeKey(outletId);
  const [label, setLabel] = useState('');
  const [shown, setShown] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    make.mutate(label, {
      onSuccess: (result) => {
        setShown(result.key.key);
        setLabel('');
        setErrors({});
        showToast({ variant: 'success', title: result.message });
      },
      onError: (failure) => {
        setErrors(fieldErrorsOf(failure));
        showToast({
          variant: 'error',
          title: t`The key was not made`,
          description: errorMessage(failure, t`Please try again.`),
        });
      },
    });
  }

  return (
    <div className="flex flex-col gap-3" data-testid="outlet-keys-panel">
      {shown ? (
        <div role="status" className="flex flex-col gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3">
          <p className="font-semibold">
            <Trans>Copy the key now: it is shown only this once.</Trans>
          </p>
          <code dir="ltr" className="break-all rounded bg-white p-2 text-sm" data-testid="outlet-key-shown">
            {shown}
          </code>
          <Button variant="secondary" onPress={() => void navigator.clipboard?.writeText(shown)}>
            <Trans>Copy</Trans>
          </Button>
        </div>
      ) : null}
      <ul className="flex flex-col divide-y divide-sand-200">
        {(keys.data?.keys ?? []).map((key) => (
          <li key={key.id} className="flex flex-wrap items-center gap-3 py-2" data-testid="outlet-key-row">
            <span className="min-w-0 flex-1">
              {key.label}{' '}
              <bdi dir="ltr" className="text-sm text-slate-600">
                …{key.hint}
              </bdi>
            </span>
            <span className="text-sm text-slate-700">{formatDateTime(key.createdAt, language)}</span>
            {key.revokedAt ? (
              <span className="text-sm text-red-700">
                <Trans>Revoked</Trans>
              </span>
            ) : (
              <Button variant="danger" onPress={() => revoke.mutate(key.id)}>
                <Trans>Revoke</Trans>
              </Button>
            )}
          </li>
        ))}
      </ul>
      <form noValidate onSubmit={submit} className="flex flex-wrap items-end gap-2">
        <TextField
          label={t`A name for the system`}
          value={label}
          onChange={setLabel}
          isRequired
          isInvalid={!!errors.label}
          errorMessage={errors.label}
        />
        <Button type="submit" isDisabled={make.isPending}>
          <Trans>Make a key</Trans>
        </Button>
      </form>
    </div>
  );
}
