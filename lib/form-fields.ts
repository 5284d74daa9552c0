/** A posted entry as text: the string as typed, or '' for a file or for nothing sent. */
export const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A form's field as text, cut to `most` characters where given (so that a huge entry is never kept whole). */
export function formText(formData: FormData, name: string, most = Infinity): string {
  return textOf(formData.get(name)).slice(0, most);
}

/** Several of a form's fields as text, by name, each read as `formText` reads it. */
export function formTexts<Name extends string>(formData: FormData, names: readonly Name[], most = Infinity): Record<Name, string> {
  return Object.fromEntries(names.map((name) => [name, formText(formData, name, most)])) as Record<Name, string>;
}
