// The headers next.config.ts gives every response, as the routes manifest states them once built, for the
// answers the standalone server gives before Next does (images and pages written at build).
'use strict';

const { readFileSync } = require('node:fs');

/**
 * @param {string} routesManifest the build's routes-manifest.json
 * @returns {(request: import('node:http').IncomingMessage, pathname: string) => Record<string, string>}
 */
function createSiteHeaders(routesManifest) {
  const rules = (JSON.parse(readFileSync(routesManifest, 'utf8')).headers ?? []).map((rule) => {
    const conditions = [...(rule.has ?? []), ...(rule.missing ?? [])];
    // Only header conditions are written in next.config.ts; another kind would be answered wrongly here, so the server refuses to start.
    if (conditions.some((condition) => condition.type !== 'header')) throw new Error(`The header rule for ${rule.source} has a condition other than a header's`);
    return { ...rule, pattern: new RegExp(rule.regex) };
  });

  /** As Next matches a `has` or `missing` header: present, or its whole value matching the pattern given. */
  const matches = (request, { key, value }) => {
    const sent = request.headers[key.toLowerCase()];
    if (sent === undefined) return false;
    return value === undefined || new RegExp(`^${value}$`).test(String(sent));
  };

  return function siteHeaders(request, pathname) {
    const headers = {};
    for (const rule of rules) {
      if (!rule.pattern.test(pathname)) continue;
      if (rule.has && !rule.has.every((condition) => matches(request, condition))) continue;
      if (rule.missing && rule.missing.some((condition) => matches(request, condition))) continue;
      for (const { key, value } of rule.headers) headers[key.toLowerCase()] = value;
    }
    return headers;
  };
}

module.exports = { createSiteHeaders };
