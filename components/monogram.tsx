interface MonogramProps {
  className?: string;
  /** Spoken name; without it the mark is decorative. */
  title?: string;
}

/** The Aldercrest mark: an A drawn inside an arched gateway, in the current text colour. */
export function Monogram({ className, title }: MonogramProps) {
  return (
    <svg
      className={className}
      viewBox="0 0 48 60"
      fill="none"
      stroke="currentColor"
      strokeLinecap="square"
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
      focusable="false"
    >
      <path d="M3 58V24a21 21 0 0 1 42 0v34z" strokeWidth="1.6" />
      <path d="M7 54.5V24.5a17 17 0 0 1 34 0v30z" strokeWidth="0.7" />
      <path d="M15 47 24 16l9 31M18.6 35.5h10.8" strokeWidth="1.6" />
      <path d="M12 47h7M29 47h7" strokeWidth="1.2" />
    </svg>
  );
}
