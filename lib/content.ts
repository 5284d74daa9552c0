/**
 * Every word, figure and image the page shows. Marketing changes touch this
 * file only; swapping in real photography means replacing the imports below.
 */
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
const PRIVACY_LINE = { before: 'We use your details only to answer you. See our', link: 'privacy notice', after: '.' } as const;
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

/**
 * The broker portal's documents (lib/portal/pdf): the price list's words, and the brochure's few of its own
 * around the page's content above, which it shows as the page does.
 */
export const priceList = {
  title: 'Availability & Pricing',
  eyebrow: 'For Licensed Professionals',
  intro: 'Every estate lot and residence at Aldercrest, with its current status and list price. Prices and availability change without notice; this list is correct as of the date and time below.',
  summary: (estates: number, available: number) =>
    `${estates} ${estates === 1 ? 'estate' : 'estates'}, ${available} available`,
  columns: {
    lot: 'Lot',
    lotAcres: 'Acres',
    homeSqft: 'Home sq ft',
    bedrooms: 'Beds',
    bathrooms: 'Baths',
    status: 'Status',
    listPrice: 'List price',
    changedAt: 'Last changed',
  },
  statuses: { available: 'Available', reserved: 'Reserved', under_contract: 'Under contract', sold: 'Sold' },
  priceOnRequest: 'Price on request',
  empty: 'No estates are listed at this time.',
  /** Each page's footer: whom this copy was made for, and when. */
  madeFor: (name: string, brokerage: string, at: string) => `Prepared for ${name}, ${brokerage}, on ${at}`,
  confidential: 'Confidential: for the named broker and their clients.',
  page: (page: number, pages: number) => `Page ${page} of ${pages}`,
} as const;

export const brochure = {
  /** When it was made, on the cover: a month and year. */
  edition: (monthAndYear: string) => `Edition of ${monthAndYear}`,
  gallery: { eyebrow: 'The Setting', heading: 'A Private World' },
  contact: {
    /** Above the named member of the sales team. */
    yourContact: 'Your contact',
    /** With no named contact: the page's inquiry form, by its address. */
    writeTo: 'Request a private appointment at',
  },
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

/**
 * The privacy notice at /privacy. What it says of the operator, the period
 * leads are kept and who else receives them comes from the server's
 * configuration, filled into the {placeholders}; the words are here, as
 * plain text, so that a digest of them is the notice's version: each lead
 * records the version its form showed (lib/privacy.ts).
 */
export const privacy = {
  title: 'Privacy notice',
  heading: 'Your details, and what we do with them',
  intro:
    '{operator} runs this website. When you write to us through it, we keep what you send so that we can answer you, and nothing more. This notice says what that is, why, for how long, who else sees it, and how to have it removed.',
  sections: {
    collected: {
      heading: 'What we keep',
      body: [
        'What you type into a form: your name, email address, telephone number and message; and, for broker access, your brokerage and licence number. With it, the time you sent it.',
        'Where your visit came from: the campaign named in the address you arrived at (such as a newsletter) and the website that linked to you, when your browser says. This tells us which of our announcements reach people.',
        'Your internet address is used for a few minutes to keep the forms free of abuse, and is never stored as such.',
        'This site sets no cookies for visitors, runs no analytics and loads nothing from anyone else. The sales team and the brokers we work with sign in: for them alone, one cookie keeps them signed in, and we keep when and on what kind of browser (such as "Chrome on Android") each of their sessions was used, and a history of their sign-ins, until they sign out or their access ends.',
      ],
    },
    portal: {
      heading: 'The broker portal',
      body: [
        'For brokers with portal access, we keep your account (name, email address, brokerage and telephone), which version of the co-brokerage terms you accepted and when, and when you downloaded the price list or the brochure. Each price list you download names you, your brokerage and the time it was made.',
        'When a broker registers you as their client, they give us your name, email address, telephone number if they have it, and a note. We compare your email address and telephone number with inquiries you sent us in the previous 180 days and with other brokers\' registrations, so that the broker who introduced you is recognised, and we keep the registration while it runs.',
      ],
    },
    why: {
      heading: 'Why',
      body: [
        'To answer your inquiry, arrange a private tour and keep in touch about the estates; for brokers, to consider your request for access to the broker portal and to send it.',
        'We email you once to confirm that your message arrived. We do not add you to any mailing list, and we never sell or lend your details.',
      ],
    },
    kept: {
      heading: 'For how long',
      forDays: 'Each inquiry is deleted {days} days after it arrives, together with our notes on it.',
      untilAsked: 'We keep your inquiry while we are in touch with you about Aldercrest, and delete it, with our notes on it, whenever you ask.',
      portalForDays:
        'A client registration is deleted {days} days after it ends (or, if the sales team never decided on it, {days} days after it was made), a record of a download {days} days after the download, and a broker\'s account {days} days after their access ends; an acceptance of the terms goes {days} days after it was given, unless it is the broker\'s latest.',
      portalUntilAsked: 'A client registration, a record of a download and a broker\'s account are kept while they serve the introduction they record, and deleted whenever you ask.',
    },
    recipients: {
      heading: 'Who else sees it',
      team: 'Our sales team, who read and answer each inquiry.',
      database: 'The company that hosts our database ({host}), which stores it on our behalf.',
      ownServer: 'It is stored on our own server.',
      relay: 'The mail service that carries our emails ({host}), when we write to you or tell our team of your inquiry.',
      webhook: 'The system our sales team works in ({host}), which receives a copy of each inquiry.',
    },
    rights: {
      heading: 'Seeing it, and having it erased',
      write: 'Write to {contact} to see what we hold about you, to correct it, or to have it erased.',
      writeThroughForm: 'Write to us through the inquiry form on this site, asking to see, correct or erase what we hold about you.',
      erasure:
        'Erasure removes every inquiry from your email address, with our notes and any message not yet sent, every registration of you as a broker\'s client, and, for a broker, your account with its downloads, acceptances and registrations; we keep only a record that an erasure took place, without your details.',
    },
  },
  version: 'Version {version}.',
  home: 'Return to Aldercrest',
  /** The line above each form's button. */
  line: PRIVACY_LINE,
} as const;

export const notFound = {
  heading: 'This page could not be found',
  body: 'The address may have changed, or the page may never have existed. Everything about Aldercrest is on one page.',
  home: 'Return to Aldercrest',
} as const;

/**
 * The emails the site sends. The team's carries every field of the lead; a
 * receipt carries nothing the visitor typed but their name, so that the forms
 * cannot be used to send words of a stranger's choosing to someone else.
 */
export const emails = {
  wordmark: 'ALDERCREST ESTATES',
  team: {
    inquiry: {
      subject: (name: string) => `New inquiry from ${name}`,
      heading: 'New prospect inquiry',
    },
    broker: {
      subject: (name: string, brokerage: string) => `Broker access request from ${name}, ${brokerage}`,
      heading: 'New broker access request',
    },
    received: 'Received',
    source: 'Came from',
    open: 'Open in the leads inbox',
    replyHint: 'Reply to this email to write to them directly.',
    footer: 'Sent by the Aldercrest Estates website for each new lead.',
  },
  receipt: {
    inquiry: {
      subject: 'Your inquiry to Aldercrest Estates',
      body: [
        'Thank you for your interest in Aldercrest Estates.',
        'A member of our sales team will contact you shortly to learn what you are looking for and to arrange a private tour of the available estates at a time that suits you.',
      ],
    },
    broker: {
      subject: 'Your broker access request to Aldercrest Estates',
      body: [
        'Thank you for requesting access to the Aldercrest Estates broker portal.',
        'Our team will review your request and contact you within 24 hours.',
      ],
    },
    greeting: (name: string | null) => (name ? `Dear ${name},` : 'Good day,'),
    // A decision on a broker request. The approval promises what the team does next, and nothing the site does not.
    broker_approved: {
      subject: 'Your broker access to Aldercrest Estates',
      body: [
        'Thank you for your patience while we reviewed your request.',
        'We are pleased to welcome you as a broker of Aldercrest Estates. Your access to the broker portal is ready: the button below signs you in.',
        'The button works once, within 7 days. After that, sign in at any time with this email address, and we will send you a code.',
      ],
      action: 'Open the broker portal',
    },
    broker_declined: {
      subject: 'Your broker access request to Aldercrest Estates',
      body: [
        'Thank you for your interest in representing clients at Aldercrest Estates.',
        'Having reviewed your request, we are not able to offer broker portal access at this time. Should your circumstances change, you are welcome to contact our sales team.',
      ],
    },
    signOff: ['With warm regards,', 'The Aldercrest Estates sales team'],
    footer: 'You receive this message because this address was entered in a form on the Aldercrest Estates website. If that was not you, no action is needed: you will not hear from us again.',
  },
  signIn: {
    subject: 'Your sign-in code for Aldercrest Estates',
    intro: 'Here is your code to sign in to Aldercrest Estates.',
    codeLabel: 'Your code',
    linkIntro: 'Or sign in on this device with one press:',
    action: 'Sign in',
    validity: 'The code and the button work once, within 15 minutes. Only the newest code you asked for works.',
    footer: 'You receive this message because someone asked to sign in to Aldercrest Estates with this address. If that was not you, no action is needed: nobody can sign in without this code.',
  },
  invitation: {
    subject: 'Your invitation to the Aldercrest Estates team',
    body: [
      'You have been invited to join the sales team of Aldercrest Estates, where our leads are worked.',
      'The button below signs you in. It works once, within 7 days. After that, sign in at any time with this email address, and we will send you a code.',
    ],
    action: 'Accept and sign in',
    footer: 'You receive this message because a member of the Aldercrest Estates sales team invited this address. If you were not expecting it, no action is needed.',
  },
  // To a broker, the team's decision on a client registration that went to review; the reason of a decline as the team wrote it.
  registrationDecided: {
    subject: 'Your client registration at Aldercrest Estates',
    registered: (buyer: string, until: string) => [
      `Our sales team has reviewed your registration of ${buyer} and confirmed it.`,
      `It protects your introduction until ${until}. You may renew it once, in its last 14 days, in the broker portal.`,
    ],
    declined: (buyer: string) => [`Our sales team has reviewed your registration of ${buyer} and is not able to confirm it.`],
    reason: 'The reason given',
    footer: 'You receive this message because you registered a client in the Aldercrest Estates broker portal.',
  },
  // Private tours: to the person who booked (the buyer, or the broker who booked for them) and to the host.
  // Times come written in the site's zone, the zone named; the invitation goes with each, as a calendar part.
  tour: {
    tourLink: 'Choose a time for your private tour',
    when: 'When',
    where: 'Where',
    withWhom: 'With',
    hostLabel: 'Host',
    noHost: 'Not assigned yet',
    // To a host the team replaced: who has the tour now.
    hostNowLabel: 'Now hosted by',
    released: 'The calendar update attached to this email takes the tour out of your calendar.',
    anyHost: 'A member of our sales team',
    buyer: 'Buyer',
    bookedBy: 'Booked by',
    manage: 'Move or cancel your tour',
    manageHint: 'Should your plans change, the button above lets you choose another time or cancel.',
    portal: 'Move or cancel this tour in the portal',
    portalHint: 'Should your client’s plans change, their registration’s page in the portal lets you choose another time or cancel.',
    calendarHint: 'The invitation attached to this email adds the tour to your calendar.',
    guest: {
      tour_booked: {
        subject: 'Your private tour of Aldercrest Estates',
        intro: (client: string | null) =>
          client ? `Your private tour of Aldercrest Estates with ${client} is booked. We look forward to welcoming you both.` : 'Your private tour of Aldercrest Estates is booked. We look forward to welcoming you.',
      },
      tour_moved: {
        subject: 'Your private tour of Aldercrest Estates has moved',
        intro: (client: string | null) => `Your private tour of Aldercrest Estates${client ? ` with ${client}` : ''} has moved. This is its new time.`,
      },
      tour_cancelled: {
        subject: 'Your private tour of Aldercrest Estates is cancelled',
        intro: (client: string | null) => `Your private tour of Aldercrest Estates${client ? ` with ${client}` : ''} is cancelled. We hope to welcome you another time.`,
      },
      // Sent a day ahead; worded so that it holds should the outbox send it some hours late.
      tour_reminder: {
        subject: 'A reminder of your private tour of Aldercrest Estates',
        intro: (client: string | null) => `A reminder of your private tour of Aldercrest Estates${client ? ` with ${client}` : ''}. We look forward to welcoming you.`,
      },
    },
    host: {
      tour_booked: { subject: (buyer: string, when: string) => `Tour booked: ${buyer}, ${when}`, heading: 'A private tour is booked' },
      tour_moved: { subject: (buyer: string, when: string) => `Tour moved: ${buyer}, now ${when}`, heading: 'A private tour has moved' },
      tour_cancelled: { subject: (buyer: string, when: string) => `Tour cancelled: ${buyer}, ${when}`, heading: 'A private tour is cancelled' },
      tour_reminder: { subject: (buyer: string, when: string) => `Tour reminder: ${buyer}, ${when}`, heading: 'A private tour is coming up' },
      tour_released: { subject: (buyer: string, when: string) => `Tour reassigned: ${buyer}, ${when}`, heading: 'You no longer host this private tour' },
    },
    open: 'Open the lead in the inbox',
    guestFooter: 'You receive this message because a private tour of Aldercrest Estates was booked with this address.',
    hostFooter: 'Sent by the Aldercrest Estates website for each private tour.',
  },
  // To the sales team, once, about a broker request still unanswered 20 hours after it arrived.
  overdue: {
    subject: (name: string, brokerage: string, waited: string) => `Overdue: ${name}, ${brokerage}, waiting ${waited}`,
    heading: 'A broker request is waiting',
    body: (waited: string) =>
      `This request has waited ${waited} for an answer. The form promised the broker one within 24 hours: approve or decline it in the inbox before then.`,
    broker: 'Broker',
    brokerage: 'Brokerage',
    received: 'Received',
    open: 'Open the request',
    footer: 'Sent by the Aldercrest Estates website, once, for each broker request still pending 20 hours after it arrived.',
  },
} as const;


/** The sales team's inbox at /admin. */
export const inbox = {
  heading: 'Leads',
  signedInAs: (name: string) => `Signed in as ${name}`,
  nav: { label: 'Inbox', leads: 'Leads', team: 'Team', estates: 'Estates', terms: 'Terms', erase: 'Erase a person', account: 'Your account', portal: 'Broker portal' },
  signOut: 'Sign out',
  listsLabel: 'Lead lists',
  pagesLabel: 'Pages',
  forms: {
    inquiry: { label: 'Prospect inquiries', one: 'Prospect inquiry', empty: 'No inquiries yet.', fieldLabels: inquiry.form.labels },
    broker: { label: 'Broker requests', one: 'Broker access request', empty: 'No broker requests yet.', fieldLabels: broker.form.labels },
  } satisfies Record<LeadFormName, { label: string; one: string; empty: string; fieldLabels: Record<string, string> }>,
  statuses: {
    new: 'New',
    contacted: 'Contacted',
    qualified: 'Qualified',
    touring: 'Touring',
    closed: 'Closed',
    spam: 'Spam',
    pending: 'Pending',
    approved: 'Approved',
    declined: 'Declined',
  } as Record<string, string>,
  filters: {
    label: 'Filter leads',
    status: 'Status',
    anyStatus: 'Any status',
    owner: 'Owner',
    anyOwner: 'Anyone',
    search: 'Name, email or brokerage',
    apply: 'Show',
    clear: 'Clear',
    nothing: 'No lead matches.',
  },
  download: 'Download CSV',
  newer: 'Newer',
  older: 'Older',
  showing: (first: number, last: number, total: number) => `${first}–${last} of ${total}`,
  received: 'Received',
  owner: 'Owner',
  unowned: 'No owner',
  followUp: 'Follow up',
  open: (name: string) => `Open ${name}`,
  erase: { link: 'Erase a person', heading: 'Erase a person' },
  sources: {
    heading: 'Where leads came from',
    month: 'Month',
    source: 'Source',
    direct: 'Direct',
    none: 'No leads yet.',
  },
  delivery: {
    kinds: {
      team_email: 'Email to the team',
      receipt: 'Receipt to them',
      webhook: 'Webhook',
      broker_approved: 'Approval email',
      broker_declined: 'Decline email',
      registration_decided: 'Registration decision email',
      broker_overdue: 'Overdue reminder to the team',
    } as Record<string, string>,
    sent: (at: string) => `Sent ${at}`,
    pending: (at: string, attempts: number) => (attempts ? `Retrying: next try ${at}` : `Waiting to send (${at})`),
    failed: (reason: string | null) => `Failed${reason ? `: ${reason.replace(/_/g, ' ')}` : ''}`,
    // Put aside at delivery: nothing left to say (a code used, a request answered before its reminder fell due).
    dropped: (reason: string | null) => (reason === 'answered' ? 'Not needed: answered' : `Not sent${reason ? `: ${reason.replace(/_/g, ' ')}` : ''}`),
    resend: 'Send again',
  },
  // A broker request still pending 20 hours after it arrived: the form promised an answer within 24.
  overdue: {
    mark: 'Overdue',
    waited: (waited: string) => `waiting ${waited}`,
  },
  responses: {
    heading: 'Broker requests answered within 24 hours',
    month: 'Month',
    arrived: 'Arrived',
    withinDay: 'Within 24 h',
    later: 'Later',
    waiting: 'Waiting',
    none: 'No broker requests yet.',
  },
} as const;

/** The page of one lead, where the team works it. */
export const leadPage = {
  back: 'All leads',
  details: 'Details',
  source: 'Where it came from',
  sourceLabels: {
    utm_source: 'Source',
    utm_medium: 'Medium',
    utm_campaign: 'Campaign',
    utm_term: 'Term',
    utm_content: 'Content',
    referrer: 'Referring site',
    privacy_notice: 'Privacy notice shown',
  } as Record<string, string>,
  noSource: 'Direct: no campaign and no referring site recorded.',
  work: 'Work',
  status: 'Status',
  owner: 'Owner',
  ownerHint: 'A name from the team, or anyone else',
  followUp: 'Follow up on',
  save: 'Save',
  decision: 'Decision',
  approve: 'Approve and email the broker',
  decline: 'Decline and email the broker',
  decided: (status: string) => `This request is ${status.toLowerCase()}.`,
  access: {
    heading: 'Portal access',
    active: 'They may sign in to the broker portal.',
    revoked: 'Their portal access has ended.',
    joined: (at: string) => `First signed in ${at}`,
    notJoined: 'Not signed in yet: the invitation in the approval email signs them in.',
    lastSignIn: (at: string) => `Last signed in ${at}`,
    revoke: 'End portal access',
    restore: 'Give portal access back',
  },
  notes: 'Notes',
  notePlaceholder: 'What was said, what comes next',
  addNote: 'Add note',
  noNotes: 'No notes yet.',
  delivery: 'Delivery',
  noDelivery: 'Nothing to send for this lead.',
  history: 'History',
  noHistory: 'No changes yet.',
  activity: {
    status: (from: string | null, to: string | null) => `Status ${from ?? '—'} → ${to ?? '—'}`,
    owner: (from: string | null, to: string | null) => (to ? `Owner ${from ? `${from} → ` : ''}${to}` : `Owner ${from ?? ''} removed`),
    follow_up_on: (_from: string | null, to: string | null) => (to ? `Follow-up set for ${to}` : 'Follow-up cleared'),
    note: () => 'Note added',
    decision: (_from: string | null, to: string | null) => `Request ${to ?? ''}`,
    resend: (_from: string | null, to: string | null) => `Sent again: ${to?.replace(/_/g, ' ') ?? ''}`,
    // Tours: the times are ISO instants, the host's names as they were.
    tour_booked: (_from: string | null, to: string | null) => `Tour booked for ${to ?? ''}`,
    tour_moved: (from: string | null, to: string | null) => `Tour moved from ${from ?? ''} to ${to ?? ''}`,
    tour_cancelled: (from: string | null) => `Tour of ${from ?? ''} cancelled`,
    tour_host: (from: string | null, to: string | null) => (to ? `Tour host ${from ? `${from} → ` : ''}${to}` : `Tour host ${from ?? ''} removed`),
  },
  saved: {
    status: 'Status saved.',
    owner: 'Owner saved.',
    follow_up_on: 'Follow-up saved.',
    note: 'Note added.',
    decision: 'Decision recorded; the broker will be emailed.',
    decisionQuiet: 'Decision recorded.',
    resend: 'The notice is queued to be sent again.',
    revoke: 'Portal access ended: they are signed out everywhere.',
    restore: 'Portal access given back, with a new invitation.',
  } as Record<string, string>,
  refused: 'That change could not be made. Check the entry and try again.',
} as const;

/** The page where the team erases a person on request. */
export const erasePage = {
  heading: 'Erase a person',
  intro:
    'Deletes every lead from this email address, in both forms, with its notes, history and any email or webhook not yet sent. What remains is a record that an erasure took place: when, by whom and how many leads. It cannot be undone.',
  email: 'Email address',
  confirm: 'I understand that this cannot be undone',
  submit: 'Erase',
  done: (count: number) => (count === 1 ? 'Erased 1 lead.' : `Erased ${count} leads.`),
  refused: 'Enter the email address, and confirm.',
} as const;

/** Signing in, for the sales team and approved brokers: an email code or link, or a passkey. */
export const signInPage = {
  title: 'Sign in',
  eyebrow: 'Sales team and brokers',
  heading: 'Sign in',
  intro: 'Enter your email address and we will send you a code and a link to sign in.',
  email: 'Email address',
  send: 'SEND A CODE',
  sending: 'SENDING...',
  sent: 'If this address may sign in, we have sent a code and a link to it.',
  code: 'Code from the email',
  codeHint: 'Six digits, valid for 15 minutes.',
  verify: 'SIGN IN',
  verifying: 'SIGNING IN...',
  resend: 'Send a new code',
  another: 'Use another address',
  invalidEmail: 'Please enter a valid email address.',
  invalidCode: 'Please enter the six digits from the email.',
  wrongCode: 'That code is not right, or is no longer valid. Check the newest email, or ask for a new code.',
  limited: 'Too many codes have been asked for. Please wait a while, then ask again.',
  unavailable: 'Signing in is unavailable for a moment. Please try again.',
  or: 'or',
  passkey: 'Sign in with a passkey',
  passkeyWorking: 'Waiting for your passkey...',
  passkeyFailed: 'That passkey could not sign you in. Ask for a code instead, or try again.',
  signedOut: 'You have signed out.',
  signedOutEverywhere: 'You have signed out on every device.',
  home: 'Return to Aldercrest',
} as const;

/** The page a sign-in link opens: one button, which posts, so that nothing is spent by merely opening it. */
export const linkPage = {
  title: 'Sign in',
  heading: 'Welcome to Aldercrest',
  sign_in: 'Press the button to sign in on this device.',
  invitation: 'Your invitation is ready. Press the button to sign in on this device.',
  button: 'Sign in',
  dead: 'This link has expired or has already been used.',
  again: 'Ask for a new code',
} as const;

/**
 * The buyer's tour page, /tour/<token>, from the link in their receipt and tour emails: choose a time, see the
 * tour booked, move or cancel it. Each refusal says what to do next; none blames the buyer.
 */
export const tourPage = {
  title: 'Your private tour',
  eyebrow: 'Private tour',
  choose: {
    heading: 'Choose a time for your private tour',
    intro: (name: string) => `${name}, choose the time that suits you best. A member of our sales team will welcome you at the estate.`,
    length: (minutes: number) => `Each tour lasts about ${minutes} minutes.`,
    legend: 'Open times',
    zone: (zone: string) => `All times are ${zone}.`,
    places: (count: number) => (count === 1 ? '1 place left' : `${count} places left`),
    confirm: 'Confirm this time',
    none: 'There is no open time in the coming weeks just now. Please write to us and we will find one with you.',
  },
  move: {
    heading: 'Choose a new time',
    intro: 'Your tour is booked for the time below. Choose another and confirm to move it.',
    current: 'Booked now',
    confirm: 'Move to this time',
    keep: 'Keep my current time',
  },
  cancel: {
    heading: 'Cancel your tour?',
    intro: 'Your tour is booked for the time below. Cancelling frees the time for someone else, and this link will no longer open.',
    confirm: 'Cancel my tour',
    keep: 'Keep my tour',
  },
  booked: {
    heading: 'Your private tour is booked',
    seen: 'Your private tour',
    intro: 'We look forward to welcoming you. An email with the invitation for your calendar is on its way.',
    moved: 'Your tour has moved to its new time. An email with the updated invitation is on its way.',
    already: 'This link has booked your tour already: here it is. You can move it or cancel it below.',
    when: 'When',
    where: 'Where',
    withWhom: 'With',
    anyHost: 'A member of our sales team',
    move: 'Move my tour',
    cancel: 'Cancel my tour',
    keepLink: 'Keep this page’s address, or the email, to move or cancel your tour later.',
  },
  cancelled: {
    title: 'Tour cancelled',
    heading: 'Your tour is cancelled',
    body: 'Your private tour is cancelled, and an email saying so is on its way. We hope to welcome you another time.',
    again: 'To arrange another tour, write to us through the inquiry form.',
    home: 'Write to us',
  },
  dead: {
    title: 'Link no longer open',
    heading: 'This tour link is no longer open',
    body: 'It may have expired (a link is open for 30 days), its tour may have been cancelled, or the address may be incomplete.',
    again: 'Write to us through the inquiry form and our sales team will arrange a time with you.',
    home: 'Write to us',
  },
  notices: {
    missing: 'Please choose one of the times below, then confirm.',
    invalid: 'That time is not one we can offer. Please choose one of the times below.',
    too_soon: 'That time is now too soon to arrange. Please choose a later one.',
    full: 'The time you chose has just gone: someone booked it a moment ago. Please choose another time below.',
    busy: 'Too many requests have come from your connection in a short time. Please wait a few minutes, then try again.',
    error: 'We could not save your choice just now. Nothing has changed. Please try again in a moment.',
    same: 'That is the time your tour is booked for already. Choose another time to move it.',
  },
} as const;

/** One's own account: name, passkeys, and where one is signed in. */
export const accountPage = {
  title: 'Your account',
  heading: 'Your account',
  roles: { owner: 'Owner of the sales team', member: 'Member of the sales team', broker: 'Broker' } as Record<string, string>,
  name: 'Your name',
  nameHint: 'As the team sees it in the history of each lead.',
  save: 'Save',
  passkeys: 'Passkeys',
  passkeysIntro: 'Sign in with your phone’s or computer’s own lock instead of an email code.',
  noPasskeys: 'No passkey yet.',
  passkeyLabel: 'Name it',
  addPasskey: 'Add a passkey',
  addingPasskey: 'Waiting for your passkey...',
  removePasskey: 'Remove',
  removePasskeyOf: (label: string) => `Remove ${label}`,
  passkeyAdded: (at: string) => `Added ${at}`,
  passkeyUsed: (at: string) => `last used ${at}`,
  noPasskeySupport: 'This browser cannot make a passkey.',
  sessions: 'Where you are signed in',
  thisDevice: 'This device',
  unknownDevice: 'A browser',
  since: (at: string) => `Signed in ${at}`,
  lastUsed: (at: string) => `last used ${at}`,
  endSession: 'Sign out',
  endSessionOn: (device: string) => `Sign out on ${device}`,
  signOut: 'Sign out',
  signOutEverywhere: 'Sign out everywhere',
  saved: {
    name: 'Name saved.',
    passkey: 'Passkey added.',
    passkeyRemoved: 'Passkey removed.',
    passkeyFailed: 'The passkey was not added. Please try again.',
    session: 'That device is signed out.',
  } as Record<string, string>,
  refused: 'That change could not be made. Check the entry and try again.',
  back: { team: 'Back to the leads', broker: 'Back to the broker portal' },
} as const;

/** The broker portal: what an approved broker (and the team, who see what brokers see) finds at /portal. */
export const portalPage = {
  title: 'Broker portal',
  heading: 'Broker portal',
  welcome: (name: string) => `Welcome, ${name}.`,
  sections: {
    availability: 'Availability and pricing',
    registrations: 'Client registration',
    documents: 'Price list and brochure',
    images: 'Image library',
    terms: 'Co-brokerage terms',
    contact: 'Your contact',
  },
  documents: {
    intro: 'Made for you when you download them, from the figures above: each page names you, your brokerage and the moment it was made.',
    priceList: 'Download the price list (PDF)',
    brochure: 'Download the brochure (PDF)',
  },
  terms: {
    heading: 'Co-brokerage terms',
    intro: 'Please read and accept the terms under which we work with brokers. You will see the portal once you have accepted them.',
    changed: 'Our co-brokerage terms have changed. Please read and accept this version to continue.',
    version: (number: number, published: string) => `Version ${number}, published ${published}`,
    accepted: (number: number, at: string) => `Version ${number}, accepted ${at}`,
    accept: 'I accept these terms',
    stale: 'A newer version was published while you were reading. Please read it and accept it.',
    none: 'The sales team has not published its terms yet.',
  },
  availability: {
    intro: 'Every estate lot and residence, as the sales team keeps them. Prices in US dollars.',
    filterLabel: 'Show',
    all: 'All',
    status: { available: 'Available', reserved: 'Reserved', under_contract: 'Under contract', sold: 'Sold' } as Record<string, string>,
    columns: { lot: 'Lot', acres: 'Lot size', sqft: 'Home size', bedrooms: 'Bedrooms', bathrooms: 'Bathrooms', status: 'Status', price: 'List price', changed: 'Last changed' },
    acres: (value: number) => `${value} ${value === 1 ? 'acre' : 'acres'}`,
    sqft: (value: number) => `${value.toLocaleString('en-US')} sq ft`,
    priceOnRequest: 'Price on request',
    empty: 'No estate is listed yet.',
    emptyFiltered: 'No estate has this status.',
  },
  images: {
    intro: 'Our renders at full resolution, for marketing Aldercrest Estates to qualified clients. Please show them whole, without alteration, and credit Aldercrest Estates.',
    download: (name: string) => `Download ${name}`,
  },
  registrations: {
    intro:
      'Register a buyer before their first showing: the registration protects your introduction for 90 days, and you may renew it once, in its last 14 days. If the buyer has written to us in the past six months, or another broker has registered them, our sales team looks at it first and tells you by email.',
    team: 'Brokers register their clients here. As a member of the sales team you see the portal as brokers do, and do not register clients.',
    form: {
      heading: 'Register a buyer',
      fullName: 'Full name',
      email: 'Email',
      phone: 'Phone (optional)',
      note: 'Note (optional)',
      noteHint: 'For our sales team: where you met the buyer, a showing planned. Up to 2,000 characters.',
      submit: 'REGISTER BUYER',
      submitting: 'REGISTERING...',
    },
    errors: {
      fullName: 'Enter the buyer’s full name (up to 120 characters).',
      email: 'Enter the buyer’s email address, such as name@example.com.',
      phone: 'Enter a phone number in digits, with spaces, + ( ) - or . if you like (up to 40 characters), or leave it empty.',
      note: 'Keep the note to 2,000 characters.',
    },
    answers: {
      registered: (buyer: string, until: string) => `${buyer} is registered to you until ${until}.`,
      under_review: (buyer: string) =>
        `Your registration of ${buyer} is under review: the buyer has written to us recently, or another broker has registered them. Our sales team will look at it, and you will hear from us by email.`,
      existingRegistered: (buyer: string, until: string) => `You registered ${buyer} already: that registration protects you until ${until}. Nothing new was made.`,
      existingReview: (buyer: string) => `You registered ${buyer} already, and that registration is under review: you will hear from us by email. Nothing new was made.`,
      refused: 'Please check the entries: each field marked says what it needs.',
      unavailable: 'The registration could not be saved just now. Please try again in a moment.',
      not_broker: 'Only brokers register clients.',
      view: 'View the registration',
    },
    list: {
      heading: 'Your registrations',
      empty: 'You have not registered a buyer yet.',
      columns: { buyer: 'Buyer', status: 'Status', registered: 'Registered on', expires: 'Expires on', renew: 'Renewal' },
      status: { registered: 'Registered', under_review: 'Under review', declined: 'Declined', expired: 'Expired' } as Record<string, string>,
      reason: 'Reason given',
      noExpiry: '—',
      renew: 'Renew',
      renewLabel: (buyer: string) => `Renew the registration of ${buyer}`,
      renewed: 'Renewed',
    },
    renewal: {
      renewed: 'Renewed: the registration now runs 90 days more from its previous expiry date.',
      not_found: 'That registration is not one of yours, so it was not renewed.',
      not_active: 'Only a registration that is registered and not yet expired can be renewed.',
      renewed_before: 'This registration was renewed already: each registration may be renewed once.',
      too_early: 'A registration can be renewed only in its last 14 days.',
    } as Record<string, string>,
    page: {
      title: 'Client registration',
      back: 'Back to the portal',
      facts: { email: 'Email', phone: 'Phone', status: 'Status', registered: 'Registered on', expires: 'Expires on', renewed: 'Renewed on', decided: 'Decided on', reason: 'Reason given', note: 'Your note' },
      none: 'None given',
      renewHint: 'This registration is in its last 14 days: you may renew it once, for 90 days more.',
    },
  },
  contact: {
    intro: 'The member of our sales team who looks after you:',
    team: 'Our sales team:',
    unknown: 'A member of our sales team will be in touch; the address that sent your access is theirs.',
  },
} as const;

/** The team's page in the inbox, where owners invite people, change roles and remove people. */
export const teamPage = {
  title: 'Team',
  heading: 'The sales team',
  intro: 'Everyone here signs in with their own email address. Owners invite people, change roles and remove people; removing someone signs them out at once.',
  roles: { owner: 'Owner', member: 'Member' } as Record<string, string>,
  fixed: 'Always an owner (ADMIN_EMAILS)',
  you: 'you',
  joined: (at: string) => `Joined ${at}`,
  invitedUntil: (at: string) => `Invitation open until ${at}`,
  notJoined: 'Not signed in yet',
  lastSignIn: (at: string) => `last signed in ${at}`,
  passkeys: (count: number) => (count === 1 ? '1 passkey' : `${count} passkeys`),
  role: 'Role',
  changeRole: 'Change role',
  remove: (name: string) => `Remove ${name}`,
  removeWarning: 'They are signed out everywhere at once, and their passkeys and invitation stop working.',
  removeNow: (name: string) => `Remove ${name} now`,
  invite: {
    heading: 'Invite someone',
    name: 'Full name',
    email: 'Email address',
    role: 'Role',
    phone: 'Phone',
    phoneHint: 'Shown to brokers whose contact they are.',
    submit: 'SEND INVITATION',
    submitting: 'SENDING...',
    invited: (name: string) => `${name} is invited: the invitation is on its way.`,
    invitedQuiet: (name: string) => `${name} is invited. With no mail relay set, the invitation’s link is in the server’s log.`,
    member: 'That address is on the team already.',
    taken: 'That address belongs to a broker. End their access first, or use another address.',
    refused: 'Please check the entries: each field says what it needs.',
    unavailable: 'The invitation could not be sent just now. Please try again.',
  },
  saved: { role: 'Role changed.', removed: 'Removed from the team, and signed out everywhere.' } as Record<string, string>,
  refused: 'That change could not be made: an owner named by ADMIN_EMAILS stays an owner, and the team always keeps one owner.',
  activity: {
    heading: 'Recent activity',
    none: 'Nothing yet.',
    invited: (detail: string | null) => `Invited as ${detail === 'broker' ? 'a broker' : detail === 'owner' ? 'an owner' : 'a member'}`,
    signed_in: (detail: string | null) => `Signed in with ${detail === 'passkey' ? 'a passkey' : detail === 'link' ? 'the email’s link' : detail === 'invitation' ? 'the invitation' : 'an email code'}`,
    code_failed: (detail: string | null) => `Wrong code entered at sign-in (try ${detail ?? '?'} of 5)`,
    passkey_added: (detail: string | null) => `Passkey added: ${detail ?? ''}`,
    passkey_removed: (detail: string | null) => `Passkey removed: ${detail ?? ''}`,
    role: (detail: string | null) => {
      const [from, to] = (detail ?? '').split('>');
      return `Role ${from ?? ''} → ${to ?? ''}`;
    },
    removed: () => 'Removed from the team',
    revoked: () => 'Portal access ended',
    restored: () => 'Portal access given back',
    signed_out_everywhere: () => 'Signed out everywhere',
    renamed: (detail: string | null) => `Name changed from ${detail ?? ''}`,
  },
} as const;

/** The estates the team keeps for the broker portal, at /admin/estates. */
export const estatesPage = {
  title: 'Estates',
  heading: 'Estates',
  intro: 'What brokers see in the portal and on the price list. Every change is kept with who made it and when; a sold estate stays listed.',
  tableLabel: 'Estates by lot',
  columns: { lot: 'Lot', lotAcres: 'Acres', homeSqft: 'Sq ft', bedrooms: 'Bedrooms', bathrooms: 'Bathrooms', status: 'Status', listPrice: 'Price', changedAt: 'Last changed' },
  none: 'No estates yet. Add the first one below.',
  manage: 'Manage',
  priceOnRequest: 'Price on request',
  statuses: { available: 'Available', reserved: 'Reserved', under_contract: 'Under contract', sold: 'Sold' } as Record<string, string>,
  fields: {
    lot: 'Lot',
    lotHint: 'As the site shows it: “Lot 7”, “The Orchard”. Up to 60 characters; each lot once.',
    lotAcres: 'Lot size (acres)',
    lotAcresHint: '0.01 to 999, up to two decimals.',
    homeSqft: 'Home (sq ft)',
    homeSqftHint: 'A whole number from 1 to 100,000.',
    bedrooms: 'Bedrooms',
    bathrooms: 'Bathrooms',
    bathroomsHint: '0 to 50, in halves: 4.5.',
    status: 'Status',
    listPrice: 'Price (US dollars)',
    listPriceHint: 'Whole dollars, up to 1,000,000,000. Leave empty for “Price on request”.',
  },
  add: { heading: 'Add an estate', jump: 'Add an estate ↓', submit: 'ADD ESTATE', submitting: 'ADDING...' },
  edit: { summary: 'Edit its details', submit: 'Save details', submitting: 'Saving...' },
  status: { heading: 'Status and price', submit: 'Save status and price', submitting: 'Saving...' },
  remove: {
    summary: (lot: string) => `Delete ${lot}`,
    warning: 'It leaves the portal and the price list at once. Its history stays here. A sold estate cannot be deleted.',
    submit: (lot: string) => `Delete ${lot} now`,
  },
  history: {
    summary: 'History',
    none: 'No changes recorded.',
    created: 'Added',
    deleted: 'Deleted',
    changed: 'Changed',
    by: (name: string | null) => name ?? 'A former team member',
    empty: '—',
  },
  saved: {
    added: 'Estate added.',
    updated: 'Details saved.',
    status: 'Status and price saved.',
    unchanged: 'Nothing to change: the estate already read so.',
    deleted: 'Estate deleted. Its history is kept.',
  } as Record<string, string>,
  refusedSold: 'A sold estate cannot be deleted: it stays listed, with its history, as a record of the sale.',
  refusedGone: 'That estate is no longer listed: someone may have deleted it. Nothing was changed.',
  refused: 'That change could not be made. Nothing was changed.',
  answers: {
    refused: 'Please check the entries:',
    refusedUnlisted: 'Please check the entries: each field’s note says what it needs.',
    duplicate: (lot: string) => `“${lot}” is already listed. Each lot is listed once: edit that estate instead, or name this one differently.`,
    gone: 'That estate is no longer listed: someone may have deleted it. Nothing was saved.',
    unavailable: 'The estate could not be saved just now. Please try again.',
  },
  errors: {
    id: 'The form was not one of this page’s. Reload the page and try again.',
    lot: 'Lot: 1 to 60 characters, letters, numbers and simple punctuation.',
    lotAcres: 'Lot size: a number of acres from 0.01 to 999, with at most two decimals.',
    homeSqft: 'Home: a whole number of square feet from 1 to 100,000.',
    bedrooms: 'Bedrooms: a whole number from 0 to 50.',
    bathrooms: 'Bathrooms: a number from 0 to 50, in halves (2, 2.5, 3…).',
    status: 'Status: one of Available, Reserved, Under contract or Sold.',
    listPrice: 'Price: whole dollars from 1 to 1,000,000,000, or empty for “Price on request”.',
  } as Record<string, string>,
} as const;

/** The co-brokerage terms brokers accept in the portal, at /admin/terms. */
export const termsPage = {
  title: 'Co-brokerage terms',
  heading: 'Co-brokerage terms',
  intro: 'Brokers accept the latest version before they use the portal. Publishing a new version asks every broker to accept again.',
  current: (at: string) => `Published ${at}`,
  none: 'No terms are published yet. Brokers see the portal once the first version is.',
  publish: {
    heading: 'Publish a new version',
    label: 'Terms',
    hint: 'Plain text, up to 20,000 characters. Leave a blank line between paragraphs. No HTML or other markup.',
    submit: 'PUBLISH',
    submitting: 'PUBLISHING...',
  },
  versions: {
    heading: 'Versions',
    none: 'None yet.',
    version: (version: number) => `Version ${version}`,
    by: (name: string | null) => name ?? 'a former team member',
    line: (at: string, by: string) => `Published ${at} by ${by}`,
    current: 'current',
  },
  saved: { published: (version: number) => `Version ${version} published. Brokers are asked to accept it.` },
  answers: {
    empty: 'Please write the terms: the box is empty.',
    long: (length: number) => `The terms are ${length.toLocaleString('en-US')} characters long: at most 20,000 fit. Please shorten them.`,
    markup: 'The terms look like they contain markup (a “<” followed by a letter, as in an HTML tag). Please write them as plain text.',
    same: 'These are the current terms word for word. Change them before publishing a new version.',
    control: 'The terms contain characters that cannot be shown. Please paste them as plain text.',
    unavailable: 'The terms could not be published just now. Please try again.',
  },
} as const;

/** The team's view of its brokers, at /admin/brokers. */
export const brokersPage = {
  title: 'Brokers',
  nav: 'Brokers',
  heading: 'Brokers',
  intro: 'Every broker with portal access, or whose access has ended: the terms they accepted, what they downloaded and their client registrations. Ending access signs them out everywhere at once.',
  none: 'No brokers yet. Approving a broker request gives them an account here.',
  tableLabel: 'Brokers and their portal use',
  columns: { broker: 'Broker', access: 'Access', lastSignIn: 'Last signed in', terms: 'Terms accepted', downloads: 'Downloads', registrations: 'Registrations', actions: 'Manage' },
  statuses: { active: 'Active', revoked: 'Ended' },
  /** Before a date: "Since Dec 1, 2026, 10:01 AM UTC". */
  since: 'Since',
  endedOn: 'On',
  neverSignedIn: 'Not yet',
  terms: {
    version: (version: number) => `Version ${version}`,
    accepted: 'Accepted',
    notLatest: 'Not the latest: asked to accept again',
    none: 'None yet',
  },
  downloads: {
    count: (count: number) => (count === 1 ? '1 download' : `${count.toLocaleString('en-US')} downloads`),
    none: 'None yet',
    latest: (shown: number) => (shown === 1 ? 'The latest' : `The latest ${shown}`),
    kinds: { price_list: 'Price list', brochure: 'Brochure' },
  },
  registrations: { registered: 'Registered', under_review: 'Under review', declined: 'Declined' },
  revoke: 'End portal access',
  restore: 'Give portal access back',
  /** Said to a screen reader after the button's words, so that each button names its broker. */
  forWhom: (name: string) => ` for ${name}`,
  request: 'Their request',
  noRequest: 'No request on file: access is changed from the request a broker was approved from.',
  requestGone: 'Their request is no longer kept (erased, or past the time leads are kept), so access cannot be given back from it: ask them to request access again.',
  saved: {
    revoke: (name: string) => `${name}’s portal access ended: they are signed out everywhere.`,
    restore: (name: string) => `${name}’s portal access is given back, with a new invitation.`,
  },
  refused: 'That change could not be made: the broker’s access may already have changed. Nothing was changed.',
} as const;

/** Client registrations as the team sees them: the list at /admin/registrations, each one's review, and where the inbox points to them. */
export const registrationsPage = {
  title: 'Client registrations',
  heading: 'Client registrations',
  intro:
    'Buyers brokers have registered as their clients. One that meets a buyer who wrote to us, or another broker’s registration, waits here for a decision; the broker is told what you decide.',
  nav: { link: 'Registrations', underReview: (count: number) => `${count} under review`, portal: 'See the portal as brokers do' },
  filtersLabel: 'Show',
  filters: { all: 'All', under_review: 'Under review', registered: 'Registered', declined: 'Declined' },
  tableLabel: 'Registrations, those under review first',
  columns: { buyer: 'Buyer', broker: 'Broker', status: 'Status', registeredOn: 'Registered on', expiresOn: 'Expires on' },
  none: 'No registrations yet.',
  noneOfStatus: (status: string) => `No registrations are ${status.toLowerCase()}.`,
  statuses: { under_review: 'Under review', registered: 'Registered', declined: 'Declined', expired: 'Expired' },
  noBrokerage: 'No brokerage given',
  notYet: '—',
  review: {
    back: 'All registrations',
    eyebrow: 'Client registration',
    byline: (broker: string, at: string) => `Sent by ${broker} on ${at}`,
    this: 'This registration',
    mine: (broker: string) => `${broker} registered them`,
    conflicts: 'What it meets',
    noConflict: 'Nothing: no recent inquiry from this buyer and no other broker’s registration, so it was registered at once.',
    inquiryGone: 'The inquiry it met is no longer kept (erased on request, or past the time leads are kept).',
    otherGone: 'The other broker’s registration it met is no longer kept.',
    labels: {
      broker: 'Broker',
      brokerage: 'Brokerage',
      brokerEmail: 'Broker’s email',
      buyer: 'Buyer',
      email: 'Email',
      phone: 'Telephone',
      note: 'Broker’s note',
      registeredAt: 'Registered',
      expiresAt: 'Protected until',
      renewedAt: 'Renewed',
      status: 'Status',
      received: 'Received',
      owner: 'Owner',
    },
    none: 'None given',
    nobody: 'Nobody yet',
    inquiry: { heading: 'The buyer wrote to us', open: 'Open the inquiry' },
    other: { heading: 'Another broker registered them', open: 'Open that registration' },
  },
  decision: {
    heading: 'Decision',
    legend: 'Register or decline',
    register: 'Register',
    registerHint: 'The broker holds this buyer for 90 days from today.',
    decline: 'Decline',
    declineHint: 'The registration protects nothing.',
    reason: 'Reason (to decline)',
    reasonHint: 'Required to decline. The broker sees it in the portal and in the email we send them. Up to 1,000 characters.',
    submit: 'Save decision',
    submitting: 'Saving...',
  },
  decided: {
    heading: 'Decision',
    registered: (by: string, at: string) => `Registered by ${by} on ${at}.`,
    registeredAtOnce: (at: string) => `Registered at once on ${at}: nothing to review.`,
    declined: (by: string, at: string) => `Declined by ${by} on ${at}.`,
    until: (at: string) => `It protects the broker until ${at}.`,
    ended: (at: string) => `Its protection ended on ${at}.`,
    reason: 'Reason given to the broker',
    formerMember: 'a former team member',
  },
  saved: {
    registered: 'Registered. The broker is being emailed.',
    registeredQuiet: 'Registered. No email was sent (mail is not set up); the broker sees it in the portal.',
    declined: 'Declined. The broker is being emailed the reason.',
    declinedQuiet: 'Declined. No email was sent (mail is not set up); the broker sees the reason in the portal.',
  } as Record<string, string>,
  refusedAlready: 'Someone decided this registration already: their decision stands, below.',
  answers: {
    choose: 'Please choose Register or Decline.',
    reason: 'Please give the reason to decline: the broker is shown it and emailed it.',
    long: (length: number) => `The reason is ${length.toLocaleString('en-US')} characters long: at most 1,000 fit. Please shorten it.`,
    control: 'The reason contains characters that cannot be shown. Please type it as plain text.',
    gone: 'This registration is no longer kept. Nothing was decided.',
    unavailable: 'The decision could not be saved just now. Please try again.',
  },
  leadSection: {
    heading: 'Client registrations',
    intro: 'Brokers who registered this buyer, by address or telephone.',
    line: (broker: string, brokerage: string | null) => (brokerage ? `${broker}, ${brokerage}` : broker),
    as: (buyer: string) => `Registered as ${buyer} on`,
  },
} as const;

/**
 * Private tours: the invitation's words; what the settings form says when it refuses a field, and why a chosen
 * time is not open. The place is where TOUR_LOCATION does not say otherwise: the estate's sales gallery, named
 * without a street address, which the deployment sets.
 */
export const tours = {
  location: 'Aldercrest Estates, Sales Gallery',
  organizer: 'Aldercrest Estates sales team',
  summary: 'Private tour of Aldercrest Estates',
  description: {
    guest: (host: string | null) => `Your private tour of Aldercrest Estates${host ? ` with ${host}` : ''}.`,
    manage: 'To move or cancel it',
    host: (buyer: string) => `Private tour for ${buyer}.`,
    lead: 'The lead in the inbox',
  },
  weekdays: { 1: 'Mondays', 2: 'Tuesdays', 3: 'Wednesdays', 4: 'Thursdays', 5: 'Fridays', 6: 'Saturdays', 7: 'Sundays' },
  settings: {
    time: 'Please give a time as HH:MM, such as 10:00.',
    bothTimes: (days: string) => `Give both opening and closing times, or leave both blank to close on ${days}.`,
    closeAfterOpen: 'Closing must be later than opening.',
    tourFits: (minutes: number, open: string, close: string) => `A ${minutes}-minute tour does not fit between ${open} and ${close}.`,
    tourMinutes: 'The tour length must be a whole number of minutes from 30 to 240.',
    bufferMinutes: 'The time between tours must be a whole number of minutes from 0 to 120.',
    capacity: 'Tours at once must be a whole number from 1 to 10.',
    leastNoticeHours: 'The least notice must be a whole number of hours from 0 to 336 (two weeks).',
    horizonDays: 'How far ahead must be a whole number of days from 1 to 180.',
    closedDate: (value: string) => `“${value}” is not a date: write each closed date as YYYY-MM-DD, such as 2027-12-25.`,
    closedDatesMany: (count: number) => `That is ${count} closed dates: at most 366 fit. Please remove past ones.`,
  },
  /** Why a chosen time cannot be booked (lib/tours/slots.ts checkOpenTime). */
  closed: {
    invalid: 'Please choose a time from the list.',
    not_offered: 'That time is not one we offer. Please choose a time from the list.',
    too_soon: 'That time is now too soon to arrange. Please choose a later one.',
    too_far: 'That time is further ahead than we book. Please choose an earlier one.',
    full: 'That time has just been taken. Please choose another.',
  },
  zoneNote: (zone: string) => `Times are ${zone}.`,
} as const;

/** The team's page of private tours (/admin/tours): the settings, and the agenda of booked tours by day. */
export const toursAdmin = {
  title: 'Tours',
  heading: 'Private tours',
  nav: 'Tours',
  intro: 'When buyers and brokers may book a private tour, and the tours booked, day by day.',
  settings: {
    heading: 'Booking settings',
    newOnly: 'Changes apply to new bookings only: tours already booked keep their time and length.',
    hoursHeading: 'Opening hours',
    hoursHint: (zone: string) => `In ${zone}. Leave both times blank to close that day.`,
    open: 'Opens',
    close: 'Closes',
    dayNames: { 1: 'Monday', 2: 'Tuesday', 3: 'Wednesday', 4: 'Thursday', 5: 'Friday', 6: 'Saturday', 7: 'Sunday' },
    openLabel: (day: string) => `${day} opens`,
    closeLabel: (day: string) => `${day} closes`,
    rulesHeading: 'Tours',
    fields: {
      tourMinutes: 'Tour length (minutes)',
      bufferMinutes: 'Between tours (minutes)',
      capacity: 'Tours at once',
      leastNoticeHours: 'Least notice (hours)',
      horizonDays: 'Booked up to (days ahead)',
      closedDates: 'Closed dates',
    },
    closedDatesHint: 'One date a line, as YYYY-MM-DD, such as 2027-12-25.',
    submit: 'SAVE SETTINGS',
    submitting: 'SAVING...',
    lastChanged: (by: string, at: string) => `Last changed by ${by}, ${at}.`,
    defaults: 'The standard settings are in force: nobody has changed them yet.',
    answers: {
      saved: 'Settings saved. They apply to bookings from now on.',
      refused: 'Please check the entries: each field marked says what it needs.',
      unavailable: 'The settings could not be saved just now. Please try again in a moment.',
    },
  },
  agenda: {
    heading: 'Agenda',
    range: (from: string, to: string) => `Booked tours from ${from} to ${to}.`,
    zone: (zone: string) => `Times in ${zone}.`,
    none: 'No tours are booked in these 30 days.',
    next: 'Next 30 days',
    previous: 'Previous 30 days',
    today: 'From today',
    buyer: 'Buyer',
    broker: (name: string, brokerage: string | null) => `Booked by ${name}${brokerage ? `, ${brokerage}` : ''}`,
    noLead: 'Not in the inbox',
    tourLabel: (time: string, buyer: string) => `${time}, ${buyer}`,
    host: 'Host',
    noHost: 'No host yet',
    assign: 'Assign',
    /** Said after the button's word to a screen reader, so that each button names its tour. */
    assignMore: (buyer: string) => ` the host of the tour with ${buyer}`,
    cancel: 'Cancel tour',
    cancelMore: (time: string, buyer: string) => ` at ${time} with ${buyer}`,
    /** Under the opened "Cancel tour": whom the cancellation is emailed to, the one who booked it. */
    cancelWarning: (bookedBy: string) => `${bookedBy} is emailed at once that the tour is cancelled, and its time is offered again.`,
    cancelConfirm: 'Yes, cancel it',
    ends: (time: string) => `until ${time}`,
  },
  saved: {
    host: 'Host assigned: they are sent the booking with its invitation.',
    unhosted: 'The tour has no host now.',
    cancelled: 'Tour cancelled: the buyer, or the broker who booked it, is told by email.',
  } as Record<string, string>,
  refused: {
    gone: 'That tour is no longer booked, or has already begun: nothing was changed.',
    invalid: 'That could not be done: please use the page’s buttons.',
    host: 'Only an active member of the team can host a tour.',
    unavailable: 'That could not be saved just now. Please try again in a moment.',
  } as Record<string, string>,
} as const;

/** A broker's private tour for a registered client, on the registration's page in the portal. */
export const portalTours = {
  heading: 'Private tour',
  book: (buyer: string) => `Book a private tour for ${buyer}`,
  intro: 'Choose a time: you and your client receive the invitation by email, and our sales team hosts the tour.',
  zone: (zone: string) => `Times in ${zone}.`,
  day: (label: string) => label,
  placesLeft: (count: number) => (count === 1 ? '1 place left' : `${count} places left`),
  none: 'No time is open in the coming weeks. Please ask your contact on our sales team.',
  submit: 'BOOK THIS TOUR',
  booked: {
    heading: 'Tour booked',
    when: 'When',
    host: 'With',
    noHost: 'A member of our sales team (we will tell you who)',
    cancel: 'Cancel this tour',
    move: 'Move this tour',
    moveIntro: 'Choose its new time: you and your client receive the new invitation by email.',
    moveSubmit: 'MOVE TO THIS TIME',
    moveNone: 'No other time is open in the coming weeks.',
  },
  notActive: 'A tour can be booked once the registration is registered and while it has not expired.',
  past: 'Earlier tours for this client',
  cancelledTour: 'Cancelled',
  answers: {
    booked: 'Your tour is booked. The invitation is on its way to you by email.',
    exists: 'This client already has a tour booked: cancel it to choose another time.',
    full: 'That time has just gone: another tour took its place. Please choose another.',
    invalid: 'That time is no longer open. Please choose one from the list.',
    not_active: 'This registration is not active, so no tour can be booked for it.',
    cancelled: 'The tour is cancelled. We have told you by email.',
    moved: 'The tour is moved. The new invitation is on its way to you by email.',
    not_found: 'That tour is no longer booked, or has already begun: nothing was changed.',
    unavailable: 'That could not be done just now. Please try again in a moment.',
  } as Record<string, string>,
} as const;
