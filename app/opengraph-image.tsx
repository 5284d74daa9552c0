import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ImageResponse } from 'next/og';
import sharp from 'sharp';
import { monogramTile } from '@/lib/brand.mjs';
import { hero, site } from '@/lib/copy/site';

export const alt = `${site.name}: ${hero.tagline}`;
export const size = { width: 1200, height: 630 };
export const contentType = 'image/png';

const fromProject = (...parts: string[]) => path.join(/* turbopackIgnore: true */ process.cwd(), ...parts);
const dataUrl = (type: string, data: Buffer) => `data:${type};base64,${data.toString('base64')}`;

/** The card shown where the site is shared: the hero photograph, the monogram, the wordmark and the tagline. */
export default async function OpenGraphImage() {
  const [photo, wordmark, display] = await Promise.all([
    sharp(await readFile(fromProject('assets', 'photos', 'hero.jpg')))
      .resize(size.width, size.height, { fit: 'cover', position: 'centre' })
      .jpeg({ quality: 82 })
      .toBuffer(),
    readFile(fromProject('public', 'brand', 'wordmark.svg')),
    readFile(fromProject('node_modules', '@fontsource', 'cormorant-garamond', 'files', 'cormorant-garamond-latin-500-normal.woff')),
  ]);

  return new ImageResponse(
    (
      <div style={{ position: 'relative', display: 'flex', width: '100%', height: '100%', backgroundColor: '#0e1113' }}>
        {/* eslint-disable-next-line jsx-a11y/alt-text -- drawn into a PNG, not a page */}
        <img src={dataUrl('image/jpeg', photo)} width={size.width} height={size.height} style={{ position: 'absolute', top: 0, left: 0 }} />
        <div
          style={{
            position: 'absolute',
            top: 0,
            left: 0,
            width: size.width,
            height: size.height,
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            justifyContent: 'center',
            backgroundImage: 'radial-gradient(ellipse at center, rgba(14,17,19,0.7), rgba(14,17,19,0.3))',
            color: '#f7f3ec',
          }}
        >
          {/* eslint-disable-next-line jsx-a11y/alt-text -- drawn into a PNG, not a page */}
          <img src={dataUrl('image/svg+xml', Buffer.from(monogramTile({ radius: 32 })))} width={104} height={104} />
          {/* eslint-disable-next-line jsx-a11y/alt-text -- drawn into a PNG, not a page */}
          <img src={dataUrl('image/svg+xml', wordmark)} width={620} height={100} style={{ marginTop: 40 }} />
          <div style={{ marginTop: 36, fontFamily: 'Cormorant Garamond', fontSize: 40, color: '#e2c994' }}>{hero.tagline}</div>
        </div>
      </div>
    ),
    { ...size, fonts: [{ name: 'Cormorant Garamond', data: display, style: 'normal', weight: 500 }] },
  );
}
