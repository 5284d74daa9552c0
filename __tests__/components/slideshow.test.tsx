/**
 * @jest-environment jsdom
 */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Slideshow } from '@/components/slideshow';

function renderSlideshow() {
  const { container } = render(
    <Slideshow intervalMs={5000} pauseLabel="Pause background slideshow" playLabel="Play background slideshow">
      {['one', 'two', 'three', 'four', 'five'].map((name) => (
        <span key={name} data-slide={name} />
      ))}
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

beforeEach(() => jest.useFakeTimers());
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

test('a visitor can pause and resume it', async () => {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const slideshow = renderSlideshow();
  await user.click(screen.getByRole('button', { name: 'Pause background slideshow' }));
  act(() => jest.advanceTimersByTime(20000));
  expect(slideshow.active()).toBe(0);

  const play = screen.getByRole('button', { name: 'Play background slideshow' });
  expect(play).toHaveAttribute('aria-pressed', 'true');
  await user.click(play);
  act(() => jest.advanceTimersByTime(5000));
  expect(slideshow.active()).toBe(1);
});
