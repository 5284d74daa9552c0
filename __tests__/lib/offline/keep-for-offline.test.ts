import { KEEP_PHOTO, photoToKeep } from '@/lib/offline/keep-for-offline.mjs';

// What a page may ask the worker to keep: only its origin's scaled images, from a page of that origin.
const ORIGIN = 'https://aldercrest.example';
const PHOTO = `${ORIGIN}/_next/image?url=%2F_next%2Fstatic%2Fmedia%2Fhero-portrait.jpg&w=1200&q=70`;

test('the hero photograph a page of the site asks to keep', () => {
  expect(photoToKeep({ type: KEEP_PHOTO, photo: PHOTO }, ORIGIN, ORIGIN)).toBe(PHOTO);
});

test.each([
  ['a page of another origin', { type: KEEP_PHOTO, photo: PHOTO }, 'https://elsewhere.example'],
  ['another origin’s image', { type: KEEP_PHOTO, photo: 'https://elsewhere.example/_next/image?url=x&w=640&q=70' }, ORIGIN],
  ['an address of the site that is not a scaled image', { type: KEEP_PHOTO, photo: `${ORIGIN}/admin` }, ORIGIN],
  ['a relative address', { type: KEEP_PHOTO, photo: '/_next/image?url=x' }, ORIGIN],
  ['an address past 2 KB', { type: KEEP_PHOTO, photo: `${PHOTO}&pad=${'a'.repeat(2048)}` }, ORIGIN],
  ['another word', { type: 'skip-waiting', photo: PHOTO }, ORIGIN],
  ['no address', { type: KEEP_PHOTO }, ORIGIN],
  ['a number', { type: KEEP_PHOTO, photo: 7 }, ORIGIN],
  ['nothing', null, ORIGIN],
  ['text', 'keep-photo', ORIGIN],
])('nothing for %s', (_what, data, from) => {
  expect(photoToKeep(data, from, ORIGIN)).toBeNull();
});
