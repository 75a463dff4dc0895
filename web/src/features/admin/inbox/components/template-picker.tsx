import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import {
  templateFieldMeaning,
  type WhatsAppParameterFormat,
  type WhatsAppTemplateField,
} from '@shared/whatsapp';
import { Button } from '@/components/ui/button';
import { Select, SelectItem } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage, fieldErrorsOf } from '@/lib/api-client';
import { getTemplates, inboxKeys, sendReply } from '../api/inbox-api';

type Language = 'ar' | 'en';
type Template = {
  name: string;
  language: string;
  appLanguage: Language | null;
  body: string;
  header: { format: string; text: string | null } | null;
  footer: string | null;
  parameterFormat: WhatsAppParameterFormat;
  fields: WhatsAppTemplateField[];
  status: string;
};

/** A field's name in the staff's language: what the app knows it holds, else its own name. */
function useFieldLabel() {
  const { t } = useLingui();
  const known: Record<string, string> = {
    guest_name: t`Guest's first name`,
    booking_reference: t`Booking reference`,
    check_in_date: t`Arrival date`,
    check_out_date: t`Departure date`,
    booking_link: t`Link to the booking`,
    check_in_link: t`Online check-in link`,
    payment_link: t`Payment link`,
    invoice_link: t`Invoice link`,
    review_link: t`Review link`,
    extras_link: t`Link to the stay's extras`,
    amount_due: t`Amount due`,
    code: t`Code`,
    image: t`Image address (https)`,
    video: t`Video address (https)`,
    document: t`Document address (https)`,
    button_link_end: t`End of the button's link`,
  };
  return (template: Template, field: WhatsAppTemplateField) => {
    const meaning = templateFieldMeaning(template, field);
    return known[meaning] ?? meaning.replace(/_/g, ' ');
  };
}

/** A text with its variables shown as the fields' names ([Guest's first name]) or as typed. */
function filled(
  text: string,
  template: Template,
  component: 'header' | 'body',
  values: Record<string, string>,
  label: (template: Template, field: WhatsAppTemplateField) => string,
) {
  return text.replace(/\{\{\s*([^{}\s]+)\s*\}\}/g, (all, name: string) => {
    const field = template.fields.find((f) => f.component === component && f.name === name);
    if (!field) return all;
    return values[field.key]?.trim() || `[${label(template, field)}]`;
  });
}

/**
 * The approved WhatsApp templates, offered in the reply box when the guest's 24-hour window is
 * closed (a lazy chunk): none to a guest who never opted in or said STOP (the server refuses too;
 * why is said before anything is typed); else the language (Arabic or English: the guest's, not
 * the screen's; a template authored in `en_GB` or `en_US` is English), the template by its words,
 * its fields by their names in the staff's language; the text as the guest will read it; sent
 * through the inbox (`{ template, language, parameters }`) with its own key.
 */
export default function TemplatePicker({
  threadId,
  consent,
  onSent,
}: {
  threadId: number;
  consent: 'opted_in' | 'not_opted_in' | 'opted_out' | null;
  onSent: () => void;
}) {
  const { t } = useLingui();
  const screenLanguage = useLanguage();
  const label = useFieldLabel();
  const [language, setLanguage] = useState<Language>(screenLanguage === 'en' ? 'en' : 'ar');
  const [chosenKey, setChosenKey] = useState<string | null>(null);
  const [values, setValues] = useState<Record<string, string>>({});
  const key = useRef(crypto.randomUUID());
  const allowed = consent === 'opted_in';
  const templates = useQuery({ queryKey: inboxKeys.templates(), queryFn: getTemplates, enabled: allowed });
  const approved = ((templates.data?.templates ?? []) as Template[]).filter(
    (tpl) => tpl.status === 'APPROVED' && tpl.appLanguage === language,
  );
  const idOf = (tpl: Template) => `${tpl.name}|${tpl.language}`;
  const chosen = approved.find((tpl) => idOf(tpl) === chosenKey) ?? null;
  const send = useMutation({
    mutationFn: () =>
      sendReply(
        threadId,
        {
          template: chosen!.name,
          language: chosen!.language,
          parameters: chosen!.fields.map((f) => values[f.key]?.trim() ?? ''),
        },
        key.current,
      ),
    onSuccess: () => {
      key.current = crypto.randomUUID();
      setChosenKey(null);
      setValues({});
      onSent();
    },
  });
  const fields = fieldErrorsOf(send.error);
  const complete = chosen !== null && chosen.fields.every((f) => (values[f.key] ?? '').trim().length > 0);
  const fresh = () => {
    key.current = crypto.randomUUID();
  };
  const guestReads = (tpl: Template) =>
    [
      tpl.header?.text ? filled(tpl.header.text, tpl, 'header', values, label) : '',
      filled(tpl.body, tpl, 'body', values, label),
      tpl.footer ?? '',
    ]
      .filter((part) => part.length > 0)
      .join('\n\n');

  if (!allowed) {
    return (
      <div
        role="note"
        className="rounded-2xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
        data-testid="template-not-opted-in"
      >
        <p className="font-semibold">
          <Trans>A template cannot be sent to this guest.</Trans>
        </p>
        <p className="mt-1">
          {consent === 'opted_out' ? (
            <Trans>
              They asked the hotel to stop its WhatsApp messages. The hotel may write again only once they
              write first.
            </Trans>
          ) : (
            <Trans>
              They never agreed to receive the hotel&apos;s messages on WhatsApp. They can agree when they
              book, or in their account; or they can write to the hotel first.
            </Trans>
          )}
        </p>
      </div>
    );
  }
  return (
    <form
      className="flex min-w-0 flex-col gap-3 rounded-2xl border border-emerald-200 bg-emerald-50/50 p-3"
      data-testid="template-picker"
      onSubmit={(event) => {
        event.preventDefault();
        if (complete && !send.isPending) send.mutate();
      }}
    >
      <p className="text-sm text-slate-700">
        <Trans>
          The guest last wrote on WhatsApp more than 24 hours ago: only an approved template can be sent.
        </Trans>
      </p>
      <RadioGroup
        value={language}
        onChange={(v) => {
          setLanguage(v as Language);
          setChosenKey(null);
          setValues({});
          fresh();
        }}
        orientation="horizontal"
        className="flex flex-wrap items-center gap-3"
      >
        <Label className="text-sm font-medium text-slate-800">
          <Trans>Template language</Trans>
        </Label>
        {(['ar', 'en'] as const).map((l) => (
          <Radio
            key={l}
            value={l}
            className="cursor-pointer rounded-full border border-sand-300 px-3 py-1 text-sm outline-none data-[focus-visible]:ring-2 data-[focus-visible]:ring-emerald-600 data-[selected]:border-emerald-700 data-[selected]:bg-emerald-700 data-[selected]:text-white"
          >
            {l === 'ar' ? <span lang="ar">العربية</span> : <span lang="en">English</span>}
          </Radio>
        ))}
      </RadioGroup>
      {templates.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {errorMessage(templates.error, t`The templates could not be read. Try again.`)}
        </p>
      ) : templates.isSuccess && approved.length === 0 ? (
        <p className="text-sm text-slate-700">
          <Trans>No template is approved in this language.</Trans>
        </p>
      ) : (
        <Select
          label={t`Template`}
          items={approved.map((tpl) => ({ id: idOf(tpl), text: filled(tpl.body, tpl, 'body', {}, label) }))}
          selectedKey={chosenKey}
          onSelectionChange={(k) => {
            setChosenKey(k === null ? null : String(k));
            setValues({});
            fresh();
          }}
          placeholder={t`Choose a template`}
          isDisabled={!templates.isSuccess}
          className="min-w-0"
          data-testid="template-select"
        >
          {(item) => (
            <SelectItem id={item.id} textValue={item.text}>
              <span className="line-clamp-2 text-sm" dir={language === 'ar' ? 'rtl' : 'ltr'} lang={language}>
                {item.text}
              </span>
            </SelectItem>
          )}
        </Select>
      )}
      {chosen && (
        <>
          <p
            className="whitespace-pre-wrap rounded-xl bg-white px-3 py-2 text-sm text-slate-800"
            dir={language === 'ar' ? 'rtl' : 'ltr'}
            lang={language}
            data-testid="template-preview"
          >
            {guestReads(chosen)}
          </p>
          <div className="grid gap-2 sm:grid-cols-2">
            {chosen.fields.map((field, i) => (
              <TextField
                key={`${idOf(chosen)}:${field.key}`}
                label={label(chosen, field)}
                value={values[field.key] ?? ''}
                onChange={(v) => {
                  setValues((all) => ({ ...all, [field.key]: v }));
                  fresh();
                }}
                type={field.kind === 'text' ? 'text' : 'url'}
                maxLength={1024}
                isRequired
                errorMessage={fields[`parameters.${i}`] ?? fields.parameters}
                data-testid={`template-field-${field.key}`}
              />
            ))}
          </div>
        </>
      )}
      {send.isError && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {errorMessage(send.error, t`The message was not sent. Try again.`)}
        </p>
      )}
      <Button
        type="submit"
        isDisabled={!complete}
        isPending={send.isPending}
        className="self-end"
        data-testid="template-send"
      >
        <Trans>Send template</Trans>
      </Button>
    </form>
  );
}
