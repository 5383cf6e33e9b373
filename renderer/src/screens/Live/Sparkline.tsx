// Clicks per second over the last five minutes, as a line; its numbers in words.
import { Text } from '@mantine/core';
import { FormattedMessage } from 'react-intl';

const W = 600, H = 60;

export function Sparkline({ counts }: { counts: number[] }) {
  const max = Math.max(1, ...counts);
  const total = counts.reduce((n, c) => n + c, 0);
  const step = W / Math.max(1, counts.length - 1);
  const points = counts.map((c, i) => `${(i * step).toFixed(1)},${(H - 2 - (c / max) * (H - 6)).toFixed(1)}`).join(' ');
  const peak = Math.max(0, ...counts);
  return (
    <div data-testid="sparkline" data-total={total}>
      {/* Time runs left to right in every language. */}
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" height={H} preserveAspectRatio="none" aria-hidden style={{ display: 'block', direction: 'ltr' }}>
        <line x1={0} x2={W} y1={H - 2} y2={H - 2} style={{ stroke: 'var(--mantine-color-default-border)' }} />
        <polyline points={points} style={{ fill: 'none', stroke: 'var(--mantine-color-indigo-6)', strokeWidth: 1.5 }} vectorEffect="non-scaling-stroke" />
      </svg>
      <Text size="xs" c="dimmed" data-testid="sparkline-words">
        <FormattedMessage id="app.live.sparkline"
          defaultMessage="{total, plural, =0 {No clicks in the last five minutes.} one {# click in the last five minutes, at most {peak, number} in one second.} other {# clicks in the last five minutes, at most {peak, number} in one second.}}"
          values={{ total, peak }} />
      </Text>
    </div>
  );
}
