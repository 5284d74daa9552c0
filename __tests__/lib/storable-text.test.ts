import fc from 'fast-check';
import { cutText, holdsUnstorableText, isStorableText } from '@/lib/storable-text';
import { spoiled } from '../support/unstorable';

describe('isStorableText', () => {
  test('any text of whole characters without U+0000 is storable: every script, emoji, controls but U+0000, U+FFFD', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme' }).filter((text) => !text.includes('\u0000')), (text) => isStorableText(text)));
    for (const text of ['', 'Eleanor Whitfield', 'Zoë 👩🏽‍💼', '中文', '\u0001\u001F\u007F', '\uFFFD', '%00', '\\u0000']) expect(isStorableText(text)).toBe(true);
  });

  test('U+0000, or half a surrogate pair, anywhere in text makes it unstorable', () => {
    fc.assert(fc.property(spoiled(), (text) => !isStorableText(text)));
  });
});

describe('holdsUnstorableText', () => {
  test('finds unstorable text however deep in lists and records, in keys as in values', () => {
    fc.assert(
      fc.property(spoiled(), fc.nat(3), (text, depth) => {
        let value: unknown = text;
        for (let level = 0; level < depth; level++) value = level % 2 ? [1, value, null] : { p_other: 'x', p_value: value };
        return holdsUnstorableText(value) && holdsUnstorableText({ [text]: 1 });
      }),
    );
  });

  test('anything else passes: numbers, booleans, nulls, dates, storable text', () => {
    fc.assert(fc.property(fc.jsonValue({ stringUnit: 'grapheme' }).filter((value) => !JSON.stringify(value).includes('\\u0000')), (value) => !holdsUnstorableText(value)));
    expect(holdsUnstorableText({ p_at: new Date(), p_limit: 25, p_search: null, p_ok: true, p_list: ['a', 'b'] })).toBe(false);
  });
});

describe('cutText', () => {
  test('cuts to at most `most` units, a prefix of the text, and never leaves half of a pair it did not find alone', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.nat(40), (text, most) => {
        const cut = cutText(text, most);
        return cut.length <= most && text.startsWith(cut) && cut.length >= Math.min(text.length, most) - 1 && (!isStorableText(text) || isStorableText(cut));
      }),
    );
    expect(cutText('ab😀', 3)).toBe('ab');
    expect(cutText('ab😀', 4)).toBe('ab😀');
    expect(cutText('abc', Infinity)).toBe('abc');
  });
});
