import { asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { SessionUser } from '@shared/auth-schemas';
import type { FolioPaymentInput } from '@shared/folio-schemas';
import type { InvoiceDocument } from '@shared/invoice-schemas';
import { ApiError } from '../../platform/api-error';
import { auditEntry } from '../../platform/audit';
import type { Db } from '../../platform/env';
import { createOnce, storedAnswerQuery, type Created, type Idempotency } from '../../platform/idempotency';
import { folioStays } from '../bookings';
import { cityLedgerAccountQuery, companyInvoiceDetailsQuery } from '../companies';
import { postLine, type PostedLine } from './line-posting';
import { folioLineView, roundingLineView, withRoundings, type FolioLineView } from './line-views';
import { issueInvoice } from './invoices';
import { businessDateOf, lastClosedDateQuery } from './posting';
import { folioLines, folioRoundings, groupFolios, invoiceLines, invoices } from './tables';

/**
 * A group's folio (master billing, docs/decisions/076-group-master-billing.md): the lines of a
 * master-billed block's folio (its members' room nights and their taxes, posted there by the day
 * close and the check-out; its payments; its transfer to the company's account), its balance
 * (kept by the database with each line, in `group_folios`) and its invoices to the company. The
 * same lines, triggers and documents as a stay's folio: a line names a member's booking (a room
 * night its own member; a payment or transfer the group's holder, its first member) and the group.
 */

/** At most this many lines are answered (a group of 60 rooms for 10 nights is 600 room nights). */
export const GROUP_FOLIO_MAX_LINES = 2_000;

type GroupRow = {
  id: number;
  name: string;
  billing: 'master' | 'individual';
  companyId: number | null;
  holderId: number | null;
  balanceBaisa: number | null;
};

/** The group, its holder (first member) and balance; 404 `group_not_found`. */
async function groupOf(db: Db, groupId: number): Promise<GroupRow> {
  const [[row], [folio]] = await db.batch([
    folioStays.groupBillingQuery(db, groupId),
    db
      .select({ balanceBaisa: groupFolios.balanceBaisa })
      .from(groupFolios)
      .where(eq(groupFolios.groupId, groupId)),
  ]);
  if (!row) throw new ApiError(404, 'group_not_found');
  return { ...row, balanceBaisa: folio?.balanceBaisa ?? null };
}

/** A line of the group folio as staff see it: a stay's line, with the member it is for. */
export type GroupFolioLineView = FolioLineView & {
  bookingId: number;
  bookingReference: string;
  guestName: string;
};

export type GroupFolio = {
  groupId: number;
  name: string;
  billing: 'master' | 'individual';
  companyId: number | null;
  companyName: string | null;
  balanceBaisa: number;
  lines: GroupFolioLineView[];
  invoices: {
    id: number;
    kind: 'invoice' | 'credit_note';
    number: string;
    issueDate: string;
    totalBaisa: number;
  }[];
};

/**
 * The group's folio: its balance, its lines in order (each with the invoice it is on and the
 * member it is for) and its documents (one round trip after the group's row).
 *
 * @example
 * const folio = await readGroupFolio(db, 3);
 * folio.balanceBaisa; // what the company owes on it now
 */
export async function readGroupFolio(db: Db, groupId: number): Promise<GroupFolio> {
  const group = await groupOf(db, groupId);
  const [lines, documents, companies, roundings] = await db.batch([
    db
      .select({
        line: folioLines,
        invoiceId: invoiceLines.invoiceId,
        // A line's booking always exists (its foreign key): a group line names a member.
        reference: folioStays.bookingReferenceSql(folioLines.bookingId),
        guestName: folioStays.bookingGuestNameSql(folioLines.bookingId),
      })
      .from(folioLines)
      .leftJoin(invoiceLines, eq(invoiceLines.folioLineId, folioLines.id))
      .where(eq(folioLines.groupId, groupId))
      .orderBy(asc(folioLines.id))
      .limit(GROUP_FOLIO_MAX_LINES),
    db
      .select({
        id: invoices.id,
        kind: invoices.kind,
        number: invoices.number,
        issueDate: invoices.issueDate,
        totalBaisa: invoices.totalBaisa,
      })
      .from(invoices)
      .where(eq(invoices.groupId, groupId))
      .orderBy(desc(invoices.id)),
    cityLedgerAccountQuery(db, group.companyId ?? 0),
    // Its documents' roundings (each on the group's holder), along the group index.
    db
      .select({
        rounding: folioRoundings,
        reference: folioStays.bookingReferenceSql(folioRoundings.bookingId),
        guestName: folioStays.bookingGuestNameSql(folioRoundings.bookingId),
      })
      .from(folioRoundings)
      .where(eq(folioRoundings.groupId, groupId))
      .orderBy(asc(folioRoundings.id))
      .limit(GROUP_FOLIO_MAX_LINES),
  ]);
  return {
    groupId,
    name: group.name,
    billing: group.billing,
    companyId: group.companyId,
    companyName: companies[0]?.name ?? null,
    balanceBaisa: group.balanceBaisa ?? 0,
    lines: withRoundings(
      lines.map((r) => ({
        ...folioLineView(r.line, r.invoiceId ?? null),
        bookingId: r.line.bookingId,
        bookingReference: r.reference ?? '',
        guestName: r.guestName ?? '',
      })),
      roundings.map((r) => ({
        ...roundingLineView(r.rounding),
        bookingId: r.rounding.bookingId,
        bookingReference: r.reference ?? '',
        guestName: r.guestName ?? '',
      })),
    ),
    invoices: documents,
  };
}

/**
 * Whether group `groupId`'s folio has any line, as an SQL condition (along the group index): a
 * block with one keeps master billing (switched away, its folio would take no more lines, not
 * even the payment or transfer that settles it).
 *
 * @example
 * db.update(groupBlocks).set({ billing: 'individual' }).where(sql`not ${groupFolioHasLinesSql(3)}`)
 */
export const groupFolioHasLinesSql = (groupId: number | SQL): SQL =>
  sql`exists (select 1 from folio_lines gl where gl.group_id = ${groupId})`;

/** A master-billed group with a member to hold its folio's own lines; else a clear refusal. */
function assertMaster(group: GroupRow): asserts group is GroupRow & { holderId: number } {
  if (group.billing !== 'master') throw new ApiError(409, 'group_not_master_billed');
  if (group.holderId === null) throw new ApiError(409, 'group_folio_no_members');
}

/** The group folio's balance now, as an SQL scalar (0 before its first line). */
const balanceSql = (groupId: number) =>
  sql`coalesce((select ${groupFolios.balanceBaisa} from ${groupFolios} where ${groupFolios.groupId} = ${groupId}), 0)`;

export type GroupFolioPosted = PostedLine;

/**
 * Posts one line of the group's own (a payment, a transfer) in ONE batch: the key claimed (with an
 * Idempotency-Key), the line (only if `guard` holds when the batch reaches it), its audit line
 * (only with it), the balance after, and the answer stored under the key (only with the line; a
 * refused line lets the key go, so a retry is judged again).
 */
async function postGroupLine(
  db: Db,
  user: SessionUser,
  group: GroupRow & { holderId: number },
  line: Pick<
    typeof folioLines.$inferInsert,
    'kind' | 'method' | 'amountBaisa' | 'approvalCode' | 'cityLedgerAccountId'
  >,
  {
    action,
    audit,
    guard,
    refused,
    message,
    idem = null,
  }: {
    action: string;
    audit: Record<string, unknown>;
    guard: SQL;
    refused: ApiError;
    message: string;
    idem?: Idempotency | null;
  },
): Promise<GroupFolioPosted> {
  const now = new Date();
  const [closed] = await db.batch([lastClosedDateQuery(db)]);
  const businessDate = businessDateOf(closed, now);
  const values = {
    ...line,
    bookingId: group.holderId,
    groupId: group.id,
    businessDate,
    createdAt: now,
    createdBy: user.id,
  };
  return postLine(db, values, {
    owner: sql`${folioLines.groupId} = ${group.id}`,
    guard,
    audit: auditEntry(user, action, 'group', group.id, null, { ...audit, businessDate }),
    balance: balanceSql(group.id),
    refused,
    message,
    idem,
  });
}

/**
 * A payment on the group's folio (the company's, or the organiser's at the desk).
 *
 * @example
 * await postGroupPayment(db, user, 3, { method: 'bank_transfer', amountBaisa: 100_000 });
 */
export async function postGroupPayment(
  db: Db,
  user: SessionUser,
  groupId: number,
  input: FolioPaymentInput,
  { message, idem }: { message: string; idem: Idempotency | null },
): Promise<Created<GroupFolioPosted>> {
  const [group, stored] = await Promise.all([
    groupOf(db, groupId),
    idem ? storedAnswerQuery(db, idem) : Promise.resolve([]),
  ]);
  return createOnce(db, idem, stored[0], async () => {
    assertMaster(group);
    return postGroupLine(
      db,
      user,
      group,
      {
        kind: 'payment',
        method: input.method,
        amountBaisa: input.amountBaisa,
        approvalCode: input.approvalCode ?? null,
      },
      {
        action: 'group_folio.payment',
        audit: {
          method: input.method,
          amountBaisa: input.amountBaisa,
          ...(input.approvalCode && { approvalCode: input.approvalCode }),
        },
        guard: sql`1`,
        refused: new ApiError(409, 'group_not_master_billed'),
        message,
        idem,
      },
    );
  });
}

/**
 * The group folio's whole balance moved to its company's city-ledger account (the database adds
 * it to the account and holds the account's credit limit), only if the balance is still the one
 * read when the batch runs (a line posted meanwhile: 409 `balance_due` with the new balance, to
 * look at again). Nothing owed: 409 `group_folio_settled`; no company: 409 `group_no_company`.
 *
 * @example
 * await transferGroupFolio(db, user, 3); // { line: { kind: 'transfer', ... }, balanceBaisa: 0 }
 */
export async function transferGroupFolio(
  db: Db,
  user: SessionUser,
  groupId: number,
  message: string,
): Promise<GroupFolioPosted> {
  const group = await groupOf(db, groupId);
  assertMaster(group);
  if (group.companyId === null) throw new ApiError(409, 'group_no_company');
  const balance = group.balanceBaisa ?? 0;
  if (balance <= 0) throw new ApiError(409, 'group_folio_settled');
  return postGroupLine(
    db,
    user,
    group,
    { kind: 'transfer', amountBaisa: balance, cityLedgerAccountId: group.companyId },
    {
      action: 'group_folio.transfer',
      audit: { cityLedgerAccountId: group.companyId, amountBaisa: balance },
      guard: sql`${balanceSql(group.id)} = ${balance}`,
      refused: new ApiError(409, 'group_folio_settled'),
      message,
    },
  );
}

/**
 * A tax invoice of the group folio's charges not yet on a document, to the group's company (its
 * name, VAT number and address as on its account): numbered in its batch in the one INV series as
 * every invoice (invoices.ts), so no number is skipped or shared. 409 `nothing_to_invoice` when
 * everything is on a document already; `group_no_company` without a company.
 *
 * @example
 * const invoice = await issueGroupInvoice(db, user, 3); // every room night on one document
 */
export async function issueGroupInvoice(
  db: Db,
  user: SessionUser,
  groupId: number,
  now = new Date(),
): Promise<InvoiceDocument> {
  const group = await groupOf(db, groupId);
  assertMaster(group);
  if (group.companyId === null) throw new ApiError(409, 'group_no_company');
  const company = await companyInvoiceDetailsQuery(db, group.companyId).get();
  if (!company) throw new ApiError(409, 'group_no_company');
  return issueInvoice(db, user, group.holderId, { customer: company }, now, groupId);
}
