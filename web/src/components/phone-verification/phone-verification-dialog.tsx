import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Form } from 'react-aria-components';
import { AUTH_RULES } from '@shared/constants';
import { digitsOnly } from '@shared/digits';
import { Button } from '../ui/button';
import { Modal } from '../ui/dialog';
import { TextField } from '../ui/text-field';
import { showToast } from '../ui/toast-queue';
import { api, ApiRequestError } from '@/lib/api-client';
import { minutesCount, secondsCount } from '@/lib/counts';
import { useLanguage } from '@/hooks/use-language';

/** Seconds before another code may be asked for (the server's limit: one a minute per phone). */
const RESEND_SECONDS = 60;

type Problem = { code?: string; message: string };

/**
 * Asks for the 6-digit code that proves a phone (POST /api/phone-verification/request, then
 * /verify): send the code, type it (Arabic-Indic digits accepted), or ask again after the
 * countdown. Errors are said under the field in the guest's language (the server's message).
 * The phone is shown as typed, isolated left to right.
 */
export default function PhoneVerificationDialog({
  phone,
  onVerified,
  onClose,
}: {
  phone: string;
  onVerified: () => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const [sent, setSent] = useState(false);
  const [sending, setSending] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [resendAt, setResendAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const formRef = useRef<HTMLFormElement>(null);
  // Once the code is on its way, the cursor waits in the code's field.
  useEffect(() => {
    if (sent) formRef.current?.querySelector('input')?.focus();
  }, [sent]);

  const waitSeconds = Math.max(0, Math.ceil((resendAt - now) / 1000));
  useEffect(() => {
    if (waitSeconds <= 0) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [waitSeconds]);

  const networkProblem = { message: t`Connection error. Please try again.` };

  async function send() {
    if (sending || waitSeconds > 0) return;
    setSending(true);
    setProblem(null);
    try {
      const res = await api['phone-verification'].request.$post({ json: { phoneNumber: phone } });
      const retryAfter = Number(res.headers.get('Retry-After'));
      if (res.ok) {
        setSent(true);
        setCode('');
        setNow(Date.now());
        setResendAt(Date.now() + RESEND_SECONDS * 1000);
        showToast({ variant: 'success', title: t`Code sent`, description: (await res.json()).message });
        return;
      }
      const error = ApiRequestError.of(res.status, await res.json().catch(() => null));
      if ((res.status as number) === 429 && retryAfter > 0) {
        // A code was sent a moment ago: the guest may type it, or ask again after the wait.
        setSent(true);
        setNow(Date.now());
        setResendAt(Date.now() + retryAfter * 1000);
      }
      setProblem({ code: error.body?.error.code, message: error.message });
    } catch {
      setProblem(networkProblem);
    } finally {
      setSending(false);
    }
  }

  async function verify(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (verifying) return;
    if (code.length !== AUTH_RULES.codeLength) {
      setProblem({ code: 'code_length', message: t`Enter the six digits of the code.` });
      return;
    }
    setVerifying(true);
    setProblem(null);
    try {
      const res = await api['phone-verification'].verify.$post({
        json: { phoneNumber: phone, verificationCode: code },
      });
      if (res.ok) {
        showToast({
          variant: 'success',
          title: t`Phone number verified`,
          description: t`Your entry goes on now.`,
        });
        onVerified();
        return;
      }
      const error = ApiRequestError.of(res.status, await res.json().catch(() => null));
      const fields = error.body?.error.fields ?? {};
      setProblem({
        code: error.body?.error.code,
        message: fields.verificationCode ?? fields.phoneNumber ?? error.message,
      });
    } catch {
      setProblem(networkProblem);
    } finally {
      setVerifying(false);
    }
  }

  const minutes = minutesCount(AUTH_RULES.codeTtlMs / 60_000, language);
  const waitText = secondsCount(waitSeconds, language);
  const typedPhone = (
    <bdi
      dir="ltr"
      // Digits in their typed order even when Arabic-Indic: spaces between Arabic numbers
      // would otherwise swap the groups (Unicode bidi), so the isolate also overrides.
      className="font-semibold text-slate-900 [unicode-bidi:isolate-override]"
      data-testid="phone-verification-number"
    >
      {phone}
    </bdi>
  );

  return (
    <Modal
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={<Trans>Verify your phone number</Trans>}
      size="sm"
    >
      <div className="flex flex-col gap-4" data-testid="phone-verification">
        <p className="text-slate-700">
          {sent ? (
            <Trans>
              We sent a six-digit code to {typedPhone}. It works once, for {minutes}.
            </Trans>
          ) : (
            <Trans>
              Each phone number enters each draw once a month, so we check that {typedPhone} is yours: we send
              a six-digit code to it by text message.
            </Trans>
          )}
        </p>
        {problem && !sent ? (
          <p
            role="alert"
            className="rounded-xl bg-red-50 p-3 font-semibold text-red-900"
            data-testid="phone-verification-error"
          >
            {problem.message}
          </p>
        ) : null}
        {sent ? (
          <Form
            ref={formRef}
            onSubmit={(e) => void verify(e)}
            className="flex flex-col gap-4"
            validationBehavior="aria"
          >
            <TextField
              label={t`Verification code`}
              name="verificationCode"
              inputMode="numeric"
              autoComplete="one-time-code"
              inputDir="ltr"
              inputClassName="text-center! text-2xl font-semibold tracking-[0.4em]"
              value={code}
              onChange={(value) => {
                setCode(digitsOnly(value, AUTH_RULES.codeLength));
                setProblem(null);
              }}
              description={t`Six digits; Arabic or English numerals both work.`}
              isInvalid={!!problem}
              errorMessage={problem?.message}
              isRequired
            />
            <Button
              type="submit"
              isPending={verifying}
              className="w-full"
              data-testid="phone-verification-submit"
            >
              {verifying ? <Trans>Verifying…</Trans> : <Trans>Verify and continue</Trans>}
            </Button>
            <Button
              variant="secondary"
              onPress={() => void send()}
              isPending={sending}
              isDisabled={waitSeconds > 0}
              className="w-full"
              data-testid="phone-verification-resend"
            >
              {waitSeconds > 0 ? (
                <Trans>Send a new code in {waitText}</Trans>
              ) : (
                <Trans>Send a new code</Trans>
              )}
            </Button>
          </Form>
        ) : (
          <Button
            onPress={() => void send()}
            isPending={sending}
            className="w-full"
            data-testid="phone-verification-send"
          >
            {sending ? <Trans>Sending…</Trans> : <Trans>Send the code</Trans>}
          </Button>
        )}
      </div>
    </Modal>
  );
}
