import type { Metadata } from 'next';
import { BrokerSection } from '@/components/site/broker-section';
import { EstateLiving } from '@/components/site/estate-living';
import { Features } from '@/components/site/features';
import { Hero } from '@/components/site/hero';
import { InquirySection } from '@/components/site/inquiry-section';
import { SiteFooter } from '@/components/site/site-footer';
import { SkipLink } from '@/components/site/skip-link';
import { site, structuredData } from '@/lib/copy/site';
import { siteHref } from '@/lib/config/site';

// Rendered once, at build, and never again by the server: the Content-Security-Policy allows the inline
// scripts of this render by their hashes, and any later render writes different ones (Next orders and
// splits its page data afresh each time). The footer's year turns over in the browser instead.
export const revalidate = false;

export const metadata: Metadata = { alternates: { canonical: '/' } };

export default function HomePage() {
  const description = {
    '@context': 'https://schema.org',
    '@type': structuredData.type,
    name: site.name,
    description: site.description,
    url: siteHref('/'),
    image: siteHref('/opengraph-image'),
    amenityFeature: structuredData.amenities.map((name) => ({ '@type': 'LocationFeatureSpecification', name, value: true })),
  };
  return (
    <>
      <SkipLink />
      <Hero />
      <main id="main" tabIndex={-1}>
        <Features />
        <EstateLiving />
        <InquirySection />
        <BrokerSection />
      </main>
      <SiteFooter />
      <script
        type="application/ld+json"
        // Our own content, serialised; "<" escaped so nothing in it can close the script element.
        dangerouslySetInnerHTML={{ __html: JSON.stringify(description).replace(/</g, '\\u003c') }}
      />
    </>
  );
}
