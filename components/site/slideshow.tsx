'use client';

import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import styles from './slideshow.module.scss';

interface SlideshowProps {
  /** The photographs, in order. */
  slides: ReactNode[];
  /** What lies over the photographs. The pause button follows it, in the tab order as on screen. */
  children: ReactNode;
  intervalMs: number;
  /** The pause button's one name; `aria-pressed` tells whether the slideshow is paused. */
  pauseLabel: string;
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
const subscribeToNothing = () => () => undefined;

function subscribeToMotionPreference(onChange: () => void) {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const prefersReducedMotion = () => typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION).matches;

/**
 * A looping cross-fade behind the inquiry form. The first slide is in the
 * server's HTML; later slides join the page one step ahead of their turn, so
 * a visitor who never waits for them never downloads them. The timer stops
 * while the tab is hidden, and a visitor can pause it (WCAG 2.2.2). A visitor
 * who asks for reduced motion sees the first photograph only, and no button.
 */
export function Slideshow({ slides, children, intervalMs, pauseLabel }: SlideshowProps) {
  const [{ active, reached }, setPosition] = useState({ active: 0, reached: 0 });
  const [paused, setPaused] = useState(false);
  // False in the server's HTML and during hydration, true afterwards: the controls exist only where they work.
  const hydrated = useSyncExternalStore(subscribeToNothing, () => true, () => false);
  const reducedMotion = useSyncExternalStore(subscribeToMotionPreference, prefersReducedMotion, () => true);
  const moving = slides.length > 1 && !reducedMotion;

  useEffect(() => {
    if (paused || !moving) return;
    let timer: ReturnType<typeof setInterval> | undefined;
    const start = () => {
      timer ??= setInterval(() => {
        setPosition(({ active, reached }) => {
          const next = (active + 1) % slides.length;
          return { active: next, reached: Math.max(reached, next) };
        });
      }, intervalMs);
    };
    const stop = () => {
      clearInterval(timer);
      timer = undefined;
    };
    const onVisibilityChange = () => (document.hidden ? stop() : start());
    onVisibilityChange();
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', onVisibilityChange);
    };
  }, [paused, moving, slides.length, intervalMs]);

  // The slide after the furthest one shown is mounted early, so its image is loaded before its turn.
  const mountedUpTo = hydrated && moving ? reached + 1 : 0;

  return (
    <>
      <div className={styles.slideshow} aria-hidden="true">
        {slides.map((slide, index) => (
          <div key={index} className={styles.slide} data-active={index === active}>
            {index <= mountedUpTo ? slide : null}
          </div>
        ))}
      </div>
      {children}
      {hydrated && moving ? (
        <button type="button" className={styles.toggle} aria-pressed={paused} aria-label={pauseLabel} onClick={() => setPaused((value) => !value)}>
          <svg viewBox="0 0 16 16" aria-hidden="true">
            {paused ? <path d="M4 2.5v11l9.5-5.5z" fill="currentColor" /> : <path d="M4.5 2.5v11M11.5 2.5v11" stroke="currentColor" strokeWidth="1.6" />}
          </svg>
        </button>
      ) : null}
    </>
  );
}
