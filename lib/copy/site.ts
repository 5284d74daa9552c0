// The public page's words, figures and photographs: marketing changes touch this file; swapping in real
// photography means replacing the imports below.
import type { StaticImageData } from 'next/image';
import type { FieldErrorCode } from '@/lib/leads/form-state';
import type { LeadField, LeadFormName } from '@/lib/leads/forms';
import heroImage from '@/assets/photos/hero.jpg';
import heroPortraitImage from '@/assets/photos/hero-portrait.jpg';
import designImage from '@/assets/photos/design.jpg';
import facadeImage from '@/assets/photos/slide-1-facade.jpg';
import poolImage from '@/assets/photos/slide-2-pool.jpg';
import clubhouseImage from '@/assets/photos/slide-3-clubhouse.jpg';
import tennisImage from '@/assets/photos/slide-4-tennis.jpg';
import entryImage from '@/assets/photos/slide-5-entry.jpg';

export interface Photo {
  src: StaticImageData;
  alt: string;
}

/**
 * A full-screen photograph with what shows until it arrives: its own colours from top to bottom, the average of
 * six bands of it (sharp(file).resize(1, 6, { fit: 'fill' })), as a gradient. Some two hundred bytes fewer in the
 * page than a blurred copy, which keeps its first round trip within one; a test holds each to its photograph.
 */
export interface Backdrop extends Photo {
  backdrop: `linear-gradient(${string})`;
}

export type FeatureIcon = 'architecture' | 'sanctuary' | 'security' | 'amenities' | 'location' | 'residence';

/** The words of one lead form; its fields themselves are defined in lib/leads/forms.ts. */
export interface FormCopy<Form extends LeadFormName> {
  /** Each field's visible label, by field name. */
  labels: Record<LeadField<Form>, string>;
  submitLabel: string;
  submittingLabel: string;
  success: string;
  error: string;
  /** When the forms are flooded and the page cannot prove its way through (no JavaScript): never the generic error. */
  busy: string;
  /** When the form could not reach the site: kept on the device until it can (lib/offline/outbox.ts). */
  saved: string;
  privacyLine: { before: string; link: string; after: string };
  /** Follows the error message when the server refused fields, by how many. */
  fieldProblem: { one: string; many: string };
}

const SUBMITTING = 'SUBMITTING...';

/** The line above each form's button, linking to the privacy notice. */
export const PRIVACY_LINE = { before: 'We use your details only to answer you. See our', link: 'privacy notice', after: '.' } as const;
/** Said after either form's error message when fields are at fault: each refused field carries its own note. */
const FIELD_PROBLEM = {
  one: 'One field needs correcting: its note is under it.',
  many: 'Some fields need correcting: each note is under its field.',
} as const;

export const site = {
  name: 'Aldercrest Estates',
  shortName: 'Aldercrest',
  title: 'Aldercrest Estates | Gated Luxury Estate Homes',
  description:
    'A gated enclave of custom estate homes from 8,000 to 15,000 square feet on one to two acre lots, with a private clubhouse, spa, infinity pools and championship tennis.',
} as const;

export const hero = {
  tagline: 'Where Unparalleled Luxury Meets Timeless Elegance',
  eyebrow: 'A private gated enclave',
  cta: 'DISCOVER YOUR ESTATE',
  scrollLabel: 'Scroll to Begin Your Journey',
  navLabel: 'Sections',
  navInquire: 'Inquire',
  navBrokers: 'Brokers',
  image: {
    src: heroImage,
    alt: 'A stone and glass estate residence glowing at dusk above a still reflecting pool',
    backdrop: 'linear-gradient(#374f63, #0a0a09, #2a190d, #56341b, #382013, #322420)',
  } satisfies Backdrop,
  /** The same scene framed for portrait screens. */
  portrait: {
    src: heroPortraitImage,
    alt: 'A stone and glass estate residence glowing at dusk above a still reflecting pool',
    backdrop: 'linear-gradient(#3e638b, #2d475e, #2a1a0e, #54301a, #1a100d, #091421)',
  } satisfies Backdrop,
} as const;

export const features = {
  eyebrow: 'The Community',
  heading: 'Exceptional Living',
  intro: 'Every detail of Aldercrest has been considered for those who expect the extraordinary as a matter of course.',
  items: [
    {
      icon: 'architecture',
      title: 'Architectural Masterpieces',
      body: 'Each residence is an original composition in stone, glass and warm timber, conceived by celebrated architects.',
    },
    {
      icon: 'sanctuary',
      title: 'Private Sanctuary',
      body: 'Expansive lots within a gated enclave, framed by mature trees and quiet, winding drives.',
    },
    {
      icon: 'security',
      title: '24/7 Security',
      body: 'A staffed gatehouse and discreet patrols around the clock, so every arrival is expected.',
    },
    {
      icon: 'amenities',
      title: 'Resort Amenities',
      body: 'A private clubhouse, infinity pools, a full-service spa and championship tennis courts.',
    },
    {
      icon: 'location',
      title: 'Prime Location',
      body: 'Moments from fine shopping, acclaimed dining and the cultural life of the city.',
    },
    {
      icon: 'residence',
      title: 'Custom Estate Homes',
      body: 'Residences of 8,000 to 15,000 square feet, designed with your architect around the way you live.',
    },
  ] satisfies { icon: FeatureIcon; title: string; body: string }[],
} as const;

export const estate = {
  eyebrow: 'The Residences',
  heading: 'Estate Living',
  intro: 'Generous volumes, natural light and materials chosen to age beautifully: homes made to be lived in for generations.',
  image: {
    src: designImage,
    alt: 'A double-height living room with floor-to-ceiling glass and a travertine floor in afternoon light',
  } satisfies Photo,
  caption: 'Sophisticated Design',
  stats: [
    { value: '8K+', label: 'Square Feet' },
    { value: '1-2', label: 'Acre Lots' },
    { value: '5+', label: 'Bedrooms' },
    { value: '24/7', label: 'Security' },
  ],
} as const;

export const inquiry = {
  anchor: 'inquire',
  eyebrow: 'Private Appointments',
  heading: 'Begin Your Journey',
  intro: 'Share a few details and a member of our sales team will arrange a private tour of the available estates.',
  slideIntervalMs: 5000,
  /** The pause button's one name; whether it is pressed says whether the slideshow is paused. */
  pauseLabel: 'Pause background slideshow',
  slides: [
    { src: facadeImage, alt: 'An estate façade at dusk, its windows lit warmly against a deep blue sky' },
    { src: poolImage, alt: 'An infinity pool at golden hour, its edge meeting a view of the hills' },
    { src: clubhouseImage, alt: 'The clubhouse lounge beneath a timber ceiling, lit by tall windows' },
    { src: tennisImage, alt: 'Championship tennis courts with crisp lines, framed by landscaping in morning light' },
    { src: entryImage, alt: 'The gated entry: stone pillars, a dark metal gate and a tree-lined drive' },
  ] satisfies Photo[],
  form: {
    labels: { full_name: 'Full Name', email: 'Email Address', phone: 'Phone', message: 'Message' },
    submitLabel: 'REQUEST INFORMATION',
    submittingLabel: SUBMITTING,
    success: 'Thank you for your interest. A representative will contact you shortly.',
    error: 'Unable to submit inquiry. Please try again.',
    busy: 'Our inquiries are unusually busy at this moment. Please send again in a minute: everything you wrote is still here.',
    saved: 'No connection right now. Your inquiry is saved on this device and will be sent as soon as the connection returns.',
    privacyLine: PRIVACY_LINE,
    fieldProblem: FIELD_PROBLEM,
  } satisfies FormCopy<'inquiry'>,
} as const;

export const broker = {
  anchor: 'broker',
  eyebrow: 'For Licensed Professionals',
  heading: 'Broker Portal Access',
  intro:
    'Request access to the broker portal for marketing materials, pricing information and resources to represent your clients at Aldercrest.',
  benefits: [
    { title: 'Marketing Materials', body: 'Photography, floor plans and brochures, ready to share with qualified clients.' },
    { title: 'Pricing Information', body: 'Current availability and pricing across every estate lot and residence.' },
    { title: 'Broker Resources', body: 'Private tour scheduling, co-brokerage guidelines and a dedicated contact on our sales team.' },
  ],
  form: {
    labels: {
      full_name: 'Full Name',
      email: 'Email',
      brokerage: 'Brokerage Firm',
      license_number: 'License Number',
      phone: 'Phone',
      message: 'Message',
    },
    submitLabel: 'REQUEST BROKER ACCESS',
    submittingLabel: SUBMITTING,
    success: 'Your request has been submitted. Our team will review and contact you within 24 hours.',
    error: 'Unable to submit request. Please try again.',
    busy: 'Broker requests are unusually busy at this moment. Please send again in a minute: everything you wrote is still here.',
    saved: 'No connection right now. Your request is saved on this device and will be sent as soon as the connection returns.',
    privacyLine: PRIVACY_LINE,
    fieldProblem: FIELD_PROBLEM,
  } satisfies FormCopy<'broker'>,
} as const;

/** Shown beside a field the server refused; the form-level message above still applies. */
export const fieldErrors: Record<FieldErrorCode, string> = {
  required: 'Please fill in this field.',
  invalid: 'Please check this entry.',
  invalid_email: 'Please enter a valid email address.',
  too_long: 'Please shorten this entry.',
};

export const footer = {
  tagline: 'An exclusive private neighborhood development offering luxury estate living.',
  /** Either side of the current year. */
  copyright: { before: '©', after: `${site.name}. All rights reserved.` },
} as const;

/** How search engines are told what the development is (schema.org, as JSON-LD). */
export const structuredData = {
  type: 'GatedResidenceCommunity',
  amenities: ['Gated entry', '24/7 security', 'Private clubhouse', 'Infinity pools', 'Spa', 'Championship tennis courts'],
} as const;

export const notFound = {
  heading: 'This page could not be found',
  body: 'The address may have changed, or the page may never have existed. Everything about Aldercrest is on one page.',
  home: 'Return to Aldercrest',
} as const;
