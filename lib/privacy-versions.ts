/**
 * Every version the privacy notice has had, by the digest of its words that each lead records (lib/privacy.ts),
 * with the day those words were first published. A change of the notice's words makes a new digest: add it here
 * with its day (a test fails until then), and keep the old ones, which the leads of their time still carry.
 */
export const PRIVACY_NOTICE_DATES: Readonly<Record<string, string>> = {
  '5f2d63d56bb3': '2026-12-05',
  '1cdb2fb27102': '2026-12-03',
  bb1988fe7040: '2026-12-02',
  '0ffa65ee9f0f': '2026-11-25',
  '630fff596c2d': '2026-11-25',
  '807a7371a221': '2026-11-24',
  c99fa24556f1: '2026-11-22',
};

const IN_WORDS = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** The day a version of the notice was published, in words ("November 25, 2026"); null for a version not listed. */
export function privacyNoticeDate(version: string): string | null {
  const day = Object.hasOwn(PRIVACY_NOTICE_DATES, version) ? PRIVACY_NOTICE_DATES[version] : undefined;
  return day ? IN_WORDS.format(new Date(`${day}T00:00:00Z`)) : null;
}
