// The session's cookie, named once for the proxy (which runs apart from the server's modules) and the server.

/** `__Host-`: sent only over HTTPS (or to localhost), only to this host, for every path, never set by a subdomain. */
export const SESSION_COOKIE = '__Host-aldercrest-session';

/**
 * How long a browser keeps the cookie; the proxy moves it on with each signed-in request. The database
 * decides when a session ends (12 hours idle or 7 days in all for the team, 30 days idle for brokers).
 */
export const SESSION_COOKIE_MAX_AGE = 30 * 24 * 60 * 60;

export const SESSION_COOKIE_OPTIONS = { httpOnly: true, secure: true, sameSite: 'lax', path: '/', maxAge: SESSION_COOKIE_MAX_AGE } as const;

/** The header the proxy sets to the path a request asked for, so that a sign-in can return there. */
export const REQUESTED_PATH_HEADER = 'x-aldercrest-path';
