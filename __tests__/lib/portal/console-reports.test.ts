/**
 * @jest-environment node
 */
import { MessageChannel } from 'node:worker_threads';
import { errorKind, reportConsoleCalls, type ConsoleReport } from '@/lib/portal/pdf/console-reports';

/** What each console call below posts, read from the other end of a real channel. */
async function reportsOf(calls: () => void): Promise<ConsoleReport['report'][]> {
  const { port1, port2 } = new MessageChannel();
  const received: ConsoleReport['report'][] = [];
  // A message posted after the calls comes after theirs: once it is in, so are they.
  const ended = new Promise<void>((resolve) => port2.on('message', (message: ConsoleReport | 'end') => (message === 'end' ? resolve() : received.push(message.report))));
  const restore = reportConsoleCalls(port1);
  try {
    calls();
  } finally {
    restore();
  }
  port1.postMessage('end');
  await ended;
  port1.close();
  return received;
}

describe("the documents' thread's console", () => {
  it('posts one report a call, however long or many-lined, with the kind of error and none of its words', async () => {
    const stack = Array.from({ length: 5_000 }, (_, line) => `    at Component${line} (file:///document.mjs:${line}:1)`).join('\n');
    const thrown = new TypeError('estates of Eleanor Whitfield is not iterable');
    const reports = await reportsOf(() => {
      console.warn(thrown, { componentStack: stack });
      console.error(`RangeError: ${'x'.repeat(300_000)}\n${stack}`);
      console.error('%s: %s', 'Warning', 'a key is missing');
      console.log('laid out', 3, 'pages');
    });
    expect(reports).toEqual([
      { level: 'warn', error: 'TypeError' },
      { level: 'warn', error: 'RangeError' },
      { level: 'warn', error: null },
      { level: 'info', error: null },
    ]);
    expect(JSON.stringify(reports)).not.toMatch(/Eleanor|Component|xxx/);
  });

  it('puts the console back as it was', async () => {
    const before = { error: console.error, warn: console.warn, log: console.log };
    await reportsOf(() => undefined);
    expect({ error: console.error, warn: console.warn, log: console.log }).toEqual(before);
  });

  it.each([
    [[new RangeError('too deep')], 'RangeError'],
    [['SyntaxException at 3'], 'SyntaxException'],
    [['no error here', new Error('second')], 'Error'],
    [['The above error occurred in <Page>'], null],
    [[{ message: 'an object' }], null],
    [[], null],
  ])('names the kind of error of %p as %p', (said, kind) => {
    expect(errorKind(said)).toBe(kind);
  });
});
