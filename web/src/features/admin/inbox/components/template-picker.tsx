import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { Button } from '@/components/ui/button';
import { Select, SelectItem } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage, fieldErrorsOf } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { getTemplates, inboxKeys, sendReply } from '../api/inbox-api';

type Language = 'ar' | 'en';

/** A template's body with the fields typed so far put in (an empty one stays `{{n}}`). */
function filled(body: string, values: readonly string[]) {
  return body.replace(/\{\{(\d+)\}\}/g, (all, n: string) => values[Number(n) - 1]?.trim() || all);
}

/**
 * The approved WhatsApp templates, offered in the reply box when the guest's 24-hour window is
 * closed (a lazy chunk): choose the language (Arabic or English: the guest's, not the screen's),
 * the template, fill its fields; the body is shown as the guest will read it, then sent through
 * the inbox (`{ template, language, parameters }`), with its own key.
 */
export default function TemplatePicker({ threadId, onSent }: { threadId: number; onSent: () => void }) {
  const { t } = useLingui();
  const screenLanguage = useLanguage();
  const [language, setLanguage] = useState<Language>(screenLanguage === 'en' ? 'en' : 'ar');
  const [name, setName] = useState<string | null>(null);
  const [values, setValues] = useState<string[]>([]);
  const key = useRef(crypto.randomUUID());
  const templates = useQuery({ queryKey: inboxKeys.templates(), queryFn: getTemplates });
  const approved = (templates.data?.templates ?? []).filter(
    (tpl) => tpl.status === 'APPROVED' && tpl.language === language,
  );
  const chosen = approved.find((tpl) => tpl.name === name) ?? null;
  const send = useMutation({
    mutationFn: () =>
      sendReply(
        threadId,
        { template: chosen!.name, language, parameters: values.map((v) => v.trim()) },
        key.current,
      ),
    onSuccess: () => {
      key.current = crypto.randomUUID();
      setName(null);
      setValues([]);
      onSent();
    },
  });
  const fields = fieldErrorsOf(send.error);
  const complete =
    chosen !== null && values.length === chosen.parameterCount && values.every((v) => v.trim().length > 0);
  const fresh = () => {
    key.current = crypto.randomUUID();
  };
  return (
    <form
      className="flex flex-col gap-3 rounded-2xl border border-emerald-200 bg-emerald-50/50 p-3"
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
          setName(null);
          setValues([]);
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
          items={approved.map((tpl) => ({ id: tpl.name, body: tpl.body }))}
          selectedKey={name}
          onSelectionChange={(k) => {
            const next = approved.find((tpl) => tpl.name === k);
            setName(next?.name ?? null);
            setValues(Array.from({ length: next?.parameterCount ?? 0 }, () => ''));
            fresh();
          }}
          placeholder={t`Choose a template`}
          isDisabled={!templates.isSuccess}
          data-testid="template-select"
        >
          {(item) => (
            <SelectItem id={item.id} textValue={item.id}>
              <span className="font-mono text-xs" dir="ltr">
                {item.id}
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
            {filled(chosen.body, values)}
          </p>
          <div className="grid gap-2 sm:grid-cols-2">
            {values.map((value, i) => (
              <TextField
                key={`${chosen.name}:${i}`}
                label={t`Field ${formatCount(i + 1, screenLanguage)}`}
                value={value}
                onChange={(v) => {
                  setValues((all) => all.map((old, j) => (j === i ? v : old)));
                  fresh();
                }}
                maxLength={1024}
                isRequired
                errorMessage={fields.parameters}
                data-testid={`template-field-${i + 1}`}
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
