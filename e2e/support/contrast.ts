import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';

/** WCAG relative luminance of an sRGB colour given as 0-255 channels. */
function luminance(red: number, green: number, blue: number): number {
  const linear = (channel: number) => {
    const value = channel / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue);
}

function parseRgb(colour: string): [number, number, number] {
  const [red = 0, green = 0, blue = 0] = (colour.match(/[\d.]+/g) ?? []).map(Number);
  return [red, green, blue];
}

export interface TextOverImage {
  text: string;
  ratio: number;
  required: number;
}

/**
 * The contrast of each text element against the photograph behind it, at its
 * worst: the text is hidden, the area under it captured, and the brightest
 * 1 % of those pixels (or the darkest, for dark text) taken as the background.
 */
export async function contrastOverImage(page: Page, texts: Locator): Promise<TextOverImage[]> {
  const elements = await texts.all();
  const measured: { element: Locator; text: string; colour: [number, number, number]; large: boolean; inset: Record<'top' | 'right' | 'bottom' | 'left', number> }[] = [];
  for (const element of elements) {
    // Skips what nobody sees: hidden elements and the honeypot, kept inert and out of sight.
    if (!(await element.isVisible()) || (await element.evaluate((node) => node.closest('[inert]') !== null))) continue;
    const style = await element.evaluate((node) => {
      const computed = getComputedStyle(node);
      const border = (side: string) => parseFloat(computed.getPropertyValue(`border-${side}-width`)) || 0;
      return {
        colour: computed.color,
        size: parseFloat(computed.fontSize),
        weight: Number(computed.fontWeight),
        inset: { top: border('top'), right: border('right'), bottom: border('bottom'), left: border('left') },
      };
    });
    measured.push({
      element,
      inset: style.inset,
      text: ((await element.innerText()) || (await element.getAttribute('aria-label')) || '').slice(0, 40),
      colour: parseRgb(style.colour),
      large: style.size >= 24 || (style.size >= 18.66 && style.weight >= 700),
    });
  }

  const hidden = await page.addStyleTag({ content: '* { color: transparent !important; text-shadow: none !important; caret-color: transparent !important; }' });
  const results: TextOverImage[] = [];
  for (const { element, text, colour, large, inset } of measured) {
    await element.scrollIntoViewIfNeeded();
    const outer = await element.boundingBox();
    if (!outer) continue;
    // Inside the border: a button's outline is not what its label is read against.
    const box = {
      x: outer.x + inset.left,
      y: outer.y + inset.top,
      width: outer.width - inset.left - inset.right,
      height: outer.height - inset.top - inset.bottom,
    };
    const shot = await page.screenshot({ clip: box, animations: 'disabled' });
    const { data, info } = await sharp(shot).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const backgrounds: number[] = [];
    for (let offset = 0; offset < data.length; offset += info.channels) {
      backgrounds.push(luminance(data[offset]!, data[offset + 1]!, data[offset + 2]!));
    }
    backgrounds.sort((a, b) => a - b);
    const textLuminance = luminance(...colour);
    const worst = textLuminance > 0.5 ? backgrounds[Math.floor(backgrounds.length * 0.99)]! : backgrounds[Math.floor(backgrounds.length * 0.01)]!;
    const [lighter, darker] = textLuminance > worst ? [textLuminance, worst] : [worst, textLuminance];
    results.push({ text, ratio: Math.round(((lighter + 0.05) / (darker + 0.05)) * 100) / 100, required: large ? 3 : 4.5 });
  }
  await hidden.evaluate((node) => (node as HTMLStyleElement).remove());
  return results;
}

function parseRgba(colour: string): [number, number, number, number] {
  const [red = 0, green = 0, blue = 0, alpha = 1] = (colour.match(/[\d.]+/g) ?? []).map(Number);
  return [red, green, blue, alpha];
}

/** A colour with alpha painted over an opaque one, as the browser composites them (in sRGB). */
function over([red, green, blue, alpha]: [number, number, number, number], [r, g, b]: [number, number, number]): [number, number, number] {
  return [red * alpha + r * (1 - alpha), green * alpha + g * (1 - alpha), blue * alpha + b * (1 - alpha)];
}

function ratio(first: number, second: number): number {
  const [lighter, darker] = first > second ? [first, second] : [second, first];
  return (lighter + 0.05) / (darker + 0.05);
}

export interface Boundary {
  field: string;
  ratio: number;
}

/**
 * How well each control's outline stands out from what surrounds it (WCAG
 * 1.4.11 asks 3:1): the border's computed colour, painted over the
 * control's own computed background, painted over what lies just outside
 * the control as the page shows it (a photograph through translucent
 * panels, or a plain one), compared with that same surrounding, pixel by
 * pixel along the ring 3 to 4 px outside the border box. The worst pixel
 * (the 1st percentile, past anti-aliasing) counts.
 */
export async function boundaryContrast(page: Page, controls: Locator): Promise<Boundary[]> {
  const results: Boundary[] = [];
  // No hover, no focus: the resting state is the one that must hold.
  await page.mouse.move(0, 0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  for (const control of await controls.all()) {
    if (!(await control.isVisible()) || (await control.evaluate((node) => node.closest('[inert]') !== null))) continue;
    await control.scrollIntoViewIfNeeded();
    const style = await control.evaluate((node) => {
      const computed = getComputedStyle(node);
      return { border: computed.borderTopColor, background: computed.backgroundColor, name: node.getAttribute('name') ?? node.id };
    });
    const box = await control.boundingBox();
    if (!box) continue;
    const ring = 4;
    const clip = { x: Math.floor(box.x) - ring, y: Math.floor(box.y) - ring, width: Math.ceil(box.width) + 2 * ring, height: Math.ceil(box.height) + 2 * ring };
    const shot = await page.screenshot({ clip, animations: 'disabled' });
    const { data, info } = await sharp(shot).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const scale = info.width / clip.width;
    const border = parseRgba(style.border);
    const fill = parseRgba(style.background);
    const ratios: number[] = [];
    const sample = (x: number, y: number) => {
      const offset = (Math.round(y * scale) * info.width + Math.round(x * scale)) * info.channels;
      const outside: [number, number, number] = [data[offset]!, data[offset + 1]!, data[offset + 2]!];
      const edge = over(border, over(fill, outside));
      ratios.push(ratio(luminance(...edge), luminance(...outside)));
    };
    // Along each side, 3 and 4 px out, leaving the corners (rounded, anti-aliased) aside.
    for (let distance = 0; distance < 2; distance++) {
      for (let x = ring + 2; x < clip.width - ring - 2; x++) {
        sample(x, distance);
        sample(x, clip.height - 1 - distance);
      }
      for (let y = ring + 2; y < clip.height - ring - 2; y++) {
        sample(distance, y);
        sample(clip.width - 1 - distance, y);
      }
    }
    ratios.sort((a, b) => a - b);
    results.push({ field: style.name, ratio: Math.round(ratios[Math.floor(ratios.length * 0.01)]! * 100) / 100 });
  }
  return results;
}
