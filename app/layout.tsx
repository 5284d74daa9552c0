import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { site } from '@/lib/copy/site';
import { siteUrl } from '@/lib/config/site';
import { displayFont, textFont } from '@/styles/fonts';
import '@/styles/globals.scss';

export const metadata: Metadata = {
  metadataBase: siteUrl(),
  title: { default: site.title, template: `%s | ${site.name}` },
  description: site.description,
  // No application-name (the title and og:site_name name the site) and no og:locale (the protocol's default, en_US,
  // is the page's): the tags' bytes are better spent in the page's first round trip (scripts/prepare-standalone.mjs
  // prints what is left of it).
  openGraph: { type: 'website', siteName: site.name, title: site.title, description: site.description, url: '/' },
  twitter: { card: 'summary_large_image', title: site.title, description: site.description },
  formatDetection: { telephone: false, email: false, address: false },
};

// The colour scheme is the style sheet's (styles/globals.scss: `html`), which every page's head carries before
// these tags: the same as a tag it would only repeat, in a home page whose first round trip has no room for it.
export const viewport: Viewport = {
  themeColor: '#0e1113',
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" data-scroll-behavior="smooth" className={`${displayFont.variable} ${textFont.variable}`}>
      <body>{children}</body>
    </html>
  );
}
