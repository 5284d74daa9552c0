import { Fragment } from 'react';
import styles from './email-address.module.scss';

/** The parts of a name or a domain, each dot after the first a place it may break before. */
function Dotted({ text }: { text: string }) {
  return text.split('.').map((part, index) => (
    <Fragment key={index}>
      {index ? (
        <>
          <wbr />.
        </>
      ) : null}
      {part}
    </Fragment>
  ));
}

/**
 * An email address that breaks where it reads best when its line is too short: after the `@`, and before each dot
 * of the name in front of it ("james.harrington@" / "gmail.com"); a domain longer than a line before its own dots
 * too. Never inside a word while those places do. A `mailto:` link unless `link` is false.
 */
export function EmailAddress({ address, link = true, className }: { address: string; link?: boolean; className?: string }) {
  const at = address.lastIndexOf('@');
  const words = (
    <>
      <Dotted text={at < 0 ? address : address.slice(0, at)} />
      {at < 0 ? null : (
        <>
          @<wbr />
          <span className={styles.domain}>
            <Dotted text={address.slice(at + 1)} />
          </span>
        </>
      )}
    </>
  );
  return link ? (
    <a className={className} href={`mailto:${address}`}>
      {words}
    </a>
  ) : (
    <span className={className}>{words}</span>
  );
}
