// Server load: autocannon against the production server.
import autocannon from 'autocannon';
import { formStatus, hiddenFields, multipartBody } from '../../__tests__/support/no-js-form.mjs';

const SUCCESS_TEXT = 'Thank you for your interest.';

/** The inquiry form's status line in an answer, or nothing when the answer is not the page. */
function shownMessage(body) {
  try {
    return formStatus(body, 'inquiry-form').message;
  } catch {
    return '';
  }
}

function summarise(result) {
  return {
    requestsPerSecond: result.requests.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** What a phone's browser sends for a page: it accepts the page compressed. */
export const AS_A_BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/** GET of the page, as a load tool asks by default (nothing compressed), or with these request headers. */
export async function loadHomePage(url, { connections, durationSeconds }, headers = {}) {
  const result = await autocannon({ url, connections, duration: durationSeconds, headers });
  return summarise(result);
}

/**
 * No-JavaScript inquiries, each with its own email address so none is taken
 * for a repeat of another: for a time (`durationSeconds`), or a number of them (`amount`) sent as fast as the
 * connections allow. Answers are read: a 200 that is not the success page is an error. Returns the addresses that
 * were answered with success.
 */
export async function loadInquiries(url, { connections, durationSeconds, amount }) {
  const hidden = hiddenFields(await (await fetch(url)).text(), 'inquiry-form');
  const boundary = 'benchboundary7MA4YWxkTrZu0gW';
  const run = `${Date.now().toString(36)}`;
  let sequence = 0;
  const succeeded = [];
  let refused = 0;

  const result = await autocannon({
    url,
    connections,
    ...(amount ? { amount } : { duration: durationSeconds }),
    timeout: 30,
    requests: [
      {
        method: 'POST',
        path: '/',
        headers: { origin: url, 'content-type': `multipart/form-data; boundary=${boundary}` },
        setupRequest(request, context) {
          context.email = `bench+${run}-${++sequence}@example.com`;
          const fields = [...hidden, ['full_name', 'Bench Visitor'], ['email', context.email], ['phone', ''], ['message', 'Load test']];
          return { ...request, body: multipartBody(fields, boundary) };
        },
        onResponse(status, body, context) {
          if (status === 200 && shownMessage(body).startsWith(SUCCESS_TEXT)) succeeded.push(context.email);
          else refused += 1;
        },
      },
    ],
  });
  const summary = summarise(result);
  return { ...summary, errors: summary.errors + refused, succeeded };
}
