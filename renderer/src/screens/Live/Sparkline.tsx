// Clicks per second over the last five minutes, as a line; its numbers in words.
import { Text } from '@mantine/core';
import { formatCount } from '../../format.ts';

const W = 600, H = 60;

export function Sparkline({ counts }: { counts: number[] }) {
  const max = Math.max(1, ...counts);
  const total = counts.reduce((n, c) => n + c, 0);
  const step = W / Math.max(1, counts.length - 1);
  const points = counts.map((c, i) => `${(i * step).toFixed(1)},${(H - 2 - (c / max) * (H - 6)).toFixed(1)}`).join(' ');
  const peak = Math.max(0, ...counts);
  return (
    <div data-testid="sparkline" data-total={total}>
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" height={H} preserveAspectRatio="none" aria-hidden style={{ display: 'block' }}>
        <line x1={0} x2={W} y1={H - 2} y2={H - 2} style={{ stroke: 'var(--mantine-color-default-border)' }} />
        <polyline points={points} style={{ fill: 'none', stroke: 'var(--mantine-color-indigo-6)', strokeWidth: 1.5 }} vectorEffect="non-scaling-stroke" />
      </svg>
      <Text size="xs" c="dimmed" data-testid="sparkline-words">
        {formatCount(total)} click{total === 1 ? '' : 's'} in the last five minutes{total ? `, at most ${formatCount(peak)} in one second` : ''}.
      </Text>
    </div>
  );
}
