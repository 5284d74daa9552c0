import fc from 'fast-check';
import { parseFilters } from '@/lib/admin/inbox';
import { isStorableText } from '@/lib/storable-text';
import { spoiled } from '../../support/unstorable';

const ME = '6f1c2a4e-0000-4000-8000-00000000a0a0';
const JULIEN = '6f1c2a4e-0000-4000-8000-00000000b1b1';

describe('the inbox’s filters from its query', () => {
  test('an owner or words to search for holding U+0000 or half a surrogate pair filter nothing', () => {
    fc.assert(
      fc.property(spoiled(), spoiled(), (owner, q) => {
        expect(parseFilters('inquiry', { owner, q }, ME)).toEqual({ status: null, owner: null, search: null });
      }),
    );
  });

  test('any other words are kept, trimmed and cut to their length in whole characters; typed as an owner, they filter nothing', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }).filter(isStorableText), (typed) => {
        const { owner, search } = parseFilters('broker', { owner: typed, q: typed, status: 'pending' }, ME);
        expect(search === null ? typed.trim() === '' : isStorableText(search) && search.length <= 120).toBe(true);
        expect(owner === null || owner === ME).toBe(true);
      }),
    );
    expect(parseFilters('broker', { owner: ' Ava Laurent ', q: 'Hale', status: 'pending' }, ME)).toEqual({ status: 'pending', owner: null, search: 'Hale' });
  });

  test('the owner is an account: `me` the signed-in member, an id itself; an old typed name, a list or anything else none', () => {
    const owner = (value: string | string[]) => parseFilters('inquiry', { owner: value }, ME).owner;
    expect(owner('me')).toBe(ME);
    expect(owner(' ME ')).toBe(ME);
    expect(owner(JULIEN)).toBe(JULIEN);
    expect(owner(JULIEN.toUpperCase())).toBe(JULIEN);
    expect(owner('Julien Marchetti')).toBeNull();
    expect(owner(`${JULIEN}x`)).toBeNull();
    expect(owner([JULIEN, ME])).toBeNull();
  });
});
