// When people click: an hour-by-weekday heatmap (the instance's time zone),
// or, from a server that sends only the two totals, hours and weekdays as two
// bar charts. Every cell names itself; a table has the same numbers.
import { BarChart } from '@mantine/charts';
import { SimpleGrid, Table, Text, VisuallyHidden } from '@mantine/core';
import { formatCount } from '../../format.ts';
import { ChartCard } from './ChartCard.tsx';
import { WEEKDAYS, WEEKDAYS_SHORT, hourLabel } from './dimension-labels.ts';
import { NumbersTable } from './StatsTables.tsx';
import type { ShownStats } from './stats-types.ts';

const CELL = 26, GAP = 2, LEFT = 40, TOP = 18;
const HOURS = Array.from({ length: 24 }, (_, h) => h);

/** 7 × 24 counts, Monday first; zeros where the server sent no cell. */
export function weekGrid(cells: { weekday: number; hour: number; count: number }[]): number[][] {
  const grid = WEEKDAYS.map(() => HOURS.map(() => 0));
  for (const c of cells) if (c.weekday >= 1 && c.weekday <= 7 && c.hour >= 0 && c.hour < 24) grid[c.weekday - 1]![c.hour]! += c.count;
  return grid;
}

function Heatmap({ grid }: { grid: number[][] }) {
  const max = Math.max(1, ...grid.flat());
  const width = LEFT + 24 * (CELL + GAP), height = TOP + 7 * (CELL + GAP);
  return (
    <>
      <svg data-png viewBox={`0 0 ${width} ${height}`} width="100%" style={{ display: 'block', maxWidth: width }} aria-hidden data-testid="heatmap">
        {HOURS.filter((h) => h % 3 === 0).map((h) => (
          <text key={h} x={LEFT + h * (CELL + GAP)} y={12} fontSize={10} style={{ fill: 'var(--mantine-color-dimmed)' }}>{hourLabel(h)}</text>
        ))}
        {grid.map((row, d) => (
          <g key={d}>
            <text x={0} y={TOP + d * (CELL + GAP) + CELL * 0.65} fontSize={11} style={{ fill: 'var(--mantine-color-dimmed)' }}>{WEEKDAYS_SHORT[d]}</text>
            {row.map((n, h) => (
              <rect key={h} x={LEFT + h * (CELL + GAP)} y={TOP + d * (CELL + GAP)} width={CELL} height={CELL} rx={3} data-count={n}
                style={{ fill: n ? `color-mix(in srgb, var(--mantine-color-indigo-6) ${Math.round(15 + (n / max) * 85)}%, transparent)` : 'var(--mantine-color-default-border)' }}>
                <title>{`${WEEKDAYS[d]} ${hourLabel(h)}–${hourLabel((h + 1) % 24)}: ${formatCount(n)} click${n === 1 ? '' : 's'}`}</title>
              </rect>
            ))}
          </g>
        ))}
      </svg>
      <VisuallyHidden>
        <Table>
          <caption>Clicks by weekday and hour</caption>
          <Table.Thead><Table.Tr><Table.Th>Weekday</Table.Th>{HOURS.map((h) => <Table.Th key={h}>{hourLabel(h)}</Table.Th>)}</Table.Tr></Table.Thead>
          <Table.Tbody>
            {grid.map((row, d) => <Table.Tr key={d}><Table.Th scope="row">{WEEKDAYS[d]}</Table.Th>{row.map((n, h) => <Table.Td key={h}>{n}</Table.Td>)}</Table.Tr>)}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
    </>
  );
}

function Bars({ rows, caption, testId }: { rows: { name: string; Clicks: number }[]; caption: string; testId: string }) {
  return (
    <div data-testid={testId} data-png>
      <Text size="sm" fw={500} mb={4}>{caption}</Text>
      <BarChart h={200} data={rows} dataKey="name" series={[{ name: 'Clicks', color: 'indigo.6' }]} valueFormatter={formatCount}
        yAxisProps={{ allowDecimals: false }} accessibilityLayer={false} aria-hidden />
      <NumbersTable caption={caption} rows={rows} />
    </div>
  );
}

export function TimePatterns({ stats, pngName }: { stats: ShownStats; pngName: string }) {
  if (stats.hour_weekday) {
    return (
      <ChartCard testId="heatmap" title="When people click" png={pngName}>
        <Heatmap grid={weekGrid(stats.hour_weekday)} />
        <Text size="xs" c="dimmed" mt={4}>Hours in the instance’s time zone. A stronger blue: more clicks.</Text>
      </ChartCard>
    );
  }
  if (!stats.hours || !stats.weekdays) return null;
  const hours = HOURS.map((h) => ({ name: hourLabel(h), Clicks: stats.hours!.find((r) => r.hour === h)?.count ?? 0 }));
  const days = WEEKDAYS.map((d, i) => ({ name: WEEKDAYS_SHORT[i]!, Clicks: stats.weekdays!.find((r) => r.weekday === i + 1)?.count ?? 0 }));
  // This server sends hours and weekdays apart, not per weekday and hour: two charts, not a heatmap.
  return (
    <ChartCard testId="heatmap" title="When people click" png={pngName}>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Bars rows={hours} caption="Clicks by hour of day" testId="chart-hours" />
        <Bars rows={days} caption="Clicks by weekday" testId="chart-weekdays" />
      </SimpleGrid>
    </ChartCard>
  );
}
