// The privacy notice at /privacy.
import { PRIVACY_LINE } from './site';

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
        'What you type into a form: your name, email address, telephone number and message; and, for broker access, your brokerage and license number. With it, the time you sent it.',
        'Where your visit came from: the campaign named in the address you arrived at (such as a newsletter) and the website that linked to you, when your browser says. This tells us which of our announcements reach people.',
        'Your internet address is used for a few minutes to keep the forms free of abuse, and is never stored as such.',
        'This site sets no cookies for visitors, runs no analytics and loads nothing from anyone else. The sales team and the brokers we work with sign in: for them alone, one cookie keeps them signed in, and we keep when and on what kind of browser (such as "Chrome on Android") each of their sessions was used, and a history of their sign-ins, until they sign out or their access ends.',
      ],
    },
    portal: {
      heading: 'The broker portal',
      body: [
        'For brokers with portal access, we keep your account (name, email address, brokerage and telephone), which version of the co-brokerage terms you accepted and when, and when you downloaded the price list or the brochure. Each price list you download names you, your brokerage and the time it was made.',
        'When a broker registers you as their client, they give us your name, email address, telephone number if they have it, and a note. We compare your email address and telephone number with inquiries you sent us in the previous 180 days and with other brokers\' registrations, so that the broker who introduced you is recognized, and we keep the registration while it runs.',
        'When a lot is held or reserved for you, we keep for whom, by which broker, and its dates; for a reservation, the deposit\'s amount, due and received dates, how it was paid and our note.',
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
      forDays: 'Each inquiry is deleted {days} days after it arrives, together with our notes on it, or, if a lot is held for you then, once the hold ends.',
      untilAsked: 'We keep your inquiry while we are in touch with you about Aldercrest, and delete it, with our notes on it, whenever you ask.',
      portalForDays:
        'A client registration is deleted {days} days after it ends (or, if the sales team never decided on it, {days} days after it was made), a record of a download {days} days after the download, and a broker\'s account {days} days after their access ends; an acceptance of the terms goes {days} days after it was given, unless it is the broker\'s latest. A registration or an account that a lot\'s hold still running names waits until the hold ends.',
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
        'Erasure removes every inquiry from your email address, with our notes and any message not yet sent, every registration of you as a broker\'s client, and, for a broker, your account with its downloads, acceptances and registrations; we keep only a record that an erasure took place, without your details, and of a hold or reservation the lot, its dates and the deposit\'s amount, as our accounts require, without your name or anything written about you.',
    },
  },
  version: 'Version {version}.',
  home: 'Return to Aldercrest',
  /** The line above each form's button. */
  line: PRIVACY_LINE,
} as const;
