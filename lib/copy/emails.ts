// The emails: the team's notice of each lead, the person's receipt, and the portal's and tours' messages.

/** What a link is called where it is read: a button in the HTML part, a link in the plain text. */
export type LinkWord = 'button' | 'link';

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
      // Our team writes to whoever's address it is: what a stranger given this address can do is tell us.
      footer:
        'You receive this message because this address was entered in the inquiry form on the Aldercrest Estates website. If that was not you, please reply to tell us, so that our team does not write to you.',
    },
    broker: {
      subject: 'Your broker access request to Aldercrest Estates',
      body: [
        'Thank you for requesting access to the Aldercrest Estates broker portal.',
        'Our team will review your request and contact you within 24 hours.',
      ],
      footer:
        'You receive this message because this address was entered in the broker access form on the Aldercrest Estates website. If that was not you, please reply to tell us, so that our team does not write to you.',
    },
    greeting: (name: string | null) => (name ? `Dear ${name},` : 'Good day,'),
    // A decision on a broker request. The approval promises what the team does next, and nothing the site does not.
    broker_approved: {
      subject: 'Your broker access to Aldercrest Estates',
      body: (link: LinkWord) => [
        'Thank you for your patience while we reviewed your request.',
        `We are pleased to welcome you as a broker of Aldercrest Estates. Your access to the broker portal is ready: the ${link} below signs you in.`,
        `The ${link} works once, within 7 days. After that, sign in at any time with this email address, and we will send you a code.`,
      ],
      action: 'Open the broker portal',
      footer: 'You receive this message because you asked for access to the Aldercrest Estates broker portal, and our team has granted it.',
    },
    broker_declined: {
      subject: 'Your broker access request to Aldercrest Estates',
      body: [
        'Thank you for your interest in representing clients at Aldercrest Estates.',
        'Having reviewed your request, we are not able to offer broker portal access at this time. Should your circumstances change, you are welcome to contact our sales team.',
      ],
      footer: 'You receive this message because you asked for access to the Aldercrest Estates broker portal.',
    },
    signOff: ['With warm regards,', 'The Aldercrest Estates sales team'],
  },
  signIn: {
    subject: 'Your sign-in code for Aldercrest Estates',
    intro: 'Here is your code to sign in to Aldercrest Estates.',
    codeLabel: 'Your code',
    linkIntro: { button: 'Or sign in on this device with one press:', link: 'Or sign in on this device with this link:' } satisfies Record<LinkWord, string>,
    action: 'Sign in',
    // A newer code, or wrong ones typed elsewhere, never spends a link: the person can always use the email they have.
    validity: (link: LinkWord) =>
      `The code and the ${link} work once, within 15 minutes. Should you ask for another code, only the newest works; this ${link} still does, until you sign in.`,
    footer: 'You receive this message because someone asked to sign in to Aldercrest Estates with this address. If that was not you, no action is needed: nobody can sign in without this email.',
  },
  invitation: {
    subject: 'Your invitation to the Aldercrest Estates team',
    body: (link: LinkWord) => [
      'You have been invited to join the sales team of Aldercrest Estates, where our leads are worked.',
      `The ${link} below signs you in. It works once, within 7 days. After that, sign in at any time with this email address, and we will send you a code.`,
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
    manageHint: (link: LinkWord) => `Should your plans change, the ${link} above lets you choose another time or cancel.`,
    portal: 'Move or cancel this tour in the portal',
    portalHint: 'Should your client’s plans change, their registration’s page in the portal lets you choose another time or cancel.',
    // What the attached calendar part does, by the email's kind: a cancellation's takes the tour out.
    calendarHint: {
      tour_booked: 'The invitation attached to this email adds the tour to your calendar.',
      tour_moved: 'The invitation attached to this email moves the tour to its new time in your calendar.',
      tour_reminder: 'The invitation attached to this email keeps the tour in your calendar, or adds it if it is not there.',
      tour_cancelled: 'The calendar update attached to this email takes the tour out of your calendar.',
    },
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
    // A broker's client who never wrote to us has no lead: the tour is found on the agenda.
    openAgenda: 'Open the tours agenda',
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
  // To an owner who asked for it on their account page, every Monday at 8:00: the week just ended in figures.
  weekly: {
    subject: (week: string) => `The week in figures: ${week}`,
    heading: 'The week in figures',
    intro: (week: string, name: string | null) => `Good morning${name ? `, ${name}` : ''}. Here is the week of ${week} at Aldercrest, beside the week before.`,
    leads: 'Leads',
    leadsValue: (inquiries: number, brokers: number, before: number) =>
      `${inquiries + brokers} (${inquiries} ${inquiries === 1 ? 'inquiry' : 'inquiries'}, ${brokers} broker ${brokers === 1 ? 'request' : 'requests'}); ${before} the week before`,
    source: 'Where they came from',
    sourceValue: (source: string, leads: number) => `${source} brought the most, ${leads} ${leads === 1 ? 'lead' : 'leads'}`,
    noSource: 'No leads this week',
    speed: 'Speed to lead',
    speedValue: (median: number, p90: number) => `Half answered within ${median} hours, nine in ten within ${p90}`,
    noSpeed: 'No lead of this week has been answered yet',
    tours: 'Tours',
    toursValue: (booked: number, cancelled: number) => `${booked} booked, ${cancelled} cancelled`,
    estate: 'The estate now',
    estateValue: (lots: number, sold: number, held: number, available: number, value: string) =>
      lots === 0
        ? 'No lot is listed yet'
        : `${sold} of ${lots} ${lots === 1 ? 'lot' : 'lots'} sold, ${held} on hold or reserved, ${available} available${available > 0 ? ` (listed at ${value})` : ''}`,
    open: 'See every figure',
    footer: 'Sent by the Aldercrest Estates website every Monday at 8:00 to the owners who asked for it. Turn it off on your account page.',
  },
  // To a member of the team, when someone else on it gives them a lead; never to whoever takes one themselves.
  assigned: {
    subject: { inquiry: (name: string) => `A lead for you: ${name}`, broker: (name: string, brokerage: string) => `A lead for you: ${name}, ${brokerage}` },
    heading: { inquiry: 'A prospect inquiry is yours', broker: 'A broker access request is yours' },
    body: (givenBy: string) => `${givenBy} gave you this lead in the inbox. Its status, follow-up date and notes are yours to keep from here.`,
    lead: 'Lead',
    brokerage: 'Brokerage',
    received: 'Received',
    givenBy: 'Given by',
    open: 'Open the lead in the inbox',
    footer: 'Sent by the Aldercrest Estates website each time a member of the sales team gives you a lead.',
  },
} as const;
