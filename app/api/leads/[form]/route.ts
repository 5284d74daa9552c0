import { logEvent } from '@/lib/log';
import { isLeadFormName } from '@/lib/leads/forms';
import { requestContext } from '@/lib/leads/request-context';
import { processLead } from '@/lib/leads/submit';

/** Every answer is one visitor's, about one submission: no cache keeps it. */
const NO_STORE = { 'cache-control': 'no-store' };

/**
 * The lead forms at an address that stays the same from build to build: a Server Action's id changes
 * with each build, so a submission saved on a phone while offline, and sent later by a service worker
 * or by a page of a newer build, comes here. The body is the form's own fields as multipart/form-data
 * (the submission key among them, which makes a repeat a duplicate, stored once), and it takes the
 * Server Actions' path through processLead. The answer is the form's state as JSON, with 200 for every
 * answer the form can render (an error, a challenge to solve, a success): those are the form's
 * answers, not the transport's. The production server's front door (server/front-door.cjs) lets posts
 * through to these two addresses only, with the checks every post gets: same origin, size, a form.
 */
export async function POST(request: Request, { params }: { params: Promise<{ form: string }> }) {
  const { form } = await params;
  if (!isLeadFormName(form)) {
    logEvent('request.refused', { status: 404, reason: 'unknown_form', method: 'POST', path: new URL(request.url).pathname.slice(0, 200) }, 'warn');
    return Response.json({ status: 'not_found' }, { status: 404, headers: NO_STORE });
  }
  // A body that is not a form is the form's "malformed" answer, logged as such by processLead.
  const multipart = /^multipart\/form-data\s*;/i.test(request.headers.get('content-type') ?? '');
  const formData = multipart ? await request.formData().catch(() => null) : null;
  const state = await processLead(form, formData, requestContext(request.headers));
  return Response.json(state, { headers: NO_STORE });
}
