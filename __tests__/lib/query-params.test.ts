import fc from 'fast-check';
import { readAddressId, readQuery, type Query } from '@/lib/query-params';
import { spoiled } from '../support/unstorable';

const name = fc.constantFrom('q', 'owner', 'status', 'saved', 'refused', 'from', 'day', 'token', 'next', 'signed-out');
const storable = fc.string({ unit: 'grapheme' }).filter((text) => !text.includes('\u0000'));
const query = fc.dictionary(name, fc.oneof(storable, fc.array(storable, { minLength: 1, maxLength: 3 })));

/** The warnings the reader logged while `work` ran. */
function warningsDuring(work: () => void): Record<string, unknown>[] {
  const printed = jest.spyOn(console, 'error').mockImplementation(() => {});
  work();
  const lines = printed.mock.calls.map(([line]) => JSON.parse(String(line)) as Record<string, unknown>);
  printed.mockRestore();
  return lines;
}

describe('readQuery', () => {
  test('a query of text the site can keep comes back as it was, and nothing is logged', () => {
    fc.assert(
      fc.property(query, (sent) => {
        let read: Query = {};
        expect(warningsDuring(() => (read = readQuery(sent)))).toEqual([]);
        return read === sent;
      }),
    );
  });

  test('a parameter holding U+0000 or half a surrogate pair, alone or in a list, is left out as though not sent; the rest stay; one warning names it', () => {
    fc.assert(
      fc.property(query, name, spoiled(), fc.boolean(), (sent, bad, text, asList) => {
        const given: Query = { ...sent, [bad]: asList ? ['fine', text] : text };
        let read: Query = {};
        const warnings = warningsDuring(() => (read = readQuery(given)));
        expect(read).toEqual(Object.fromEntries(Object.entries(given).filter(([key]) => key !== bad)));
        expect(bad in read).toBe(false);
        expect(warnings).toEqual([expect.objectContaining({ level: 'warn', event: 'request.refused', reason: 'unstorable_text', parameters: bad })]);
      }),
    );
  });

  test('the warning names the parameters, never what they held, and a name that is no word of the site’s as "?"', () => {
    const warnings = warningsDuring(() => readQuery({ q: 'Eleanor\u0000Whitfield', owner: 'Ava\u0000', 'Eleanor Whitfield\u0000': 'x', page: '2' }));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ parameters: 'q,owner,?' });
    expect(JSON.stringify(warnings)).not.toMatch(/Eleanor|Ava/);
  });
});

describe('readAddressId', () => {
  test('a UUID in any mix of cases is the one id, in lower case', () => {
    fc.assert(
      fc.property(fc.uuid(), fc.array(fc.boolean(), { minLength: 36, maxLength: 36 }), (id, upper) => {
        const written = [...id].map((letter, at) => (upper[at] ? letter.toUpperCase() : letter)).join('');
        expect(readAddressId(written)).toBe(id.toLowerCase());
      }),
    );
  });

  test('anything else is no id', () => {
    for (const value of ['', 'abc', '1', '00000000-0000-0000-0000-00000000000', '00000000-0000-0000-0000-0000000000000', ' 54c09d07-1b1e-4b8e-9d3c-2f4a5b6c7d8e', '54c09d07-1b1e-4b8e-9d3c-2f4a5b6c7d8e\u0000', 'g4c09d07-1b1e-4b8e-9d3c-2f4a5b6c7d8e', '54c09d071b1e4b8e9d3c2f4a5b6c7d8e', '__proto__']) {
      expect(readAddressId(value)).toBeNull();
    }
  });
});
