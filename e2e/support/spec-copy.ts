/**
 * The specification's words, written out here rather than imported from the
 * content module, so that a typo there fails these tests.
 */
export const spec = {
  name: 'Aldercrest Estates',
  tagline: 'Where Unparalleled Luxury Meets Timeless Elegance',
  discover: 'DISCOVER YOUR ESTATE',
  scrollLabel: 'Scroll to Begin Your Journey',
  headings: ['Aldercrest Estates', 'Exceptional Living', 'Estate Living', 'Begin Your Journey', 'Broker Portal Access'],
  features: ['Architectural Masterpieces', 'Private Sanctuary', '24/7 Security', 'Resort Amenities', 'Prime Location', 'Custom Estate Homes'],
  caption: 'Sophisticated Design',
  stats: [
    ['8K+', 'Square Feet'],
    ['1-2', 'Acre Lots'],
    ['5+', 'Bedrooms'],
    ['24/7', 'Security'],
  ],
  footerTagline: 'An exclusive private neighborhood development offering luxury estate living.',
  slides: 5,
  inquiry: {
    button: 'REQUEST INFORMATION',
    success: 'Thank you for your interest. A representative will contact you shortly.',
    error: 'Unable to submit inquiry. Please try again.',
  },
  broker: {
    button: 'REQUEST BROKER ACCESS',
    success: 'Your request has been submitted. Our team will review and contact you within 24 hours.',
    error: 'Unable to submit request. Please try again.',
  },
} as const;
