import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-aria-components';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import { showToast } from '@/components/ui/toast-queue';
import { errorCode, errorMessage, fieldErrorsOf } from '@/lib/api-client';
import { useNavigate } from '@/lib/router';
import { useEraseAccount, useErasureMethod } from '../api/erase-account';

const inlineLink =
  'font-semibold text-teal-800 underline underline-offset-2 rounded outline-none data-[focus-visible]:outline-3 data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-gold-700';

/**
 * "Delete my account" (docs/decisions/043): says what goes and what stays, asks for the password
 * (a Google-only account types its e-mail instead), and on success the device is signed out and
 * the guest goes to the landing page. The server's refusals (a wrong password, a booking still
 * open, too many tries) are shown in the dialog, in the active language.
 */
export default function DeleteAccountDialog({ email, onClose }: { email: string; onClose: () => void }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const method = useErasureMethod();
  const erase = useEraseAccount((message) => {
    showToast({ variant: 'success', title: t`Account deleted`, description: message });
    navigate('/', { replace: true });
  });
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<string | undefined>();
  const byPassword = method.data?.erasure !== 'email';

  function submit(event: FormEvent) {
    event.preventDefault();
    setFieldError(undefined);
    setRefusal(undefined);
    if (value.trim() === '') {
      setFieldError(byPassword ? t`Enter your password.` : t`Type your e-mail address.`);
      return;
    }
    erase.mutate(byPassword ? { password: value } : { confirmEmail: value }, {
      onError: (error) => {
        const code = errorCode(error);
        const fields = fieldErrorsOf(error);
        if (code === 'erase_password_wrong' || code === 'erase_email_wrong') {
          setFieldError(errorMessage(error, t`The account was not deleted.`));
        } else if (fields.password ?? fields.confirmEmail) {
          setFieldError(fields.password ?? fields.confirmEmail);
        } else {
          setRefusal(
            errorMessage(error, t`The account could not be deleted. Check your connection and try again.`),
          );
        }
      },
    });
  }

  return (
    <Modal isOpen onOpenChange={(open) => !open && onClose()} title={t`Delete your account?`} size="sm">
      {method.isPending ? (
        <p role="status" className="text-slate-700">
          <Trans>Loading…</Trans>
        </p>
      ) : method.isError ? (
        <LoadError onRetry={() => void method.refetch()}>
          {errorMessage(method.error, t`This could not be loaded.`)}
        </LoadError>
      ) : (
        <form noValidate onSubmit={submit} className="flex flex-col gap-4" data-testid="delete-account-form">
          <div className="flex flex-col gap-2 text-sm text-slate-800">
            <p>
              <Trans>
                Your account, your sign-ins, verified phones, notifications and the assistant's conversations
                are deleted at once. This cannot be undone.
              </Trans>
            </p>
            <p>
              <Trans>
                Your bookings, points and reviews stay in the hotel's accounts without your name, e-mail,
                phone or ID number.{' '}
                <Link href="/privacy" className={inlineLink}>
                  Read more
                </Link>
              </Trans>
            </p>
          </div>
          {refusal ? (
            <p
              role="alert"
              data-testid="delete-account-refused"
              className="rounded-xl bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-700/30"
            >
              {refusal}
            </p>
          ) : null}
          {byPassword ? (
            <PasswordField
              label={t`Your password`}
              autoComplete="current-password"
              value={value}
              onChange={setValue}
              isInvalid={fieldError !== undefined}
              errorMessage={fieldError}
            />
          ) : (
            <TextField
              label={t`Type your e-mail address to confirm`}
              description={<bdi dir="ltr">{email}</bdi>}
              type="email"
              autoComplete="off"
              value={value}
              onChange={setValue}
              isInvalid={fieldError !== undefined}
              errorMessage={fieldError}
            />
          )}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onPress={onClose} isDisabled={erase.isPending}>
              <Trans>Keep my account</Trans>
            </Button>
            <Button type="submit" variant="danger" isPending={erase.isPending || erase.isSuccess}>
              <Trans>Delete my account</Trans>
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
