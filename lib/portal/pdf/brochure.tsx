import { Document, Image as Photo, Link, Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import type { ReactNode } from 'react';
import { brochure } from '@/lib/copy/portal';
import { estate, features, footer, hero, inquiry, site } from '@/lib/copy/site';
import { Monogram } from './monogram';
import type { PdfPhoto } from './photos';
import { colours, DISPLAY, stored, TEXT, type Room } from './theme';

export interface BrochureContact {
  name: string;
  email: string;
  /** Null when the team member has given none. */
  phone: string | null;
}

/** The photographs each page shows, read and scaled beforehand (photos.ts). */
export interface BrochurePhotos {
  hero: PdfPhoto;
  design: PdfPhoto;
  /** The inquiry section's slides, in its order, with the words that describe each. */
  slides: { photo: PdfPhoto; alt: string }[];
}

export interface BrochureProps {
  contact: BrochureContact | null;
  photos: BrochurePhotos;
  /** "March 2026". */
  edition: string;
  year: number;
  /** Where the page's inquiry form is. */
  inquiryAddress: string;
  siteAddress: string;
}

const WIDTH = 612;
const MARGIN = 60;
const CONTENT = WIDTH - 2 * MARGIN;

/** The contact block's width (styles.contact), where its name and lines are drawn. */
const CONTACT_WIDTH = 300;
const CONTACT_NAME: Room = { width: CONTACT_WIDTH, size: 24 };
const CONTACT_LINE: Room = { width: CONTACT_WIDTH, size: 9.5 };

const styles = StyleSheet.create({
  dark: { backgroundColor: colours.ink, color: colours.ivory, fontFamily: TEXT },
  light: { backgroundColor: colours.ivory, color: colours.text, fontFamily: TEXT, paddingBottom: 70 },
  coverPhoto: { width: WIDTH, height: 452, objectFit: 'cover' },
  coverText: { paddingHorizontal: MARGIN, paddingTop: 44, alignItems: 'center' },
  eyebrowOnDark: { fontSize: 7, fontWeight: 600, letterSpacing: 2.6, color: colours.champagneLight, marginTop: 20 },
  coverTitle: { fontFamily: DISPLAY, fontWeight: 400, fontSize: 46, letterSpacing: 1, color: colours.ivory, marginTop: 12 },
  coverRule: { width: 48, borderTopWidth: 0.7, borderTopColor: colours.champagne, marginVertical: 16 },
  coverTagline: { fontFamily: DISPLAY, fontStyle: 'italic', fontSize: 18, color: colours.champagneLight, textAlign: 'center' },
  coverEdition: {
    position: 'absolute',
    bottom: 34,
    left: MARGIN,
    right: MARGIN,
    textAlign: 'center',
    fontSize: 6.5,
    letterSpacing: 1.8,
    color: colours.mutedOnDark,
  },
  band: { width: WIDTH, height: 190, objectFit: 'cover' },
  section: { paddingHorizontal: MARGIN, paddingTop: 44 },
  eyebrow: { fontSize: 7, fontWeight: 600, letterSpacing: 2.6, color: colours.bronze, marginBottom: 10 },
  heading: { fontFamily: DISPLAY, fontWeight: 400, fontSize: 34, lineHeight: 1.1, color: colours.ink, marginBottom: 12 },
  intro: { fontSize: 9.5, lineHeight: 1.65, color: colours.muted, maxWidth: 380 },
  grid: { flexDirection: 'row', flexWrap: 'wrap', marginTop: 26, justifyContent: 'space-between' },
  feature: { width: (CONTENT - 40) / 2, marginBottom: 18, paddingTop: 12, borderTopWidth: 0.5, borderTopColor: colours.sand },
  featureNumber: { fontFamily: DISPLAY, fontSize: 10, color: colours.bronze, marginBottom: 4 },
  featureTitle: { fontFamily: DISPLAY, fontWeight: 500, fontSize: 17, color: colours.ink, marginBottom: 5 },
  featureBody: { fontSize: 8.5, lineHeight: 1.6, color: colours.muted },
  wide: { width: CONTENT, height: (CONTENT * 2) / 3, objectFit: 'cover', marginTop: 28 },
  caption: { fontFamily: DISPLAY, fontStyle: 'italic', fontSize: 12, color: colours.bronze, marginTop: 8 },
  stats: { flexDirection: 'row', marginTop: 28, borderTopWidth: 0.5, borderTopColor: colours.sand, paddingTop: 18 },
  stat: { flex: 1, alignItems: 'center' },
  statDivider: { borderLeftWidth: 0.5, borderLeftColor: colours.sand },
  statValue: { fontFamily: DISPLAY, fontWeight: 500, fontSize: 34, color: colours.ink },
  statLabel: { fontSize: 6.5, fontWeight: 600, letterSpacing: 1.8, color: colours.muted, marginTop: 4 },
  galleryLarge: { width: CONTENT, height: (CONTENT * 9) / 16, objectFit: 'cover', marginTop: 28 },
  galleryRow: { flexDirection: 'row', justifyContent: 'space-between', marginTop: 18 },
  gallerySmall: { width: (CONTENT - 24) / 3 },
  // Cut upright, as a magazine would, beneath the wide one.
  gallerySmallPhoto: { width: (CONTENT - 24) / 3, height: ((CONTENT - 24) / 3) * 1.25, objectFit: 'cover' },
  smallCaption: { fontSize: 7, lineHeight: 1.5, color: colours.muted, marginTop: 6 },
  pageFooter: {
    position: 'absolute',
    bottom: 32,
    left: MARGIN,
    right: MARGIN,
    flexDirection: 'row',
    borderTopWidth: 0.5,
    borderTopColor: colours.sand,
    paddingTop: 8,
    fontSize: 6.5,
    letterSpacing: 1.6,
    color: colours.muted,
  },
  pageNumber: { marginLeft: 'auto' },
  back: { paddingHorizontal: MARGIN, paddingTop: 110, alignItems: 'center' },
  backHeading: { fontFamily: DISPLAY, fontWeight: 400, fontSize: 38, color: colours.ivory, marginTop: 10 },
  backIntro: { fontSize: 9.5, lineHeight: 1.65, color: colours.mutedOnDark, textAlign: 'center', maxWidth: 340, marginTop: 12 },
  contact: {
    marginTop: 44,
    width: CONTACT_WIDTH,
    alignItems: 'center',
    paddingVertical: 26,
    borderTopWidth: 0.6,
    borderBottomWidth: 0.6,
    borderColor: colours.champagne,
  },
  contactLabel: { fontSize: 6.5, fontWeight: 600, letterSpacing: 2.2, color: colours.champagneLight },
  contactName: { fontFamily: DISPLAY, fontWeight: 500, fontSize: 24, color: colours.ivory, marginTop: 8 },
  contactLine: { fontSize: 9.5, color: colours.ivory, marginTop: 6, textDecoration: 'none' },
  backFooter: { position: 'absolute', bottom: 40, left: MARGIN, right: MARGIN, alignItems: 'center' },
  backTagline: { fontFamily: DISPLAY, fontStyle: 'italic', fontSize: 11, color: colours.mutedOnDark, marginTop: 14 },
  backSmall: { fontSize: 6.5, letterSpacing: 1.2, color: colours.mutedOnDark, marginTop: 6 },
});

const upper = (text: string) => text.toUpperCase();

function PageFooter() {
  return (
    <View style={styles.pageFooter} fixed>
      <Text>{upper(site.name)}</Text>
      <Text style={styles.pageNumber} render={({ pageNumber }) => String(pageNumber).padStart(2, '0')} />
    </View>
  );
}

function SectionHeading({ eyebrow, heading, intro }: { eyebrow: string; heading: string; intro?: string }) {
  return (
    <View>
      <Text style={styles.eyebrow}>{upper(eyebrow)}</Text>
      <Text style={styles.heading}>{heading}</Text>
      {intro ? <Text style={styles.intro}>{intro}</Text> : null}
    </View>
  );
}

/** A page inside the brochure: light paper, a photograph across its top where given, its section under a heading, the footer. */
function InsidePage({ band, children, ...heading }: { band?: PdfPhoto; eyebrow: string; heading: string; intro?: string; children: ReactNode }) {
  return (
    <Page size="LETTER" style={styles.light}>
      {band ? <Photo src={band} style={styles.band} /> : null}
      <View style={styles.section}>
        <SectionHeading {...heading} />
        {children}
      </View>
      <PageFooter />
    </Page>
  );
}

/** The development as the home page presents it, from lib/copy/site.ts, with the sales team's contact at the back. */
export function BrochureDocument({ contact, photos, edition, year, inquiryAddress, siteAddress }: BrochureProps) {
  // The first slide heads the features; the rest make the gallery, the first of them large.
  const [band, largest, ...smaller] = photos.slides;
  // What the store holds of the contact, in the faces its characters need.
  const shown = contact && {
    mailto: `mailto:${contact.email}`,
    name: stored(contact.name, DISPLAY, CONTACT_NAME),
    email: stored(contact.email, TEXT, CONTACT_LINE),
    phone: contact.phone ? stored(contact.phone, TEXT, CONTACT_LINE) : null,
  };
  return (
    <Document title={site.title} author={site.name} subject={hero.tagline} creator={site.name} producer={site.name}>
      <Page size="LETTER" style={styles.dark}>
        <Photo src={photos.hero} style={styles.coverPhoto} />
        <View style={styles.coverText}>
          <Monogram colour={colours.champagneLight} height={40} />
          <Text style={styles.eyebrowOnDark}>{upper(hero.eyebrow)}</Text>
          <Text style={styles.coverTitle}>{site.name}</Text>
          <View style={styles.coverRule} />
          <Text style={styles.coverTagline}>{hero.tagline}</Text>
        </View>
        <Text style={styles.coverEdition}>{upper(brochure.edition(edition))}</Text>
      </Page>

      <InsidePage band={band?.photo} eyebrow={features.eyebrow} heading={features.heading} intro={features.intro}>
        <View style={styles.grid}>
          {features.items.map((item, index) => (
            <View key={item.title} style={styles.feature} wrap={false}>
              <Text style={styles.featureNumber}>{String(index + 1).padStart(2, '0')}</Text>
              <Text style={styles.featureTitle}>{item.title}</Text>
              <Text style={styles.featureBody}>{item.body}</Text>
            </View>
          ))}
        </View>
      </InsidePage>

      <InsidePage eyebrow={estate.eyebrow} heading={estate.heading} intro={estate.intro}>
        <Photo src={photos.design} style={styles.wide} />
        <Text style={styles.caption}>{estate.caption}</Text>
        <View style={styles.stats}>
          {estate.stats.map((stat, index) => (
            <View key={stat.label} style={index ? [styles.stat, styles.statDivider] : styles.stat}>
              <Text style={styles.statValue}>{stat.value}</Text>
              <Text style={styles.statLabel}>{upper(stat.label)}</Text>
            </View>
          ))}
        </View>
      </InsidePage>

      <InsidePage eyebrow={brochure.gallery.eyebrow} heading={brochure.gallery.heading}>
        {largest ? (
          <View>
            <Photo src={largest.photo} style={styles.galleryLarge} />
            <Text style={styles.smallCaption}>{largest.alt}</Text>
          </View>
        ) : null}
        <View style={styles.galleryRow}>
          {smaller.map((slide) => (
            <View key={slide.alt} style={styles.gallerySmall}>
              <Photo src={slide.photo} style={styles.gallerySmallPhoto} />
              <Text style={styles.smallCaption}>{slide.alt}</Text>
            </View>
          ))}
        </View>
      </InsidePage>

      <Page size="LETTER" style={styles.dark}>
        <View style={styles.back}>
          <Monogram colour={colours.champagneLight} height={36} />
          <Text style={styles.eyebrowOnDark}>{upper(inquiry.eyebrow)}</Text>
          <Text style={styles.backHeading}>{inquiry.heading}</Text>
          <Text style={styles.backIntro}>{inquiry.intro}</Text>
          <View style={styles.contact}>
            {shown ? (
              <>
                <Text style={styles.contactLabel}>{upper(brochure.contact.yourContact)}</Text>
                <Text style={[styles.contactName, { fontFamily: shown.name.fontFamily }]}>{shown.name.text}</Text>
                <Link src={shown.mailto} style={[styles.contactLine, { fontFamily: shown.email.fontFamily }]}>
                  {shown.email.text}
                </Link>
                {shown.phone ? <Text style={[styles.contactLine, { fontFamily: shown.phone.fontFamily }]}>{shown.phone.text}</Text> : null}
              </>
            ) : (
              <>
                <Text style={styles.contactLabel}>{upper(brochure.contact.writeTo)}</Text>
                <Link src={inquiryAddress} style={[styles.contactLine, { marginTop: 12 }]}>
                  {inquiryAddress}
                </Link>
              </>
            )}
          </View>
        </View>
        <View style={styles.backFooter}>
          <Text style={styles.backTagline}>{footer.tagline}</Text>
          <Text style={styles.backSmall}>{siteAddress}</Text>
          <Text style={styles.backSmall}>{`${footer.copyright.before} ${year} ${footer.copyright.after}`}</Text>
        </View>
      </Page>
    </Document>
  );
}
