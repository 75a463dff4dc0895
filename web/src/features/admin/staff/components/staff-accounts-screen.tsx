import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { createStaffSchema, resetPasswordSchema } from '@shared/auth-schemas';
import { AUTH_RULES, STAFF_ROLES, USER_ROLES, type StaffRole, type UserRole } from '@shared/constants';
import { useLanguage } from '@/hooks/use-language';
import { charactersCount } from '@/lib/counts';
import { Button, LinkButton } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { showToast } from '@/components/ui/toast-queue';
import { errorMessage, fieldErrorsOf } from '@/lib/api-client';
import { useCreateStaff } from '../api/create-staff';
import { type StaffAccount, useStaff } from '../api/get-staff';
import { useResetStaffPassword } from '../api/reset-staff-password';
import { useSetStaffDisabled } from '../api/set-staff-disabled';
import { useSetStaffRole } from '../api/set-staff-role';
import { RadioGroup, RadioOption } from '@/components/ui/radio-group';
import { Select, SelectItem } from '@/components/ui/select';
import { AccountPasswordField, EmailField } from '@/components/account-fields';
import { PasswordField } from '@/components/ui/password-field';
import { FullNameField } from '@/components/guest-fields';
import { useFormFields } from '@/lib/use-form-fields';
import { LoadError } from '@/components/load-error';
import { roleName } from '@/entities/session/role-names';

const emptyForm = { fullName: '', email: '', password: '', role: 'staff' as StaffRole };

/** Each role's name, as the hotel says it (the one list of entities/session/role-names.ts). */
function useRoleNames(): Record<UserRole, string> {
  const { i18n } = useLingui();
  return Object.fromEntries(USER_ROLES.map((role) => [role, roleName(i18n, role)])) as Record<
    UserRole,
    string
  >;
}

/** What each role an admin gives may do, in a line. */
function useRoleScopes(): Record<StaffRole, string> {
  const { t } = useLingui();
  return {
    outlet: t`The tablets of the outlets a manager gives them: checks to rooms or paid there.`,
    housekeeper: t`The housekeeping board only: rooms to clean and their state.`,
    maintenance: t`Work orders: faults to take and close, and reporting found items.`,
    staff: t`The front desk: bookings, rooms, check-in and check-out, guests' requests.`,
    manager: t`The front desk, plus price changes, undoing a check-in or out, and the statistics.`,
  };
}

/** /admin/staff: the hotel's accounts and their roles, managed by administrators. */
export function StaffAccountsScreen() {
  const { t } = useLingui();
  const staff = useStaff();
  const [toggling, setToggling] = useState<StaffAccount | null>(null);
  const [resetting, setResetting] = useState<StaffAccount | null>(null);

  return (
    <main className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold text-teal-800">
          <Trans>Staff accounts</Trans>
        </h1>
        <LinkButton href="/admin" variant="secondary">
          <Trans>Back to the admin dashboard</Trans>
        </LinkButton>
      </div>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <section aria-labelledby="staff-list-heading" className="flex flex-col gap-3">
          <h2 id="staff-list-heading" className="text-xl font-bold text-slate-900">
            <Trans>Hotel accounts and their roles</Trans>
          </h2>
          {staff.isPending ? (
            <p role="status" className="text-slate-700">
              <Trans>Loading accounts…</Trans>
            </p>
          ) : staff.isError ? (
            <LoadError onRetry={() => void staff.refetch()}>
              {errorMessage(staff.error, t`The accounts could not be loaded.`)}
            </LoadError>
          ) : (
            <ul className="flex flex-col gap-3">
              {staff.data.map((account) => (
                <StaffRow
                  key={account.id}
                  account={account}
                  onToggle={() => setToggling(account)}
                  onResetPassword={() => setResetting(account)}
                />
              ))}
            </ul>
          )}
        </section>
        <CreateStaffForm />
      </div>

      <ToggleConfirmation account={toggling} onClose={() => setToggling(null)} />
      <ResetPasswordModal account={resetting} onClose={() => setResetting(null)} />
    </main>
  );
}

function StaffRow({
  account,
  onToggle,
  onResetPassword,
}: {
  account: StaffAccount;
  onToggle: () => void;
  onResetPassword: () => void;
}) {
  const roles = useRoleNames();
  return (
    <li
      className="flex flex-col gap-3 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between"
      data-testid="staff-row"
    >
      <div className="flex min-w-0 flex-col gap-1">
        <p className="font-bold text-slate-900">{account.fullName}</p>
        <p className="truncate text-sm text-slate-700">
          <bdi dir="ltr">{account.email}</bdi>
        </p>
        <p className="flex flex-wrap gap-2 text-xs font-semibold">
          <span className="rounded-full bg-sand-100 px-2.5 py-1 text-teal-800" data-testid="staff-role">
            {roles[account.role]}
          </span>
          {account.isDisabled ? (
            <span className="rounded-full bg-red-100 px-2.5 py-1 text-red-800">
              <Trans>Disabled</Trans>
            </span>
          ) : (
            <span className="rounded-full bg-emerald-100 px-2.5 py-1 text-emerald-900">
              <Trans>Active</Trans>
            </span>
          )}
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap items-end gap-2">
        {account.role !== 'admin' && account.role !== 'guest' ? (
          <RolePicker account={account} role={account.role} />
        ) : null}
        <Button variant="secondary" className="px-3 py-2 text-sm" onPress={onResetPassword}>
          <Trans>Reset password</Trans>
        </Button>
        <Button
          variant={account.isDisabled ? 'secondary' : 'danger'}
          className="px-3 py-2 text-sm"
          onPress={onToggle}
        >
          {account.isDisabled ? <Trans>Enable</Trans> : <Trans>Disable</Trans>}
        </Button>
      </div>
    </li>
  );
}

/** Changes an account's role at once: its open sessions have the new role from their next request. */
function RolePicker({ account, role }: { account: StaffAccount; role: StaffRole }) {
  const { t } = useLingui();
  const roles = useRoleNames();
  const change = useSetStaffRole();
  return (
    <Select
      label={
        <>
          <span className="sr-only">{t`Role of ${account.fullName}`}</span>
          <span aria-hidden="true">{t`Role`}</span>
        </>
      }
      className="w-44"
      selectedKey={change.isPending ? change.variables.role : role}
      isDisabled={change.isPending}
      onSelectionChange={(key) => {
        const next = key as StaffRole;
        if (next === role) return;
        change.mutate(
          { id: account.id, role: next },
          {
            onSuccess: (result) =>
              showToast({
                variant: 'success',
                title: t`${account.fullName} is now ${roles[next]}`,
                description: result.message,
              }),
            onError: (error) =>
              showToast({
                variant: 'error',
                title: t`The role was not changed`,
                description: errorMessage(error, t`Please try again.`),
              }),
          },
        );
      }}
    >
      {STAFF_ROLES.map((r) => (
        <SelectItem key={r} id={r}>
          {roles[r]}
        </SelectItem>
      ))}
    </Select>
  );
}

function CreateStaffForm() {
  const { t } = useLingui();
  const create = useCreateStaff();
  const roles = useRoleNames();
  const scopes = useRoleScopes();
  const { values, setValues, change, validate, refuse, message, formRef } = useFormFields(emptyForm);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = validate(createStaffSchema);
    if (!data) return;
    create.mutate(data, {
      onSuccess: (result) => {
        setValues(emptyForm);
        showToast({ variant: 'success', title: t`Account created`, description: result.message });
      },
      onError: (error) => {
        refuse(fieldErrorsOf(error));
        showToast({
          variant: 'error',
          title: t`Could not create the account`,
          description: errorMessage(error, t`Please try again.`),
        });
      },
    });
  }

  return (
    <section
      aria-labelledby="create-staff-heading"
      className="flex flex-col gap-4 rounded-2xl border border-sand-200 bg-white p-5 shadow-sm"
    >
      <h2 id="create-staff-heading" className="text-xl font-bold text-slate-900">
        <Trans>New staff account</Trans>
      </h2>
      <form ref={formRef} noValidate onSubmit={submit} className="flex flex-col gap-4">
        <FullNameField
          autoComplete="off"
          value={values.fullName}
          onChange={change('fullName')}
          error={message('fullName')}
        />
        <EmailField
          autoComplete="off"
          value={values.email}
          onChange={change('email')}
          error={message('email')}
        />
        <AccountPasswordField
          mode="new"
          minLength={AUTH_RULES.staffPasswordMin}
          value={values.password}
          onChange={change('password')}
          error={message('password')}
        />
        <RadioGroup
          label={t`Role`}
          value={values.role}
          onChange={(value) => change('role')(value as StaffRole)}
          optionsClassName="flex flex-col gap-2"
          isInvalid={!!message('role')}
          errorMessage={message('role')}
        >
          {STAFF_ROLES.map((role) => (
            <RadioOption key={role} value={role} className="flex-col items-start gap-0.5">
              <span>{roles[role]}</span>
              <span className="text-sm font-normal opacity-90">{scopes[role]}</span>
            </RadioOption>
          ))}
        </RadioGroup>
        <Button type="submit" isPending={create.isPending} className="w-full">
          <Trans>Create staff account</Trans>
        </Button>
      </form>
    </section>
  );
}

function ToggleConfirmation({ account, onClose }: { account: StaffAccount | null; onClose: () => void }) {
  const { t } = useLingui();
  const toggle = useSetStaffDisabled();
  // Keep the last account while the modal animates closed.
  const [shown, setShown] = useState(account);
  if (account && account !== shown) setShown(account);
  const disabling = !shown?.isDisabled;

  function confirm() {
    if (!shown) return;
    toggle.mutate(
      { id: shown.id, disabled: disabling },
      {
        onSuccess: (result) => {
          showToast({
            variant: 'success',
            title: disabling ? t`Account disabled` : t`Account enabled`,
            description: result.message,
          });
          onClose();
        },
        onError: (error) =>
          showToast({
            variant: 'error',
            title: t`The change was not saved`,
            description: errorMessage(error, t`Please try again.`),
          }),
      },
    );
  }

  return (
    <Modal
      title={disabling ? t`Disable this account?` : t`Enable this account?`}
      size="sm"
      isOpen={account !== null}
      onOpenChange={(open) => !open && onClose()}
    >
      <p className="text-slate-800">
        {disabling ? (
          <Trans>
            <strong>{shown?.fullName}</strong> will be signed out everywhere at once and will not be able to
            log in until the account is enabled again.
          </Trans>
        ) : (
          <Trans>
            <strong>{shown?.fullName}</strong> will be able to log in again.
          </Trans>
        )}
      </p>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onPress={onClose}>
          <Trans>Cancel</Trans>
        </Button>
        <Button variant={disabling ? 'danger' : 'primary'} isPending={toggle.isPending} onPress={confirm}>
          {disabling ? <Trans>Disable</Trans> : <Trans>Enable</Trans>}
        </Button>
      </div>
    </Modal>
  );
}

function ResetPasswordModal({ account, onClose }: { account: StaffAccount | null; onClose: () => void }) {
  const { t } = useLingui();
  const language = useLanguage();
  const reset = useResetStaffPassword();
  const [shown, setShown] = useState(account);
  const { values, setValues, setErrors, change, validate, refuse, message, formRef } = useFormFields({
    password: '',
  });
  if (account && account !== shown) {
    setShown(account);
    setValues({ password: '' });
    setErrors({});
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!shown) return;
    const data = validate(resetPasswordSchema);
    if (!data) return;
    reset.mutate(
      { id: shown.id, password: data.password },
      {
        onSuccess: (result) => {
          showToast({ variant: 'success', title: t`Password changed`, description: result.message });
          onClose();
        },
        onError: (err) => {
          refuse(fieldErrorsOf(err));
          showToast({
            variant: 'error',
            title: t`The password was not changed`,
            description: errorMessage(err, t`Please try again.`),
          });
        },
      },
    );
  }

  return (
    <Modal
      title={t`Reset password`}
      size="sm"
      isOpen={account !== null}
      onOpenChange={(open) => !open && onClose()}
    >
      <form ref={formRef} noValidate onSubmit={submit} className="flex flex-col gap-4">
        <p className="text-slate-800">
          <Trans>
            Choose a new password for <strong>{shown?.fullName}</strong>. They will be signed out everywhere
            and must log in with the new password.
          </Trans>
        </p>
        <PasswordField
          label={t`New password`}
          name="new-password"
          autoComplete="new-password"
          placeholder={t`At least ${charactersCount(AUTH_RULES.staffPasswordMin, language)}`}
          value={values.password}
          onChange={change('password')}
          isInvalid={!!message('password')}
          errorMessage={message('password')}
          isRequired
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onPress={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" isPending={reset.isPending}>
            <Trans>Change password</Trans>
          </Button>
        </div>
      </form>
    </Modal>
  );
}
