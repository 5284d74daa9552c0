import { CONTENT_KEY_WINDOW_MS, submissionKey } from '@/lib/leads/guards';

describe('submissionKey', () => {
  const row = { full_name: 'Eleanor', email: 'eleanor@example.com', phone: null, message: null };
  const now = Date.UTC(2026, 10, 21, 12, 3);

  test("uses the browser's key when it sent a well-formed one", () => {
    expect(submissionKey('inquiry', '3f9a0c1e5b7d4a2c9e8f1a0b3c5d7e9f-0', row, null, now)).toBe('3f9a0c1e5b7d4a2c9e8f1a0b3c5d7e9f-0');
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
