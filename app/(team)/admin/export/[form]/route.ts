import { currentActor, TEAM_ROLES } from '@/lib/auth/session';
import { CSV_PREAMBLE, csvLine, exportColumns } from '@/lib/admin/csv';
import { isLeadFormName, LEAD_FORMS } from '@/lib/leads/forms';
import { getStore } from '@/lib/store';

export const dynamic = 'force-dynamic';

const EXPORT_PAGE = 500;
const PRIVATE = { 'cache-control': 'no-store', 'x-robots-tag': 'noindex, nofollow' };

/** Every lead of one form as CSV, oldest first, read from the store a page at a time as it streams out. */
export async function GET(_request: Request, { params }: { params: Promise<{ form: string }> }) {
  const actor = await currentActor();
  const { form: name } = await params;
  // To anyone but a team member signed in, there is nothing here.
  if (!actor || !TEAM_ROLES.includes(actor.role) || !isLeadFormName(name)) {
    return new Response('Not Found', { status: 404, headers: { ...PRIVATE, 'content-type': 'text/plain; charset=utf-8' } });
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
      const leads = await store.exportLeads(actor, name, { offset, limit: EXPORT_PAGE });
      offset += leads.length;
      const records = leads as unknown as Record<string, unknown>[];
      if (records.length) controller.enqueue(encoder.encode(records.map((lead) => csvLine(columns.map((column) => lead[column]))).join('')));
      if (records.length < EXPORT_PAGE) controller.close();
    },
  });

  const date = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      ...PRIVATE,
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="aldercrest-${name}-${date}.csv"`,
    },
  });
}
