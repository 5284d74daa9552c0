import type { FeatureIcon as FeatureIconName } from '@/lib/copy/site';

const PATHS: Record<FeatureIconName, string> = {
  architecture: 'M2.5 21h19M4.5 21V10.5h9V21M13.5 21V5.5h6V21M7 13.5h4M7 17h4M16 9h1.5M16 12.5h1.5M16 16h1.5',
  sanctuary: 'M12 21v-6.5M12 3c-3.6 0-6 2.6-6 5.8 0 3.3 2.6 5.7 6 5.7s6-2.4 6-5.7C18 5.6 15.6 3 12 3zM9.5 11.5 12 14l3-3.5M3 21h18',
  security: 'M12 2.8 19 5.6v5.6c0 4.6-2.9 8.3-7 10-4.1-1.7-7-5.4-7-10V5.6zM8.8 11.9l2.2 2.2 4.3-4.4',
  amenities:
    'M9 13V5.2a2 2 0 0 0-2-2M15 13V5.2a2 2 0 0 0-2-2M9 7h6M9 10.5h6M2.5 16c1.6 0 1.6-1 3.2-1s1.6 1 3.2 1 1.6-1 3.1-1 1.6 1 3.2 1 1.6-1 3.1-1 1.6 1 3.2 1M2.5 20c1.6 0 1.6-1 3.2-1s1.6 1 3.2 1 1.6-1 3.1-1 1.6 1 3.2 1 1.6-1 3.1-1 1.6 1 3.2 1',
  location: 'M12 21.5s-6.5-5.7-6.5-11.3a6.5 6.5 0 0 1 13 0c0 5.6-6.5 11.3-6.5 11.3zM12 12.4a2.2 2.2 0 1 0 0-4.4 2.2 2.2 0 0 0 0 4.4z',
  residence: 'M3.5 20.5 20.5 3.5v17zM8 20.5v-2M11.5 20.5v-3M15 20.5v-2M14.5 15.5h2.5v-2.5',
};

/** A fine-line pictogram for one selling point; decorative, the card's title says it in words. */
export function FeatureIcon({ name, className }: { name: FeatureIconName; className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
