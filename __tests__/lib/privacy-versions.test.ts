import { PRIVACY_NOTICE_VERSION } from '@/lib/privacy';
import { PRIVACY_NOTICE_DATES, privacyNoticeDate } from '@/lib/privacy-versions';

test('the notice the forms show now has its day: new words need a line of their own before they ship', () => {
  expect(Object.keys(PRIVACY_NOTICE_DATES)).toContain(PRIVACY_NOTICE_VERSION);
  // The newest day is the current notice's: an older version listed later cannot pass for it.
  const newest = Object.values(PRIVACY_NOTICE_DATES).sort().at(-1);
  expect(PRIVACY_NOTICE_DATES[PRIVACY_NOTICE_VERSION]).toBe(newest);
});

test('a version reads as the day its words were published; one not listed, or a name of the object’s own, as none', () => {
  expect(privacyNoticeDate('0ffa65ee9f0f')).toBe('November 25, 2026');
  expect(privacyNoticeDate('c99fa24556f1')).toBe('November 22, 2026');
  expect(privacyNoticeDate('bb1988fe7040')).toBe('December 2, 2026');
  expect(privacyNoticeDate('aaaaaaaaaaaa')).toBeNull();
  expect(privacyNoticeDate('constructor')).toBeNull();
});
