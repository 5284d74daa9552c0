// The server's log lines are plain JavaScript that runs beside the standalone build.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { logRefusal, oneJsonLine } = require('../../server/log-lines.cjs') as typeof import('../../server/log-lines.cjs');

describe('oneJsonLine', () => {
  test('passes a line that is one JSON object as it is', () => {
    expect(oneJsonLine('info', ['{"event":"lead.submission"}'])).toBe('{"event":"lead.submission"}');
  });

  test('makes anything else one JSON line: the first line of text, without terminal colours', () => {
    expect(JSON.parse(oneJsonLine('info', ['\u001b[32m▲\u001b[39m Next.js 16\n- Local: http://x']))).toMatchObject({ event: 'server.message', message: '▲ Next.js 16' });
  });

  test('names an error by its class, code and digest, never its message', () => {
    const error = Object.assign(new Error('duplicate key value (email)=(eleanor@example.com) in "insert into prospect_inquiries"'), { code: '23505', digest: '42' });
    const line = oneJsonLine('error', [' ⨯', error]);
    expect(JSON.parse(line)).toMatchObject({ event: 'server.message', error: 'Error', code: '23505', digest: '42' });
    expect(line).not.toMatch(/eleanor|insert|duplicate/);
  });
});

describe('logRefusal', () => {
  test('names the method even where no path could be read, and never a tour link’s token', () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    logRefusal({ status: 405, reason: 'method', method: 'CONNECT' });
    logRefusal({ status: 415, reason: 'not_a_form', method: 'POST', path: `/tour/${'T'.repeat(43)}/confirm` });
    const [connect, tour] = logged.mock.calls.map(([line]) => JSON.parse(String(line)));
    expect(connect).toEqual({ time: expect.any(String), level: 'warn', event: 'request.refused', status: 405, reason: 'method', method: 'CONNECT' });
    expect(tour).toMatchObject({ method: 'POST', path: '/tour/<token>/confirm' });
  });
});
