import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from '@/lib/router';
import { HOTEL_TIME_ZONE } from '@shared/constants';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { isNotDevelopment, useMailbox } from '../api/get-mailbox';
import { dateTimeFormat } from '@shared/intl-cache';
import { Separator } from '@/components/separator';

/** /dev/mailbox: the development inbox, read from GET /api/dev/mailbox?to= (local defaults). */
export function DevMailboxScreen() {
  const { t, i18n } = useLingui();
  const [params, setParams] = useSearchParams();
  const to = (params.get('to') ?? '').trim().toLowerCase();
  const [address, setAddress] = useState(to);
  const mailbox = useMailbox(to);
  const dateFormat = dateTimeFormat(i18n.locale === 'ar' ? 'ar-OM' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'medium',
    timeZone: HOTEL_TIME_ZONE,
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = address.trim();
    setParams(next ? { to: next } : {}, { replace: true });
  }

  return (
    <main className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold text-teal-800">
          <Trans>Development mailbox</Trans>
        </h1>
        <p className="text-slate-700">
          <Trans>
            In development no e-mail leaves this computer: the messages the app sends, verification codes
            included, are kept here.
          </Trans>
        </p>
      </div>

      <form
        noValidate
        onSubmit={submit}
        className="flex flex-col gap-3 rounded-2xl border border-sand-200 bg-white p-5 shadow-sm sm:flex-row sm:items-end"
      >
        <TextField
          label={t`E-mail address`}
          name="to"
          type="email"
          value={address}
          onChange={setAddress}
          className="flex-1"
        />
        <Button type="submit">
          <Trans>Show messages</Trans>
        </Button>
        {to ? (
          <Button variant="secondary" isPending={mailbox.isFetching} onPress={() => void mailbox.refetch()}>
            <Trans>Refresh</Trans>
          </Button>
        ) : null}
      </form>

      {!to ? (
        <p className="text-slate-700">
          <Trans>Enter an address to see the messages sent to it, newest first.</Trans>
        </p>
      ) : mailbox.isPending ? (
        <p role="status" className="text-slate-700">
          <Trans>Loading messages…</Trans>
        </p>
      ) : mailbox.isError ? (
        <p role="alert" className="rounded-xl bg-amber-50 p-4 text-amber-900 ring-1 ring-amber-700/30">
          {isNotDevelopment(mailbox.error) ? (
            <Trans>
              The development mailbox exists only in development. Here e-mail is sent through the mail
              provider.
            </Trans>
          ) : (
            <Trans>The messages could not be loaded. Check your connection and try again.</Trans>
          )}
        </p>
      ) : mailbox.data.length === 0 ? (
        <p role="status" className="text-slate-700">
          <Trans>
            No messages for <bdi dir="ltr">{to}</bdi> yet.
          </Trans>
        </p>
      ) : (
        <ol className="flex flex-col gap-4" aria-label={t`Messages`}>
          {mailbox.data.map((message, i) => (
            <li
              key={`${String(message.createdAt)}-${i}`}
              className="flex flex-col gap-2 rounded-2xl border border-sand-200 bg-white p-5 shadow-sm"
              data-testid="mailbox-message"
            >
              <h2 className="text-lg font-bold text-slate-900" dir="auto">
                {message.subject}
              </h2>
              <p className="text-sm text-slate-600">
                <time dateTime={new Date(message.createdAt).toISOString()}>
                  {dateFormat.format(new Date(message.createdAt))}
                </time>
                <Separator />
                <bdi dir="ltr">{message.to}</bdi>
              </p>
              {message.html ? (
                // The e-mail as its own document (GET /api/dev/mailbox/:id/html, inline styles only),
                // in a sandbox: nothing in it runs.
                <iframe
                  title={t`Message: ${message.subject}`}
                  src={`/api/dev/mailbox/${message.id}/html`}
                  sandbox=""
                  className="h-[32rem] w-full rounded-xl border border-sand-200 bg-sand-50"
                  data-testid="mailbox-html"
                />
              ) : null}
              <details open={!message.html} className="text-slate-800">
                <summary className="cursor-pointer text-sm font-semibold text-teal-800">
                  <Trans>Plain text</Trans>
                </summary>
                <div className="mt-2 flex flex-col gap-1">
                  {message.text.split('\n').map((line, n) =>
                    line ? (
                      <p key={n} dir="auto">
                        {line}
                      </p>
                    ) : (
                      <br key={n} />
                    ),
                  )}
                </div>
              </details>
              {message.attachments.length > 0 ? (
                <ul className="flex flex-wrap gap-2" aria-label={t`Attachments`}>
                  {message.attachments.map((file) => (
                    <li key={file.filename}>
                      <a
                        href={`data:${file.contentType};base64,${file.content}`}
                        download={file.filename}
                        className="inline-flex items-center gap-2 rounded-lg bg-teal-50 px-3 py-1.5 text-sm font-semibold text-teal-800 ring-1 ring-teal-700/30 hover:bg-teal-100"
                      >
                        <bdi dir="ltr">{file.filename}</bdi>
                      </a>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </main>
  );
}
