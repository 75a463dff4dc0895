/**
 * A CSV export's answer (the text made by platform/csv.ts `toCsv`): a download that no browser or
 * proxy keeps.
 */
export function csvResponse(body: string, filename: string): Response {
  return new Response(body, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'no-store',
    },
  });
}
