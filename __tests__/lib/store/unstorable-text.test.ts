import fc from 'fast-check';
import type { Actor } from '@/lib/auth/types';
import { databaseMethods, UNSTORABLE_TEXT } from '@/lib/store/database';
import { isStoreError } from '@/lib/store/types';
import { spoiled } from '../../support/unstorable';

const actor = { id: 'c0a80101-0000-4000-8000-000000000001', sessionId: 'session' } as Actor;
const LEAD = 'c0a80101-0000-4000-8000-000000000002';

describe('the store’s last word on text the database cannot hold', () => {
  test('a call holding U+0000 or half a surrogate pair anywhere is refused as 22021 before anything reaches the database', async () => {
    const sent: string[] = [];
    const methods = databaseMethods(async (name) => {
      sent.push(name);
      return true;
    });
    const calls = [
      (text: string) => methods.addNote(actor, LEAD, text),
      (text: string) => methods.searchLeads(actor, { form: 'inquiry', status: null, owner: text, search: null, offset: 0, limit: 25 }),
      (text: string) => methods.erasePerson(actor, text, new Date()),
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...calls), spoiled(), async (call, text) => {
        const error = await call(text).then(() => null, (thrown: unknown) => thrown);
        expect(isStoreError(error) && error.reason === 'rejected' && error.code === UNSTORABLE_TEXT).toBe(true);
      }),
    );
    expect(sent).toEqual([]);
    // Text it can hold goes through.
    await methods.addNote(actor, LEAD, 'A note, with “quotes”, 中文 and 😀.');
    expect(sent).toEqual(['add_lead_note']);
  });
});
