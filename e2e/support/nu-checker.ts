import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The checker as the npm package vnu-jar ships it.
const JAR = path.join(process.cwd(), 'node_modules', 'vnu-jar', 'build', 'dist', 'vnu.jar');

/**
 * What the checker reports that is not a fault of our markup: CSS properties
 * newer than its CSS grammar, and the one attribute React writes its own way.
 * Each entry names exactly what it forgives, so that any other complaint, CSS
 * or HTML, still fails.
 */
export const KNOWN_GAPS = [
  // Scroll-driven animations (the sections' rise into view), in Chromium since 115.
  /^CSS: “animation-timeline”: Property “animation-timeline” doesn't exist\.$/,
  /^CSS: “animation-range”: Property “animation-range” doesn't exist\.$/,
  // A field as wide as its value (components/shared/form-field), in Chromium since 123.
  /^CSS: “field-sizing”: Property “field-sizing” doesn't exist\.$/,
  // The site plan (components/shared/site-plan): hairlines that keep one pixel at every size, labels haloed by their
  // stroke, and lot numbers sized by the drawing's own width; SVG's own properties and container queries, in every engine.
  /^CSS: “vector-effect”: Property “vector-effect” doesn't exist\.$/,
  /^CSS: “paint-order”: Property “paint-order” doesn't exist\.$/,
  /^CSS: “container-type”: Property “container-type” doesn't exist\.$/,
  /^CSS: Unrecognized at-rule “@container”$/,
  // React renders a form bound to a Server Action with an empty `action` (the form posts to its own page, as
  // browsers do with one missing) and the action's id in a hidden field; no prop of ours can change that.
  /^Bad value “” for attribute “action” on element “form”: Must be non-empty\.$/,
];

export interface NuMessage {
  document: string;
  line?: number;
  message: string;
}

/**
 * Runs the Nu HTML Checker (npm vnu-jar, on Java) over each document and
 * returns its errors, known gaps left out. Warnings and notes are not errors.
 */
export function nuErrors(documents: Record<string, string>): NuMessage[] {
  const java = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (java.error || java.status !== 0) {
    throw new Error('The Nu HTML Checker needs Java: `sudo apt-get install -y default-jre-headless` (Debian), or any Java 11 or later on the PATH.');
  }
  const directory = mkdtempSync(path.join(tmpdir(), 'aldercrest-nu-'));
  try {
    const files = Object.entries(documents).map(([name, html]) => {
      const file = path.join(directory, `${name.replace(/[^\w-]+/g, '_')}.html`);
      writeFileSync(file, html);
      return [file, name] as const;
    });
    const run = spawnSync('java', ['-jar', JAR, '--format', 'json', '--exit-zero-always', ...files.map(([file]) => file)], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    if (run.status !== 0) throw new Error(`The Nu HTML Checker failed:\n${run.stderr}`);
    const names = new Map(files);
    const { messages } = JSON.parse(run.stderr || run.stdout) as { messages: { type: string; url: string; lastLine?: number; message: string }[] };
    return messages
      .filter((message) => message.type === 'error' || message.type === 'non-document-error')
      .filter((message) => !KNOWN_GAPS.some((gap) => gap.test(message.message)))
      .map((message) => ({ document: names.get(fileURLToPath(message.url)) ?? message.url, line: message.lastLine, message: message.message }));
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}
