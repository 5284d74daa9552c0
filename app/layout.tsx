import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { site } from '@/lib/content';
import { displayFont, textFont } from '@/styles/fonts';
import '@/styles/globals.scss';

export const metadata: Metadata = {
  title: `${site.name} | Gated Luxury Estate Homes`,
  description: site.description,
};

export const viewport: Viewport = {
  themeColor: '#0e1113',
  colorScheme: 'light',
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" data-scroll-behavior="smooth" className={`${displayFont.variable} ${textFont.variable}`}>
      <body>{children}</body>
    </html>
  );
}
