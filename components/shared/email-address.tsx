import { Fragment } from 'react';

/**
 * An email address that breaks where it reads best when its line is too short: after the `@`, and before each dot of
 * the name in front of it ("james.harrington@" / "gmail.com"), never inside a word while those places do. A
 * `mailto:` link unless `link` is false.
 */
export function EmailAddress({ address, link = true, className }: { address: string; link?: boolean; className?: string }) {
  const at = address.lastIndexOf('@');
  const name = at < 0 ? address : address.slice(0, at);
  const domain = at < 0 ? '' : address.slice(at + 1);
  const words = (
    <>
      {name.split('.').map((part, index) => (
        <Fragment key={index}>
          {index ? (
            <>
              <wbr />.
            </>
          ) : null}
          {part}
        </Fragment>
      ))}
      {at < 0 ? null : (
        <>
          @<wbr />
          {domain}
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
