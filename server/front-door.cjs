// The front door of the production server: every request passes here before Next sees it. It tells the site which
// connection a request came in on (the client's address, which no header a client sends can change), and gives a
// clear 4xx, with one JSON log line, to what no form could send: another method, a post from another origin, an
// unknown action, a body too large or unreadable. The checks, the refusals and React's action wire format are modules
// of their own; this one puts them in order. Plain JavaScript, since it runs beside the standalone build.
'use strict';

const { actionPosted, argumentsOfAForm, isActionId, sentActionId } = require('./action-wire-format.cjs');
const { LINGER } = require('./lingering-close.cjs');
const { logAbandoned } = require('./log-lines.cjs');
const { createPostQueue } = require('./post-queue.cjs');
const { answerFailure, refuse } = require('./refusals.cjs');
const { readBody, replay } = require('./request-body.cjs');
const checks = require('./request-checks.cjs');

/** The header lib/request.ts reads the connection's address from, behind this process's token. */
const SOCKET_ADDRESS_HEADER = 'x-aldercrest-socket-address';
/**
 * Sent by Next's client for pages this site does not have, it has Next skip the proxy (proxy.ts) and answer `{}`
 * with a 200, to anyone, at /admin as anywhere: every request here goes through the proxy.
 */
const SKIP_PROXY_HEADER = 'x-middleware-prefetch';

/** @typedef {import('node:http').IncomingMessage} IncomingMessage */
/** @typedef {import('node:http').ServerResponse} ServerResponse */
/** @typedef {(request: IncomingMessage, response: ServerResponse) => unknown} HandOn how the door hands a request on to Next */

/**
 * @param {{ actions: import('./action-wire-format.cjs').ActionArguments, socketToken: string, trustProxy: string | null, linger?: import('./lingering-close.cjs').Linger, postsAtOnce?: number }} options
 *   `actions`: the build's Server Actions, each id with the number of arguments it takes; `postsAtOnce`: how many
 *   posts Next works on at once (server/post-queue.cjs)
 * @returns {(request: IncomingMessage, response: ServerResponse, next: HandOn) => void}
 */
function createFrontDoor({ actions, socketToken, trustProxy, linger = LINGER, postsAtOnce }) {
  const enqueue = createPostQueue(postsAtOnce);
  /** @param {string} id */
  const known = (id) => Object.hasOwn(actions, id);
  return function frontDoor(request, response, next) {
    let path = (request.url ?? '/').split('?')[0] ?? '';
    /**
     * @param {import('./refusals.cjs').RefusalStatus} status
     * @param {string} reason
     * @param {Record<string, string>} [headers]
     */
    const refused = (status, reason, headers) => refuse(request, response, { status, reason, path, headers, linger });

    delete request.headers[SOCKET_ADDRESS_HEADER];
    request.headers[SOCKET_ADDRESS_HEADER] = `${socketToken} ${request.socket.remoteAddress ?? ''}`;
    // Without a trusted proxy, forwarding headers come from the client itself: they are dropped, and Next fills in the real ones.
    if (!trustProxy) for (const name of checks.FORWARDING_HEADERS) delete request.headers[name];
    delete request.headers[SKIP_PROXY_HEADER];

    if (!checks.ALLOWED_METHODS.includes(request.method ?? '')) return refused(405, 'method', { allow: checks.ALLOW });
    const wrongHost = checks.hostFault(request);
    if (wrongHost) return refused(400, wrongHost);
    if (!checks.toOriginForm(request)) return refused(400, 'malformed_target');
    const target = request.url ?? '/';
    path = target.split('?')[0] ?? '';
    if (!checks.decodable(path)) return refused(400, 'malformed_path');
    if (path === checks.NEXT_ERROR_PAGE) return refused(404, 'not_a_page');
    for (const name of checks.PARTIAL_AND_PRECONDITIONS) delete request.headers[name];
    if (request.method !== 'POST') return next(request, response);

    // Every post is a form's, sent from a page of this site to a Server Action or to the lead endpoint.
    const declared = request.headers['content-length'];
    if (declared !== undefined && !(Number(declared) <= checks.BODY_LIMIT)) return refused(413, 'body_too_large');
    const origin = request.headers.origin;
    const forwardedHost = trustProxy ? request.headers['x-forwarded-host'] : undefined;
    const host = (forwardedHost && String(forwardedHost)) || request.headers.host;
    if (!origin || !checks.sameHost(origin, host)) return refused(403, origin ? 'cross_origin' : 'no_origin');
    const type = request.headers['content-type'] ?? '';
    if (!/^multipart\/form-data\s*;\s*boundary=/i.test(type)) return refused(415, 'not_a_form');
    const sentAction = sentActionId(request.headers);
    const endpoint = checks.LEAD_ENDPOINTS.has(path);
    if (endpoint) {
      // Strict: one spelling of each address, and nothing for an action to act on.
      if (target !== path) return refused(400, 'query_on_endpoint');
      if (sentAction !== undefined) return refused(400, 'action_on_endpoint');
    } else if (checks.underApi(path)) {
      return refused(404, 'unknown_endpoint');
    } else if (sentAction !== undefined) {
      if (!isActionId(sentAction)) return refused(400, 'malformed_action');
      if (!known(sentAction)) return refused(404, 'unknown_action');
    }

    readBody(request, checks.BODY_LIMIT)
      .then(
        async (body) => {
          if (body === null) return refused(413, 'body_too_large');
          let form;
          try {
            form = await new Response(body, { headers: { 'content-type': type } }).formData();
          } catch {
            return refused(400, 'unreadable_form');
          }
          if ([...form.keys()].length > checks.PART_LIMIT) return refused(413, 'too_many_parts');
          if (sentAction !== undefined && !argumentsOfAForm(form, actions[sentAction])) return refused(400, 'unreadable_arguments');
          if (sentAction === undefined && !endpoint) {
            // A post without JavaScript names its action in the form itself.
            const posted = actionPosted(form);
            if (posted === null) return refused(400, 'no_action');
            if (!known(posted.id)) return refused(404, 'unknown_action');
            if (posted.count !== actions[posted.id]) return refused(400, 'unreadable_arguments');
          }
          enqueue(
            response,
            () => next(replay(request, body), response),
            () => logAbandoned({ method: request.method, path }),
          );
        },
        () => request.destroy(),
      )
      // A fault of the door's own reading a post is a 500, answered and logged, never a request left without an answer.
      .catch((error) => answerFailure(error, request, response, path));
  };
}

module.exports = { createFrontDoor, SOCKET_ADDRESS_HEADER };
