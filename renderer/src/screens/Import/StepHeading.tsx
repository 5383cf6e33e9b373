import { Title } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A step's heading; it takes focus when the step appears, so keyboard and
 * screen-reader users land on it (`focus` off: the first step of a fresh screen,
 * where the screen's own heading has it).
 */
export function StepHeading({ id, focus = true, children }: { id: string; focus?: boolean; children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return <Title order={2} size="h4" mb="sm" id={id} ref={ref} tabIndex={-1} style={{ outline: 'none' }}>{children}</Title>;
}
