import nextJest from 'next/jest.js';

const createJestConfig = nextJest({ dir: './' });

/** @type {import('jest').Config} */
const config = {
  testEnvironment: 'node',
  roots: ['<rootDir>/__tests__'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  setupFilesAfterEnv: ['<rootDir>/__tests__/support/setup.ts'],
  moduleNameMapper: { '^@/(.*)$': '<rootDir>/$1' },
  // PGlite's first open and PostgREST's start take seconds on a shared machine.
  testTimeout: 60_000,
  // Every spy and mock goes back to the real thing after each test.
  restoreMocks: true,
};

/**
 * Packages published only as ES modules, which the server loads natively but jest (whose modules here are
 * CommonJS) must have compiled: @react-pdf/renderer and what it brings (lib/portal/pdf); d3's scales and shapes and
 * theirs (components/insights).
 */
const ES_MODULE_PACKAGES = ['@react-pdf', 'yoga-layout', 'color-string', 'color-name', 'd3-[a-z-]+', 'internmap'];

export default async function jestConfig() {
  const resolved = await createJestConfig(config)();
  const ignored = '/node_modules/(?!.pnpm)(?!(';
  return {
    ...resolved,
    // Next's list of packages it compiles for jest is written into this pattern; ours join it.
    transformIgnorePatterns: resolved.transformIgnorePatterns.map((pattern) =>
      pattern.startsWith(ignored) ? `${ignored}${ES_MODULE_PACKAGES.join('|')}|${pattern.slice(ignored.length)}` : pattern,
    ),
    moduleNameMapper: {
      // The photographs as the server has them: their own files (see __tests__/support/static-image.cjs),
      // ahead of Next's one stand-in for every image. By any path: Next's compiler rewrites "@/" to a relative one.
      '(?:^|/)assets/photos/([^/]+\\.jpg)$': '<rootDir>/assets/photos/$1',
      ...resolved.moduleNameMapper,
      // Offered to `import` alone, which a CommonJS require does not match.
      '^@react-pdf/hyphenate/(.*)$': '<rootDir>/node_modules/@react-pdf/hyphenate/lib/$1.js',
    },
    transform: { '^.+\\.jpg$': '<rootDir>/__tests__/support/static-image.cjs', ...resolved.transform },
  };
}
