import { createHash, randomBytes } from 'node:crypto';
import { newTourLink, TOUR_TOKEN, tokenHashOf, tourToken, tourTokenHash } from '@/lib/tours/links';

const key = randomBytes(32);
const id = '3f0c6a52-1d9b-4c1e-9a53-0b8f1c2d3e4f';

test('a link’s token is derived from its id and the key: the same each time, another for another id or key', () => {
  const token = tourToken(key, id);
  expect(token).toMatch(TOUR_TOKEN);
  expect(tourToken(key, id)).toBe(token);
  expect(tourToken(key, '3f0c6a52-1d9b-4c1e-9a53-0b8f1c2d3e40')).not.toBe(token);
  expect(tourToken(randomBytes(32), id)).not.toBe(token);
});

test('the store keeps the token’s SHA-256, and a new link comes with its id and that hash, not the token', () => {
  const link = newTourLink(key, 'lead-id');
  expect(link).toEqual({ id: expect.any(String), leadId: 'lead-id', tokenHash: tourTokenHash(tourToken(key, link.id)) });
  expect(link.tokenHash).toBe(createHash('sha256').update(tourToken(key, link.id)).digest('hex'));
  expect(JSON.stringify(link)).not.toContain(tourToken(key, link.id));
  expect(newTourLink(key, 'lead-id').id).not.toBe(link.id);
});

test('a followed token is looked up by its hash; anything that cannot be a token is not looked up', () => {
  const token = tourToken(key, id);
  expect(tokenHashOf(token)).toBe(tourTokenHash(token));
  for (const wrong of [null, undefined, '', token.slice(1), `${token}=`, token.replace(/.$/, '.')]) expect(tokenHashOf(wrong)).toBeNull();
});
