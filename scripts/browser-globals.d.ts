// What the page's script (scripts/first-paint.mjs) reads of the browser beyond TypeScript's own declarations of it.

interface Uint8ArrayConstructor {
  /** The bytes that base64 text stands for, where the browser has it: not yet in TypeScript's lists (drop this once it is). */
  fromBase64?(base64: string): Uint8Array<ArrayBuffer>;
}

interface Performance {
  /** The entry of the page's own navigation, which the spec makes a PerformanceNavigationTiming. */
  getEntriesByType(type: 'navigation'): PerformanceNavigationTiming[];
}
