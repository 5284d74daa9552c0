import { z } from 'zod';
import { cutText, isStorableText } from '@/lib/storable-text';

/** A posted entry as text: the string as typed, or '' for a file or for nothing sent. */
export const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A form's field as text, cut to `most` characters where given (so that a huge entry is never kept whole), never through a pair. */
export function formText(formData: FormData, name: string, most = Infinity): string {
  return cutText(textOf(formData.get(name)), most);
}

/** Several of a form's fields as text, by name, each read as `formText` reads it. */
export function formTexts<Name extends string>(formData: FormData, names: readonly Name[], most = Infinity): Record<Name, string> {
  return Object.fromEntries(names.map((name) => [name, formText(formData, name, most)])) as Record<Name, string>;
}

/**
 * A form's entries through its schema, with every entry the site cannot keep (lib/storable-text.ts) refused as that
 * field's error (`message`, where the form shows one), whatever the schema says of it: none reaches the store.
 */
export function parseFields<Output>(
  schema: z.ZodType<Output>,
  values: Readonly<Record<string, unknown>>,
  message = 'unstorable text',
): z.ZodSafeParseResult<Output> {
  const parsed = schema.safeParse(values);
  const unstorable = Object.keys(values).filter((name) => typeof values[name] === 'string' && !isStorableText(values[name]));
  if (!unstorable.length) return parsed;
  const issues = parsed.success ? [] : [...parsed.error.issues];
  for (const name of unstorable) {
    if (!issues.some((issue) => issue.path[0] === name)) issues.push({ code: 'custom', path: [name], message, input: values[name] });
  }
  return { success: false, error: new z.ZodError(issues) as z.ZodError<Output> };
}
