import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { InvoiceListSeries } from '@shared/invoice-schemas';
import { api, readJson } from '@/lib/api-client';

/** The list's filters as the screen keeps them (empty: not filtered). */
export type InvoiceFilters = { from: string; to: string; number: string; guest: string; series: string };
export const NO_FILTERS: InvoiceFilters = { from: '', to: '', number: '', guest: '', series: '' };

/** Query keys of the staff's invoices list. */
export const invoiceKeys = {
  all: ['admin', 'invoices'] as const,
  list: (filters: InvoiceFilters) => ['admin', 'invoices', filters] as const,
};

/** The filters as the API's query (an empty one left out). */
export function invoiceQuery(filters: InvoiceFilters): Record<string, string> {
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v.trim() !== ''));
}

/** GET /api/admin/invoices: a page of documents, newest first. */
export function getInvoicePage(filters: InvoiceFilters, cursor: string | null) {
  // The series as the screen's choice holds it (one of the API's, checked there too).
  const query = invoiceQuery(filters) as Record<string, string> & { series?: InvoiceListSeries };
  return readJson(() => api.admin.invoices.$get({ query: { ...query, ...(cursor ? { cursor } : {}) } }));
}
export type InvoicePage = Awaited<ReturnType<typeof getInvoicePage>>;
export type InvoiceRow = InvoicePage['invoices'][number];

export const invoicesQueryOptions = (filters: InvoiceFilters) =>
  infiniteQueryOptions({
    queryKey: invoiceKeys.list(filters),
    queryFn: ({ pageParam }) => getInvoicePage(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // Fresh for a few seconds: the answer the route's prefetch took from the HTML's request is
    // shown as the screen mounts, not asked again (docs/decisions/070-first-requests-in-the-html.md).
    staleTime: 5_000,
    meta: { persist: false },
  });

export function useInvoices(filters: InvoiceFilters) {
  return useInfiniteQuery(invoicesQueryOptions(filters));
}

/** What the screen shows first: the newest documents, unfiltered; started with its code (app/more-routes.tsx). */
export const invoicesFirstQueries = () => [invoicesQueryOptions(NO_FILTERS)];

/** The CSV of what the filters find. */
export const invoicesCsvHref = (filters: InvoiceFilters) => {
  const query = new URLSearchParams(invoiceQuery(filters)).toString();
  return `/api/admin/invoices.csv${query ? `?${query}` : ''}`;
};

/**
 * An outlet's document (series OUT or OCN) as UBL 2.1 XML for the e-invoicing service: the check's
 * invoice, or its void's credit note.
 */
export const outletDocumentXmlHref = (checkId: number, creditNote: boolean) =>
  `/api/outlets/checks/${checkId}/invoice?format=ubl${creditNote ? '&credit=1' : ''}`;

/** An outlet's document on the desk's A4 page, and its check's 80 mm receipt (the worker's pages). */
export const outletDocumentPageHref = (checkId: number, creditNote: boolean) =>
  `/invoices/outlet/${checkId}${creditNote ? '?credit=1' : ''}`;
export const outletReceiptHref = (checkId: number) => `/invoices/outlet/${checkId}/receipt`;

/** GET /api/invoices/:id: an invoice as issued, with its credit notes and what is left of each charge. */
export function useInvoiceDocument(id: number) {
  return useQuery({
    queryKey: [...invoiceKeys.all, 'document', id] as const,
    queryFn: () => readJson(api.invoices[':id'].$get({ param: { id: String(id) } })),
    staleTime: 0,
    meta: { persist: false },
  });
}
export type InvoiceDocumentView = NonNullable<ReturnType<typeof useInvoiceDocument>['data']>;

/** What a credit note credits: all that is left, the lines named, or an amount spread over them. */
export type CreditNoteBody = { reason: string; lineIds?: number[]; amountBaisa?: number };

/**
 * POST /api/admin/invoices/:id/credit-notes (managers): credits what is left of the invoice, or of
 * some of its lines, or an amount of it, with a reason (the server refuses more than is left).
 */
export function useIssueCreditNote() {
  const queryClient = useQueryClient();
  return useMutation({
    // The key is the dialog's: a double tap or a retry after a lost answer makes one credit note.
    mutationFn: ({ id, key, ...json }: CreditNoteBody & { id: number; key: string }) =>
      readJson(
        api.admin.invoices[':id']['credit-notes'].$post(
          { param: { id: String(id) }, json },
          { headers: { 'Idempotency-Key': key } },
        ),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
  });
}
