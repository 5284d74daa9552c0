import Image from 'next/image';
import { fieldErrors, inquiry } from '@/lib/copy/site';
import { submitInquiry } from '@/lib/leads/actions';
import { PRIVACY_NOTICE_VERSION } from '@/lib/privacy';
import { LeadForm } from './lead-form';
import { SectionHeading } from './section-heading';
import { Slideshow } from './slideshow';
import styles from './inquiry-section.module.scss';

export function InquirySection() {
  const slides = inquiry.slides.map((slide) => (
    <Image key={slide.src.src} src={slide.src} alt={slide.alt} fill sizes="100vw" quality={55} />
  ));
  // Its slideshow and form need the page's scripts: the page wakes as this part comes within a screen of view (scripts/first-paint.mjs).
  return (
    <section data-wakes="" id={inquiry.anchor} className={styles.section} aria-labelledby="inquire-heading">
      <Slideshow slides={slides} intervalMs={inquiry.slideIntervalMs} pauseLabel={inquiry.pauseLabel}>
        <div className={styles.overlay} aria-hidden="true" />
        <div className={styles.inner}>
          <SectionHeading id="inquire-heading" words={inquiry} tone="photo" align="start" />
          <div className={styles.panel}>
            <LeadForm
              form="inquiry"
              action={submitInquiry}
              copy={inquiry.form}
              fieldErrors={fieldErrors}
              privacyNotice={PRIVACY_NOTICE_VERSION}
              consoleLabel="Inquiry submission failed"
              tone="dark"
              labelledBy="inquire-heading"
            />
          </div>
        </div>
      </Slideshow>
    </section>
  );
}
