import { CONTENT_KEY_WINDOW_MS, submissionKey } from '@/lib/leads/guards';

describe('submissionKey', () => {
  const row = { full_name: 'Eleanor', email: 'eleanor@example.com', phone: null, message: null };
  const now = Date.UTC(2026, 10, 21, 12, 3);

  test("with the browser's key, the same content gives the same key and edited content another", () => {
    const browserKey = '3f9a0c1e5b7d4a2c9e8f1a0b3c5d7e9f-0';
    const first = submissionKey('inquiry', browserKey, row, null, now);
    expect(first).toMatch(/^browser-[0-9a-f]{64}$/);
    expect(submissionKey('inquiry', browserKey, { ...row }, '203.0.113.5', now + CONTENT_KEY_WINDOW_MS * 3)).toBe(first);
    expect(submissionKey('inquiry', browserKey, { ...row, message: 'Edited before sending again' }, null, now)).not.toBe(first);
    expect(submissionKey('inquiry', `${browserKey}x`, row, null, now)).not.toBe(first);
  });

  test('derives one from the content when there is none, or a malformed one', () => {
    const derived = submissionKey('inquiry', '', row, null, now);
    expect(derived).toMatch(/^content-[0-9a-f]{64}$/);
    expect(submissionKey('inquiry', 'short', row, null, now)).toBe(derived);
    expect(submissionKey('inquiry', "x'; drop table leads; --".padEnd(40, 'x'), row, null, now)).toBe(derived);
    expect(submissionKey('inquiry', new File(['k'], 'k'), row, null, now)).toBe(derived);
  });

  test('derives the same key for a replay within the window, and a new one after it', () => {
    const first = submissionKey('inquiry', null, row, null, now);
    expect(submissionKey('inquiry', null, row, null, now + 1000)).toBe(first);
    expect(submissionKey('inquiry', null, row, null, now + CONTENT_KEY_WINDOW_MS)).not.toBe(first);
  });

  test('never derives the same key for different visitors, content or forms', () => {
    const first = submissionKey('inquiry', null, row, null, now);
    expect(submissionKey('inquiry', null, { ...row, email: 'marcus@example.com' }, null, now)).not.toBe(first);
    expect(submissionKey('inquiry', null, row, '198.51.100.7', now)).not.toBe(first);
    expect(submissionKey('broker', null, row, null, now)).not.toBe(first);
  });
});
