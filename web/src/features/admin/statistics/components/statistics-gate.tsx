import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { Form } from 'react-aria-components';
import { TIMING } from '@shared/constants';
import { Button, LinkButton } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/password-field';
import { CheckIcon } from '@/components/more-icons';
import { useOpenStatisticsGate } from '../api/open-statistics-gate';
import { requestProblem } from '../lib/request-errors';

/**
 * The statistics access gate (admin spec "Statistics access gate"): full screen, a back
 * button, the password with show/hide; the button waits while a check runs and while the
 * field is empty; on success the dashboard opens after 1,000 ms. The server is the judge.
 */
export function StatisticsGate({
  onGranted,
  onAccepted,
  notice,
}: {
  onGranted: () => void;
  onAccepted?: () => void;
  notice?: string;
}) {
  const { t } = useLingui();
  const gate = useOpenStatisticsGate();
  const [password, setPassword] = useState('');
  const [granted, setGranted] = useState(false);
  const [emptyTried, setEmptyTried] = useState(false);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!password) {
      setEmptyTried(true);
      return;
    }
    gate.mutate(password, {
      onSuccess: () => {
        setGranted(true);
        onAccepted?.();
        window.setTimeout(onGranted, TIMING.statisticsSuccessDelay);
      },
    });
  }

  let error: string | undefined;
  if (emptyTried && !password) error = t`Please enter the statistics password`;
  else if (gate.isError) {
    const problem = requestProblem(gate.error);
    error =
      problem.kind === 'server'
        ? (problem.message ?? t`Wrong password`)
        : problem.kind === 'html'
          ? t`There is a problem connecting to the server. Reload the page and try again.`
          : problem.kind === 'timeout'
            ? t`The connection timed out. Please try again.`
            : problem.kind === 'network'
              ? t`Cannot reach the server. Check your internet connection.`
              : t`An unexpected error occurred. Please try again.`;
  }

  return (
    <main className="flex min-h-[calc(100dvh-4rem)] w-full items-center justify-center bg-sand-50 px-4 py-10">
      <div className="flex w-full max-w-md flex-col gap-6 rounded-3xl border border-sand-200 bg-white p-6 shadow-sm sm:p-8">
        <div className="flex items-center justify-between gap-3">
          <h1 className="text-2xl font-bold text-teal-800">
            <Trans>Hotel statistics</Trans>
          </h1>
          <LinkButton href="/admin" variant="secondary">
            <Trans>Back</Trans>
          </LinkButton>
        </div>
        <p className="text-slate-700">
          <Trans>
            Enter the statistics password to see the figures. Access lasts 30 minutes on this device.
          </Trans>
        </p>
        {notice ? (
          <p role="status" className="rounded-xl bg-amber-50 p-3 text-amber-950">
            {notice}
          </p>
        ) : null}
        {granted ? (
          <p
            role="status"
            className="flex items-center gap-2 rounded-xl bg-teal-50 p-4 font-semibold text-teal-900"
          >
            <CheckIcon />
            <Trans>Access granted. Opening the statistics…</Trans>
          </p>
        ) : (
          <Form onSubmit={submit} className="flex flex-col gap-4" validationBehavior="aria">
            <PasswordField
              label={<Trans>Statistics password</Trans>}
              value={password}
              onChange={(v) => {
                setPassword(v);
                if (gate.isError) gate.reset();
              }}
              autoComplete="off"
              isInvalid={Boolean(error)}
              errorMessage={error}
            />
            <Button type="submit" isDisabled={!password || gate.isPending} isPending={gate.isPending}>
              {gate.isPending ? <Trans>Checking…</Trans> : <Trans>Open the statistics</Trans>}
            </Button>
          </Form>
        )}
      </div>
    </main>
  );
}
