/**
 * Something a describe block opens before its tests and closes after them (a store, a mail relay), used in the
 * tests as if it were always there: the handle stands in for it, and says so when used before it is open.
 */
export function openForTests<Opened extends object>(open: () => Promise<Opened>, close: (opened: Opened) => Promise<unknown> | unknown): Opened {
  let opened: Opened | undefined;
  beforeAll(async () => {
    opened = await open();
  });
  afterAll(async () => {
    if (opened) await close(opened);
  });
  const current = (): Opened => {
    if (!opened) throw new Error('used before the describe block opened it: in a test or a hook, not in the block itself');
    return opened;
  };
  return new Proxy({} as Opened, {
    get: (_, key) => {
      const member: unknown = Reflect.get(current(), key);
      return typeof member === 'function' ? member.bind(current()) : member;
    },
  });
}
