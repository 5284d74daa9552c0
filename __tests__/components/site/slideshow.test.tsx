/**
 * @jest-environment jsdom
 */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Slideshow } from '@/components/site/slideshow';

function renderSlideshow() {
  const { container } = render(
    <Slideshow
      slides={['one', 'two', 'three', 'four', 'five'].map((name) => (
        <span key={name} data-slide={name} />
      ))}
      intervalMs={5000}
      pauseLabel="Pause background slideshow"
    >
      <form aria-label="Over the photographs" />
    </Slideshow>,
  );
  const frames = () => [...container.querySelectorAll('[data-active]')];
  return {
    active: () => frames().findIndex((frame) => frame.getAttribute('data-active') === 'true'),
    mounted: () => container.querySelectorAll('[data-slide]').length,
  };
}

function setHidden(hidden: boolean) {
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  act(() => void document.dispatchEvent(new Event('visibilitychange')));
}

/** jsdom has no matchMedia: this one answers the reduced-motion query as told. */
function setReducedMotion(reduce: boolean) {
  window.matchMedia = (query: string) =>
    ({ matches: reduce && query === '(prefers-reduced-motion: reduce)', media: query, addEventListener: () => undefined, removeEventListener: () => undefined }) as unknown as MediaQueryList;
}

beforeEach(() => {
  jest.useFakeTimers();
  setReducedMotion(false);
});
afterEach(() => {
  setHidden(false);
  jest.useRealTimers();
});

test('advances every five seconds and loops after the fifth slide', () => {
  const slideshow = renderSlideshow();
  expect(slideshow.active()).toBe(0);
  const seen = [];
  for (let step = 0; step < 6; step++) {
    act(() => jest.advanceTimersByTime(5000));
    seen.push(slideshow.active());
  }
  expect(seen).toEqual([1, 2, 3, 4, 0, 1]);
});

test('mounts each slide one turn ahead, so unseen photographs are not downloaded', () => {
  const slideshow = renderSlideshow();
  expect(slideshow.mounted()).toBe(2);
  act(() => jest.advanceTimersByTime(5000));
  expect(slideshow.mounted()).toBe(3);
  act(() => jest.advanceTimersByTime(15000));
  expect(slideshow.mounted()).toBe(5);
});

test('stops while the tab is hidden and resumes when it is shown', () => {
  const slideshow = renderSlideshow();
  setHidden(true);
  act(() => jest.advanceTimersByTime(20000));
  expect(slideshow.active()).toBe(0);
  setHidden(false);
  act(() => jest.advanceTimersByTime(5000));
  expect(slideshow.active()).toBe(1);
});

test('a visitor can pause and resume it with one button, whose name stays and whose pressed state tells', async () => {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const slideshow = renderSlideshow();
  const pause = screen.getByRole('button', { name: 'Pause background slideshow' });
  expect(pause).toHaveAttribute('aria-pressed', 'false');
  await user.click(pause);
  act(() => jest.advanceTimersByTime(20000));
  expect(slideshow.active()).toBe(0);

  expect(screen.getByRole('button', { name: 'Pause background slideshow' })).toBe(pause);
  expect(pause).toHaveAttribute('aria-pressed', 'true');
  await user.click(pause);
  act(() => jest.advanceTimersByTime(5000));
  expect(slideshow.active()).toBe(1);
  expect(pause).toHaveAttribute('aria-pressed', 'false');
});

test('puts the pause button after what lies over the photographs, as it sits on screen', () => {
  renderSlideshow();
  const form = screen.getByRole('form', { name: 'Over the photographs' });
  const pause = screen.getByRole('button', { name: 'Pause background slideshow' });
  expect(form.compareDocumentPosition(pause) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
});

test('with reduced motion keeps the first photograph, loads no other, and offers no button', () => {
  setReducedMotion(true);
  const slideshow = renderSlideshow();
  act(() => jest.advanceTimersByTime(30000));
  expect(slideshow.active()).toBe(0);
  expect(slideshow.mounted()).toBe(1);
  expect(screen.queryByRole('button')).toBeNull();
});
