'use client';

import { useEffect, type RefObject } from 'react';

/** Space kept between the answer and the edge of the screen when the page scrolls to it. */
const BREATHING_ROOM_PX = 24;

/**
 * Once a form has its answer, puts focus where the visitor goes next and
 * brings the answer into sight: the first field the server refused, or else
 * the button (the message itself is announced by its live region). While
 * the form was sending, its disabled button dropped focus to the page, and
 * on a phone the message appears below the fold.
 *
 * `answer` names the answer on show (null when none is), so that each answer
 * moves focus once. Focus the visitor has since taken elsewhere stays there.
 */
export function useAnswerFocus(form: RefObject<HTMLFormElement | null>, answer: string | null) {
  useEffect(() => {
    const element = form.current;
    if (!answer || !element) return;
    const active = document.activeElement;
    if (active && active !== document.body && !element.contains(active)) return;
    const message = element.querySelector<HTMLElement>('[role="status"]');
    const target = element.querySelector<HTMLElement>('[aria-invalid="true"]') ?? element.querySelector<HTMLElement>('button[type="submit"]');
    if (!message || !target) return;
    target.focus({ preventScroll: true });
    // The field with its label and note, or the button with the message beside it.
    bringIntoView(target.parentElement ?? target, message);
  }, [form, answer]);
}

/**
 * Scrolls as little as shows both; when both cannot fit, the element to act on wins. Every part of the page
 * still held back (scripts/first-paint.mjs) is let in first. The page can still change height while the smooth
 * scroll runs (a part coming into sight sets its true size), and the scroll aims at a place measured before: so
 * once it ends (smooth unless the visitor asks for less motion), or on the next frame when there was nothing to scroll, both are measured again and any distance
 * left is closed at once.
 */
function bringIntoView(target: HTMLElement, message: HTMLElement) {
  delete document.documentElement.dataset.render;
  const settle = () => void scrollToShow(target, message, 'instant');
  if (scrollToShow(target, message, 'auto')) window.addEventListener('scrollend', settle, { once: true });
  else requestAnimationFrame(() => requestAnimationFrame(settle));
}

/** Scrolls by the distance that shows both; says whether there was any. */
function scrollToShow(target: HTMLElement, message: HTMLElement, behavior: ScrollBehavior): boolean {
  const first = target.getBoundingClientRect();
  const second = message.getBoundingClientRect();
  const top = Math.min(first.top, second.top) - BREATHING_ROOM_PX;
  const bottom = Math.max(first.bottom, second.bottom) + BREATHING_ROOM_PX;
  const height = window.innerHeight;
  if (bottom - top > height) {
    const centre = first.top + first.height / 2 - height / 2;
    if (Math.abs(centre) < 1) return false;
    window.scrollBy({ top: centre, behavior });
  } else if (top < 0) window.scrollBy({ top, behavior });
  else if (bottom > height) window.scrollBy({ top: bottom - height, behavior });
  else return false;
  return true;
}
