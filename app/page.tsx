import { BrokerSection } from '@/components/broker-section';
import { EstateLiving } from '@/components/estate-living';
import { Features } from '@/components/features';
import { Hero } from '@/components/hero';
import { InquirySection } from '@/components/inquiry-section';
import { SiteFooter } from '@/components/site-footer';
import { SkipLink } from '@/components/skip-link';

// The page is static, rebuilt at most hourly so the footer's year turns over on a long-running server.
export const revalidate = 3600;

export default function HomePage() {
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
    </>
  );
}
