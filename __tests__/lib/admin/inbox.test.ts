import fc from 'fast-check';
import { parseFilters } from '@/lib/admin/inbox';
import { isStorableText } from '@/lib/storable-text';
import { spoiled } from '../../support/unstorable';

describe('the inbox’s filters from its query', () => {
  test('an owner or words to search for holding U+0000 or half a surrogate pair filter nothing', () => {
    fc.assert(
      fc.property(spoiled(), spoiled(), (owner, q) => {
        expect(parseFilters('inquiry', { owner, q })).toEqual({ status: null, owner: null, search: null });
      }),
    );
  });

  test('any other owner and words are kept, trimmed and cut to their length in whole characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }).filter(isStorableText), (typed) => {
        const { owner, search } = parseFilters('broker', { owner: typed, q: typed, status: 'pending' });
        for (const [kept, most] of [[owner, 80], [search, 120]] as const) {
          expect(kept === null ? typed.trim() === '' : isStorableText(kept) && kept.length <= most).toBe(true);
        }
      }),
    );
    expect(parseFilters('broker', { owner: ' Ava Laurent ', q: 'Hale', status: 'pending' })).toEqual({ status: 'pending', owner: 'Ava Laurent', search: 'Hale' });
  });
});
