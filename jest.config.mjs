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

export default createJestConfig(config);
