// The broker portal's words, its registrations and tours, and its PDFs.
import { PRICE_ON_REQUEST } from './money';

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
  statuses: { available: 'Available', on_hold: 'On hold', reserved: 'Reserved', under_contract: 'Under contract', sold: 'Sold' },
  priceOnRequest: PRICE_ON_REQUEST,
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
  /** To a broker before the team has published its first terms: nothing of the portal shows until then. */
  opensSoon: {
    intro: 'The broker portal opens soon. Our sales team is preparing the co-brokerage terms under which we work with brokers; once they are published, you will read and accept them here, then find availability, pricing and client registration.',
    write: 'For anything before then, write to',
  },
  availability: {
    intro: 'Every estate lot and residence, as the sales team keeps them. Prices in US dollars.',
    filterLabel: 'Show',
    /** The table's name, read but not shown: the section's heading names the section around it. */
    tableLabel: 'Estates by lot',
    all: 'All',
    status: { available: 'Available', on_hold: 'On hold', reserved: 'Reserved', under_contract: 'Under contract', sold: 'Sold' } as Record<string, string>,
    columns: { lot: 'Lot', acres: 'Lot size', sqft: 'Home size', bedrooms: 'Bedrooms', bathrooms: 'Bathrooms', status: 'Status', price: 'List price', changed: 'Last changed' },
    acres: (value: number) => `${value} ${value === 1 ? 'acre' : 'acres'}`,
    sqft: (value: number) => `${value.toLocaleString('en-US')} sq ft`,
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
