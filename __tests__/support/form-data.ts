/** A FormData as a browser would post it: every field a string unless given as a File. */
export function formData(fields: Record<string, string | File | (string | File)[]>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) data.append(name, item);
  }
  return data;
}

/** The JSON lines a function wrote through console.log and console.error while it ran. */
export async function captureLogLines<T>(run: () => Promise<T>): Promise<{ result: T; lines: Record<string, unknown>[]; raw: string }> {
  const written: string[] = [];
  const log = jest.spyOn(console, 'log').mockImplementation((line: unknown) => void written.push(String(line)));
  const error = jest.spyOn(console, 'error').mockImplementation((line: unknown) => void written.push(String(line)));
  try {
    const result = await run();
    const lines = written.flatMap((line) => {
      try {
        return [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return [];
      }
    });
    return { result, lines, raw: written.join('\n') };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}
