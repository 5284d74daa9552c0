// Posting a lead form the way a browser without JavaScript does: a multipart POST to the page, carrying the
// hidden fields React rendered into the form. Shared by the browser tests and the bench.

const ENTITIES = { '&quot;': '"', '&#x27;': "'", '&lt;': '<', '&gt;': '>', '&amp;': '&' };

/**
 * An attribute's value as React wrote it into the HTML, read back as text.
 * @param {string} written
 */
export const attributeText = (written) => written.replace(/&(quot|#x27|lt|gt|amp);/g, (entity) => ENTITIES[entity]);

/**
 * The hidden fields of the form with this id, read from the page's HTML.
 * @param {string} html
 * @param {string} formId
 * @returns {[string, string][]}
 */
export function hiddenFields(html, formId) {
  const start = html.indexOf(`<form id="${formId}"`);
  if (start < 0) throw new Error(`No form #${formId} in the page`);
  const form = html.slice(start, html.indexOf('</form>', start));
  const fields = [...form.matchAll(/<input[^>]*type="hidden"[^>]*>/g)].flatMap(([tag]) => {
    const name = /name="([^"]*)"/.exec(tag)?.[1];
    const value = /value="([^"]*)"/.exec(tag)?.[1] ?? '';
    return name ? [[name, attributeText(value)]] : [];
  });
  if (!fields.some(([name]) => name === '$ACTION_KEY')) throw new Error(`Form #${formId} carries no $ACTION_KEY: has its markup changed?`);
  return fields;
}

/**
 * A multipart/form-data body, built by hand so that load tools can send it as a plain string.
 * @param {[string, string][]} fields
 * @param {string} boundary
 */
export function multipartBody(fields, boundary) {
  return (
    fields.map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`).join('') +
    `--${boundary}--\r\n`
  );
}

/**
 * Posts a form without JavaScript and reads the page that comes back.
 * @param {string} pageUrl
 * @param {string} formId
 * @param {Record<string, string>} values
 * @param {{ hidden?: [string, string][], headers?: Record<string, string> }} [options]
 */
export async function postFormWithoutScript(pageUrl, formId, values, { hidden, headers = {} } = {}) {
  const fields = hidden ?? hiddenFields(await (await fetch(pageUrl)).text(), formId);
  const boundary = `----aldercrest${Math.random().toString(16).slice(2)}`;
  const response = await fetch(pageUrl, {
    method: 'POST',
    headers: { origin: new URL(pageUrl).origin, 'content-type': `multipart/form-data; boundary=${boundary}`, ...headers },
    body: multipartBody([...fields.filter(([name]) => !(name in values)), ...Object.entries(values)], boundary),
  });
  return { status: response.status, html: await response.text() };
}

/**
 * What a form's status line says in a page the server returned: its state and its message. The page
 * carries every message of the form in its script data, so a message is only shown where it stands here.
 * @param {string} html
 * @param {string} formId
 * @returns {{ status: string, message: string }}
 */
export function formStatus(html, formId) {
  const found = new RegExp(`<p id="${formId}-status"[^>]*data-status="([^"]*)"[^>]*>([^<]*)<`).exec(html);
  if (!found) throw new Error(`No status line for #${formId} in the page: has its markup changed?`);
  return { status: found[1], message: found[2].replace(/&(quot|#x27|lt|gt|amp);/g, (entity) => ENTITIES[entity]) };
}

/**
 * The words of the status sentence with this id in a page the server returned, its mark and markup dropped;
 * undefined where the page has none.
 * @param {string} html
 * @param {string} id
 * @returns {string | undefined}
 */
export function statusWords(html, id) {
  const found = new RegExp(`<p id="${id}"[^>]*>(.*?)</p>`, 's').exec(html);
  return found ? attributeText(found[1].replace(/<[^>]*>/g, '')) : undefined;
}
