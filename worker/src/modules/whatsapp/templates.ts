import { and, asc, eq, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { templateParameterCount, type WhatsAppAutoKind } from '@shared/whatsapp';
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

/** An approved template by name and language, or null. */
export async function approvedTemplate(
  db: Db,
  name: string,
  language: Language,
): Promise<WhatsAppTemplateRow | null> {
  const [row] = await db
    .select()
    .from(whatsappTemplates)
    .where(
      and(
        eq(whatsappTemplates.name, name),
        eq(whatsappTemplates.language, language),
        eq(whatsappTemplates.status, 'APPROVED'),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Reads the provider's templates and stores them (new ones added, every approval updated). */
export async function refreshTemplates(env: Env, db: Db, settings: WhatsAppSettings, now = new Date()) {
  const found = (await listTemplates(env, settings)).filter(
    (t) => t.language === 'ar' || t.language === 'en',
  );
  const statements: BatchItem<'sqlite'>[] = found.map((t) => {
    const values = {
      name: t.name,
      language: t.language as Language,
      category: t.category,
      body: t.body,
      parameterCount: templateParameterCount(t.body),
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

/** What a refusal outside the window lists: the approved templates, in the guest's language first. */
export async function fittingTemplates(db: Db, language: Language | null) {
  const rows = await db.select().from(whatsappTemplates).where(eq(whatsappTemplates.status, 'APPROVED'));
  return rows
    .sort(
      (a, b) =>
        Number(b.language === language) - Number(a.language === language) || a.name.localeCompare(b.name),
    )
    .map((t) => ({
      name: t.name,
      language: t.language,
      body: t.body,
      parameterCount: t.parameterCount,
      category: t.category,
    }));
}
