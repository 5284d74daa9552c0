import { STORE_NAMES, storeForTests } from '../../support/stores';

describe.each(STORE_NAMES)('tour page posts held to the forms\' limits on the %s store', (storeName) => {
  const subject = storeForTests(storeName);
  beforeEach(() => subject.sql('truncate private.submission_log'));

  const perClient = { limit: 2, windowSeconds: 600 };
  const admit = (clientAddress: string, global: { limit: number; windowSeconds: number } | null = null) =>
    subject.store.admitTourPost({ clientAddress, perClient, global });

  test('each client to its own limit, in the log the forms count in; the global cap for all', async () => {
    expect(await admit('198.51.100.7')).toBe('admitted');
    expect(await admit('198.51.100.7')).toBe('admitted');
    expect(await admit('198.51.100.7')).toBe('limited');
    // Another client is not held by the first one's posts.
    expect(await admit('203.0.113.9')).toBe('admitted');
    // The same log as the forms': only the client's hash is kept, and a refused post is not counted.
    const rows = await subject.sql<{ client_hash: string }>('select client_hash from private.submission_log');
    expect(rows).toHaveLength(3);
    expect(JSON.stringify(rows)).not.toContain('198.51.100.7');
    // Over the global cap, every client is turned away.
    expect(await admit('192.0.2.1', { limit: 3, windowSeconds: 60 })).toBe('limited');
    expect(await admit('192.0.2.1', { limit: 4, windowSeconds: 60 })).toBe('admitted');
  });

  test('a window passed frees the client again', async () => {
    await admit('198.51.100.7');
    await admit('198.51.100.7');
    await subject.sql("update private.submission_log set created_at = created_at - interval '11 minutes'");
    expect(await admit('198.51.100.7')).toBe('admitted');
  });
});
