import { signIn } from '@/lib/admin/auth';
import { CSV_PREAMBLE, csvLine, exportColumns } from '@/lib/admin/csv';
import { serverConfig } from '@/lib/config/server';
import { isLeadFormName, LEAD_FORMS } from '@/lib/leads/forms';
import { getStore } from '@/lib/store';

export const dynamic = 'force-dynamic';

const EXPORT_PAGE = 500;

/** Every lead of one form as CSV, oldest first, read from the store a page at a time as it streams out. */
export async function GET(request: Request, { params }: { params: Promise<{ form: string }> }) {
  const { inbox } = serverConfig();
  const { form: name } = await params;
  if (!inbox || !signIn(request.headers.get('authorization'), inbox.accounts) || !isLeadFormName(name)) {
    return new Response('Not Found', { status: 404 });
  }
  const form = LEAD_FORMS[name];
  const columns = exportColumns(form);
  const store = getStore();
  const encoder = new TextEncoder();
  let offset = 0;

  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(CSV_PREAMBLE + csvLine(columns)));
    },
    async pull(controller) {
      const { leads } = await store.list(form, { offset, limit: EXPORT_PAGE, order: 'oldest' });
      offset += leads.length;
      const records = leads as unknown as Record<string, unknown>[];
      if (records.length) controller.enqueue(encoder.encode(records.map((lead) => csvLine(columns.map((column) => lead[column]))).join('')));
      if (records.length < EXPORT_PAGE) controller.close();
    },
  });

  const date = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="aldercrest-${name}-${date}.csv"`,
      'cache-control': 'no-store',
      'x-robots-tag': 'noindex, nofollow',
    },
  });
}
