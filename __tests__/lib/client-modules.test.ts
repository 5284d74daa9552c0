import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import madge from 'madge';

// What a browser loads is what the client components import, and what those import in turn. The schemas that check a
// form run on the server: a page whose form module reached zod had the browser evaluate about 100 KB of it on every
// load (the team's estates and tours pages did), for nothing it used.

const SOURCES = ['app', 'components', 'lib'];
// Each file's text read once: the walk below passes the same modules from every client component.
const texts = new Map<string, string>();
const textOf = (file: string) => texts.get(file) ?? texts.set(file, readFileSync(file, 'utf8')).get(file)!;
const directive = (file: string, name: string) => new RegExp(`^\\s*['"]${name}['"]`).test(textOf(file));
const sourceFiles = (directory: string): string[] =>
  readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(directory, entry.name);
    return entry.isDirectory() ? sourceFiles(file) : /\.tsx?$/.test(entry.name) ? [file] : [];
  });

test('no module a client component loads brings zod to the browser', async () => {
  const clients = SOURCES.flatMap(sourceFiles).filter((file) => directive(file, 'use client'));
  expect(clients.length).toBeGreaterThan(10);
  const graph = (
    await madge(clients, {
      baseDir: process.cwd(),
      fileExtensions: ['ts', 'tsx', 'js', 'mjs'],
      tsConfig: 'tsconfig.json',
      includeNpm: true,
      detectiveOptions: { ts: { skipTypeImports: true }, tsx: { skipTypeImports: true } },
    })
  ).obj();
  expect(Object.keys(graph)).toContain('components/team/estate-form.tsx');

  // The path from each client component to zod, if there is one. A server action's module is not followed: the
  // browser is given a reference to call it by, never its code.
  const pathToZod = (file: string, seen: Set<string>): string[] | null => {
    if (seen.has(file)) return null;
    seen.add(file);
    if (/node_modules\/zod\//.test(file)) return [file];
    if (!file.includes('node_modules') && directive(file, 'use server')) return null;
    for (const next of graph[file] ?? []) {
      const rest = pathToZod(next, seen);
      if (rest) return [file, ...rest];
    }
    return null;
  };
  const reached = clients.flatMap((file) => {
    const found = pathToZod(file, new Set());
    return found ? [found.join(' → ')] : [];
  });
  expect(reached).toEqual([]);
});
