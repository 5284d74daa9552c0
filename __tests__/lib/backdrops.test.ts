import path from 'node:path';
import sharp from 'sharp';
import { hero, type Backdrop } from '@/lib/copy/site';

/** The average colour of each of `bands` horizontal bands of the photograph, top to bottom, as #rrggbb. */
async function bandColours(file: string, bands: number): Promise<string[]> {
  const { data, info } = await sharp(file).resize(1, bands, { fit: 'fill' }).raw().toBuffer({ resolveWithObject: true });
  return Array.from({ length: bands }, (_, band) => {
    const pixel = data.subarray(band * info.channels, band * info.channels + 3);
    return `#${[...pixel].map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
  });
}

const channels = (colour: string) => [1, 3, 5].map((at) => parseInt(colour.slice(at, at + 2), 16));

describe("the hero's backdrops", () => {
  it.each<[string, Backdrop, string]>([
    ['landscape', hero.image, 'assets/photos/hero.jpg'],
    ['portrait', hero.portrait, 'assets/photos/hero-portrait.jpg'],
  ])('are the %s photograph’s own colours, top to bottom, so a new photograph needs new ones', async (_, photo, file) => {
    const stops = /^linear-gradient\((.*)\)$/.exec(photo.backdrop)![1]!.split(',').map((stop) => stop.trim());
    const sampled = await bandColours(path.resolve(file), stops.length);
    stops.forEach((stop, band) => {
      const distance = Math.max(...channels(stop).map((value, channel) => Math.abs(value - channels(sampled[band]!)[channel]!)));
      expect({ band, stop, distance: Math.min(distance, 9) }).toEqual({ band, stop, distance: Math.min(distance, 8) });
    });
  });
});
