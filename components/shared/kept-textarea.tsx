'use client';

import { useLayoutEffect, useRef, useSyncExternalStore, type TextareaHTMLAttributes } from 'react';

/** What was typed into the element before React took it, and where the cursor was. */
interface Typed {
  value: string;
  start: number;
  end: number;
}

const noChanges = () => () => {};

/**
 * A textarea that keeps the words typed into it before the page's script woke it. Hydrating a textarea, React sets its
 * value back to the text the server wrote (an input it leaves as typed), so words typed into one that held text (the
 * terms, the closed days, a note sent back with a refusal) were lost in the moment between the paint and the page
 * waking. While hydrating, this reads what the page's element holds before React reaches it, and puts it back before
 * the browser paints again. A textarea mounted afresh (a form drawn again for its answer) starts from its own default.
 */
export function KeptTextarea(props: TextareaHTMLAttributes<HTMLTextAreaElement> & { id: string }) {
  const element = useRef<HTMLTextAreaElement>(null);
  // True only while React hydrates what the server wrote: the server's snapshot is read then, and never again.
  const hydrating = useSyncExternalStore(
    noChanges,
    () => false,
    () => true,
  );
  const typed = useRef<Typed | null | undefined>(undefined);
  if (typed.current === undefined) {
    // Only in the browser, where the page's element is: the server has neither a document nor the kinds of its elements.
    const found = hydrating && typeof document !== 'undefined' ? document.getElementById(props.id) : null;
    typed.current = found && found instanceof HTMLTextAreaElement && found.value !== found.defaultValue ? { value: found.value, start: found.selectionStart, end: found.selectionEnd } : null;
  }
  useLayoutEffect(() => {
    const kept = typed.current;
    const textarea = element.current;
    typed.current = null;
    // Put back only over the server's text: anything else was typed since React took the element.
    if (!kept || !textarea || textarea.value !== textarea.defaultValue) return;
    textarea.value = kept.value;
    if (document.activeElement === textarea) textarea.setSelectionRange(kept.start, kept.end);
  }, []);
  return <textarea ref={element} {...props} />;
}
