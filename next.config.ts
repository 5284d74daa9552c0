import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // PGlite loads its WebAssembly and data files from its own package folder at run time.
  serverExternalPackages: ['@electric-sql/pglite'],
  // The embedded store reads the migrations at run time; standalone output must carry them.
  outputFileTracingIncludes: { '/': ['./supabase/migrations/*.sql'] },
  images: {
    formats: ['image/avif', 'image/webp'],
    qualities: [55, 70],
  },
};

export default nextConfig;
