import fc from 'fast-check';

// Text the site must never keep: what PostgreSQL's text cannot hold, or no UTF-8 can spell (lib/storable-text.ts).

/** U+0000, and each half of a surrogate pair alone. */
export const UNSTORABLE = fc.constantFrom('\u0000', '\uD83D', '\uDE00', '\uDBFF', '\uDC00');

/** Text of whole characters (`text`, any by default) with something unstorable put somewhere in it. */
export const spoiled = (text: fc.Arbitrary<string> = fc.string({ unit: 'grapheme' })) =>
  fc.tuple(text, UNSTORABLE, fc.nat()).map(([before, bad, at]) => {
    const characters = [...before];
    const index = at % (characters.length + 1);
    return [...characters.slice(0, index), bad, ...characters.slice(index)].join('');
  });
