import { within } from '@testing-library/react';

/**
 * An email address drawn by the shared part, by its words: its breaks are elements of their own (and its domain a
 * span), so the address is no single text node, and a name computed without a layout reads the breaks as spaces.
 * The part's own element is the deepest that holds the whole address.
 */
export function addressIn(scope: HTMLElement, address: string): HTMLElement {
  return within(scope).getByText(
    (_, element) => element?.textContent === address && ![...element.children].some((child) => child.textContent === address),
  );
}
