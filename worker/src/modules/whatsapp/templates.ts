import { and, asc, eq, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import {
  templateAppLanguage,
  templateFields,
  templateText,
  type WhatsAppAutoKind,
  type WhatsAppTemplateField,
} from '@shared/whatsapp';
import type { Language } from '@shared/constants';
import type { Db, Env } from '../../platform/env';
import { listTemplates } from './cloud-api';
import type { WhatsAppSettings } from './config';
import { whatsappTemplates, type WhatsAppTemplateRow } from './tables';

/**
 * The hotel's message templates: made and approved in Meta's WhatsApp Manager, read here from the
 * provider (`GET /{waba-id}/message_templates`): name, language, category, body and approval. A
 * template the automatic sends use is named by its purpose (shared/src/whatsapp.ts
 * WHATSAPP_AUTO_KINDS), matched by the names below.
 */
export const PURPOSE_OF_NAME: Record<string, WhatsAppAutoKind> = {
  booking_confirmation: 'confirmation',
  pre_arrival: 'pre_arrival',
  deposit_request: 'deposit',
  stay_invoice: 'invoice',
  review_request: 'review_request',
  stay_extras: 'extras_offer',
};

/** The template a purpose uses, by name. */
export const NAME_OF_PURPOSE = Object.fromEntries(
  Object.entries(PURPOSE_OF_NAME).map(([name, purpose]) => [purpose, name]),
) as Record<WhatsAppAutoKind, string>;

/** How long the approvals read are trusted before the next automatic send reads them again. */
export const TEMPLATE_REFRESH_MS = 3600_000;

export function templateRows(db: Db) {
  return db
    .select()
    .from(whatsappTemplates)
    .orderBy(asc(whatsappTemplates.name), asc(whatsappTemplates.language));
}

/**
 * An approved template by name and language, or null. The language is one of Meta's codes (that
 * one exactly) or the app's (`en`: the template authored in `en`, else `en_US`, `en_GB` or
 * another English; `ar` likewise).
 */
export async function approvedTemplate(
  db: Db,
  name: string,
  language: string,
): Promise<WhatsAppTemplateRow | null> {
  const rows = await db
    .select()
    .from(whatsappTemplates)
    .where(and(eq(whatsappTemplates.name, name), eq(whatsappTemplates.status, 'APPROVED')));
  const exact = rows.find((r) => r.language === language);
  if (exact || language.includes('_')) return exact ?? null;
  // After the bare language: the two Englishes WhatsApp Manager offers first, then any other.
  const preference = (code: string) => {
    const at = ['en_US', 'en_GB'].indexOf(code);
    return at === -1 ? 2 : at;
  };
  return (
    rows
      .filter((r) => templateAppLanguage(r.language) === language)
      .sort(
        (a, b) => preference(a.language) - preference(b.language) || a.language.localeCompare(b.language),
      )[0] ?? null
  );
}

/**
 * A template's send-time components (Meta's `template.components`) and the text the guest reads,
 * from its values in the order of its fields (shared/src/whatsapp.ts templateFields): text
 * variables by position, or by `parameter_name` in a NAMED template; a media header's link; a URL
 * button's variable; each quick reply's payload (`<template>:<index>`, so a tap names its button).
 */
export function templateMessage(template: WhatsAppTemplateRow, values: readonly string[]) {
  const named = template.parameterFormat === 'NAMED';
  const byKey = Object.fromEntries(template.fields.map((f, i) => [f.key, values[i] ?? '']));
  const textParameter = (f: WhatsAppTemplateField) => ({
    type: 'text',
    ...(named ? { parameter_name: f.name } : {}),
    text: byKey[f.key],
  });
  const of = (component: WhatsAppTemplateField['component']) =>
    template.fields.filter((f) => f.component === component);
  const components: Record<string, unknown>[] = [];
  const header = of('header');
  if (header.length) {
    components.push({
      type: 'header',
      parameters: header.map((f) =>
        f.kind === 'text' ? textParameter(f) : { type: f.kind, [f.kind]: { link: byKey[f.key] } },
      ),
    });
  }
  const body = of('body');
  if (body.length) components.push({ type: 'body', parameters: body.map(textParameter) });
  const buttons = template.components.find((c) => c.type.toUpperCase() === 'BUTTONS')?.buttons ?? [];
  buttons.forEach((button, index) => {
    const field = template.fields.find((f) => f.component === 'button' && f.index === index);
    if (field) {
      components.push({
        type: 'button',
        sub_type: 'url',
        index: String(index),
        parameters: [{ type: 'text', text: byKey[field.key] }],
      });
    } else if (button.type.toUpperCase() === 'QUICK_REPLY') {
      components.push({
        type: 'button',
        sub_type: 'quick_reply',
        index: String(index),
        parameters: [{ type: 'payload', payload: `${template.name}:${index}` }],
      });
    }
  });
  const textValues = Object.fromEntries(
    template.fields.filter((f) => f.kind === 'text').map((f) => [`${f.component}.${f.name}`, byKey[f.key]!]),
  );
  return { components, text: templateText(template.components, textValues) };
}

/**
 * The values of an automatic send's template from what the app has to say, named (`guest_name`,
 * `booking_reference`…) and in the order of the positional templates' {{1}}, {{2}}…: a NAMED
 * template's variables by name, a positional one's by number; a URL button's variable is what
 * follows the button's address in one of the values (the booking's link); a media header takes
 * `media` when given. Null when a field has no value (the template asks what the app cannot say).
 */
export function automaticValues(
  template: WhatsAppTemplateRow,
  said: readonly (readonly [string, string])[],
): string[] | null {
  const named = new Map(said);
  const buttons = template.components.find((c) => c.type.toUpperCase() === 'BUTTONS')?.buttons ?? [];
  const values = template.fields.map((f) => {
    if (f.component === 'button') {
      if (f.name === 'code') return named.get('code');
      const url = buttons[f.index ?? -1]?.url ?? '';
      const prefix = url.slice(0, url.indexOf('{{'));
      const full = [...named.values()].find(
        (v) => prefix && v.startsWith(prefix) && v.length > prefix.length,
      );
      return full?.slice(prefix.length);
    }
    if (f.kind !== 'text') return named.get('media');
    if (template.parameterFormat === 'NAMED') return named.get(f.name);
    return said[Number(f.name) - 1]?.[1];
  });
  return values.every((v): v is string => typeof v === 'string' && v.length > 0) ? values : null;
}

/** Reads the provider's templates and stores them (new ones added, every approval updated). */
export async function refreshTemplates(env: Env, db: Db, settings: WhatsAppSettings, now = new Date()) {
  // Templates in the app's languages, whatever the region Meta's code names (`en_US`, `en_GB`).
  const found = (await listTemplates(env, settings)).filter((t) => templateAppLanguage(t.language) !== null);
  const statements: BatchItem<'sqlite'>[] = found.map((t) => {
    const fields = templateFields(t.components, t.parameterFormat);
    const values = {
      name: t.name,
      language: t.language,
      category: t.category,
      body: t.body,
      parameterCount: fields.length,
      parameterFormat: t.parameterFormat,
      components: t.components,
      fields,
      status: t.status,
      purpose: PURPOSE_OF_NAME[t.name] ?? null,
      providerId: t.id || null,
      refreshedAt: now,
    };
    return db
      .insert(whatsappTemplates)
      .values(values)
      .onConflictDoUpdate({
        target: [whatsappTemplates.name, whatsappTemplates.language],
        set: { ...values, updatedAt: sql`(cast(unixepoch('subsec') * 1000 as integer))` },
      });
  });
  // A template deleted at the provider can no longer be sent.
  statements.push(
    db
      .update(whatsappTemplates)
      .set({ status: 'DELETED', refreshedAt: now })
      .where(
        sql`not exists (select 1 from json_each(${JSON.stringify(found.map((t) => `${t.name}|${t.language}`))}) k where k.value = ${whatsappTemplates.name} || '|' || ${whatsappTemplates.language})`,
      ),
  );
  await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  return found.length;
}

/** Refreshes when the approvals were never read or are older than TEMPLATE_REFRESH_MS. */
export async function refreshTemplatesIfStale(env: Env, db: Db, settings: WhatsAppSettings, now: Date) {
  const [row] = await db
    .select({ at: sql<number | null>`max(${whatsappTemplates.refreshedAt})` })
    .from(whatsappTemplates);
  if (row?.at && now.getTime() - Number(row.at) < TEMPLATE_REFRESH_MS) return;
  await refreshTemplates(env, db, settings, now);
}

/**
 * What a refusal outside the window lists: the approved templates, in the guest's language first,
 * each with its fields (the values to give, in order) and its text with its variables named.
 */
export async function fittingTemplates(db: Db, language: Language | null) {
  const rows = await db.select().from(whatsappTemplates).where(eq(whatsappTemplates.status, 'APPROVED'));
  return rows
    .sort(
      (a, b) =>
        Number(templateAppLanguage(b.language) === language) -
          Number(templateAppLanguage(a.language) === language) || a.name.localeCompare(b.name),
    )
    .map(templateSummary);
}

/** A template as the screens read it: its words, its fields, what it is for. */
export function templateSummary(t: WhatsAppTemplateRow) {
  return {
    name: t.name,
    language: t.language,
    appLanguage: templateAppLanguage(t.language),
    body: t.body,
    header: headerOf(t),
    footer: t.components.find((c) => c.type.toUpperCase() === 'FOOTER')?.text ?? null,
    buttons: (t.components.find((c) => c.type.toUpperCase() === 'BUTTONS')?.buttons ?? []).map((b) => ({
      type: b.type.toUpperCase(),
      text: b.text ?? '',
    })),
    parameterFormat: t.parameterFormat,
    parameterCount: t.parameterCount,
    fields: t.fields,
    category: t.category,
    purpose: t.purpose,
  };
}

function headerOf(t: WhatsAppTemplateRow) {
  const header = t.components.find((c) => c.type.toUpperCase() === 'HEADER');
  if (!header) return null;
  const format = (header.format ?? 'TEXT').toUpperCase();
  return { format, text: format === 'TEXT' ? (header.text ?? '') : null };
}
