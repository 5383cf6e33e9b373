// A dialog's subject (the record being edited, or 'new') and where the
// keyboard goes when it closes: back to the button that opened it, or to the
// screen's heading when that button is gone (its row was deleted). Mantine
// returns focus itself only for dialogs that stay mounted; ours unmount.
import { useCallback, useEffect, useRef, useState } from 'react';

export function useDialog<T>() {
  const [subject, setSubject] = useState<T | null>(null);
  // What a closing dialog keeps showing while it fades out.
  const [last, setLast] = useState<T | null>(null);
  const trigger = useRef<HTMLElement | null>(null);
  const [closed, setClosed] = useState<{ n: number; toHeading: boolean }>({ n: 0, toHeading: false });

  useEffect(() => {
    if (!closed.n) return;
    const el = trigger.current;
    if (!closed.toHeading && el?.isConnected) el.focus();
    else document.querySelector<HTMLElement>('#main-content h1')?.focus();
  }, [closed]);

  const open = useCallback((value: T) => {
    trigger.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setSubject(value);
    setLast(value);
  }, []);
  /** `toHeading`: the opener is about to disappear (its record was deleted). */
  const close = useCallback((toHeading = false) => {
    setSubject(null);
    setClosed((c) => ({ n: c.n + 1, toHeading }));
  }, []);
  return { subject, last, open, close };
}
