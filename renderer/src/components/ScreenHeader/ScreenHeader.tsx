import { Group, Text, Title } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';

/**
 * The screen's h1. It takes focus when the screen opens, so keyboard and
 * screen-reader users land at the top of what changed.
 */
export function ScreenHeader({ title, description, children }: { title: ReactNode; description?: ReactNode; children?: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!document.activeElement || document.activeElement === document.body || document.activeElement.closest('nav, #main-content')) {
      ref.current?.focus({ preventScroll: true });
    }
  }, []);
  return (
    <Group justify="space-between" align="flex-end" mb="md" wrap="wrap">
      <div>
        <Title order={1} size="h2" ref={ref} tabIndex={-1} style={{ outline: 'none' }}>{title}</Title>
        {description ? <Text c="dimmed" size="sm">{description}</Text> : null}
      </div>
      {children ? <Group gap="sm">{children}</Group> : null}
    </Group>
  );
}
