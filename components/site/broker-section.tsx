import { broker, fieldErrors } from '@/lib/copy/site';
import { submitBroker } from '@/lib/leads/actions';
import { PRIVACY_NOTICE_VERSION } from '@/lib/privacy';
import { LeadForm } from './lead-form';
import { SectionHeading } from './section-heading';
import styles from './broker-section.module.scss';

export function BrokerSection() {
  // Its form needs the page's scripts: the page wakes as this part comes within a screen of view (scripts/first-paint.mjs).
  return (
    <section data-wakes="" id={broker.anchor} className={styles.section} aria-labelledby="broker-heading">
      <div className={styles.inner}>
        <div>
          <SectionHeading id="broker-heading" words={broker} align="start" />
          <ul className={styles.benefits}>
            {broker.benefits.map((benefit) => (
              <li key={benefit.title}>
                <h3 className={styles.benefitTitle}>{benefit.title}</h3>
                <p className={styles.benefitBody}>{benefit.body}</p>
              </li>
            ))}
          </ul>
        </div>
        <div className={styles.panel}>
          <LeadForm form="broker" action={submitBroker} copy={broker.form} fieldErrors={fieldErrors} privacyNotice={PRIVACY_NOTICE_VERSION} tone="light" labelledBy="broker-heading" />
        </div>
      </div>
    </section>
  );
}
