// When people click: an hour-by-weekday heatmap (the instance's time zone),
// or, from a server that sends only the two totals, hours and weekdays as two
// bar charts. Every cell names itself; a table has the same numbers.
import { BarChart } from '@mantine/charts';
import { SimpleGrid, Table, Text, VisuallyHidden } from '@mantine/core';
import { defineMessages, useIntl } from 'react-intl';
import { plain } from '../../i18n/plain.ts';
import { ChartCard } from './ChartCard.tsx';
import { hourLabel, weekdays } from './dimension-labels.ts';
import { NumbersTable, clicksWord } from './StatsTables.tsx';
import type { ShownStats } from './stats-types.ts';

const m = plain(defineMessages({
  cell: { id: 'app.stats.heatmap.cell', defaultMessage: '{weekday} {from}–{to}: {count, plural, one {# click} other {# clicks}}' },
  caption: { id: 'app.stats.heatmap.caption', defaultMessage: 'Clicks by weekday and hour' },
  weekday: { id: 'app.stats.heatmap.weekday', defaultMessage: 'Weekday' },
  title: { id: 'app.stats.when.title', defaultMessage: 'When people click' },
  note: { id: 'app.stats.heatmap.note', defaultMessage: 'Hours in the instance’s time zone. A stronger blue: more clicks.' },
  byHour: { id: 'app.stats.byHour', defaultMessage: 'Clicks by hour of day' },
  byWeekday: { id: 'app.stats.byWeekday', defaultMessage: 'Clicks by weekday' },
}));

const CELL = 26, GAP = 2, LEFT = 40, TOP = 18;
const HOURS = Array.from({ length: 24 }, (_, h) => h);

/** 7 × 24 counts, Monday first; zeros where the server sent no cell. */
export function weekGrid(cells: { weekday: number; hour: number; count: number }[]): number[][] {
  const grid = Array.from({ length: 7 }, () => HOURS.map(() => 0));
  for (const c of cells) if (c.weekday >= 1 && c.weekday <= 7 && c.hour >= 0 && c.hour < 24) grid[c.weekday - 1]![c.hour]! += c.count;
  return grid;
}

function Heatmap({ grid }: { grid: number[][] }) {
  const intl = useIntl();
  const [long, short] = [weekdays(intl), weekdays(intl, 'short')];
  const max = Math.max(1, ...grid.flat());
  const width = LEFT + 24 * (CELL + GAP), height = TOP + 7 * (CELL + GAP);
  return (
    <>
      {/* Hours run left to right in every language, as a clock's axis does. */}
      <svg data-png viewBox={`0 0 ${width} ${height}`} width="100%" style={{ display: 'block', maxWidth: width, direction: 'ltr' }} aria-hidden data-testid="heatmap">
        {HOURS.filter((h) => h % 3 === 0).map((h) => (
          <text key={h} x={LEFT + h * (CELL + GAP)} y={12} fontSize={10} style={{ fill: 'var(--mantine-color-dimmed)' }}>{hourLabel(h)}</text>
        ))}
        {grid.map((row, d) => (
          <g key={d}>
            <text x={0} y={TOP + d * (CELL + GAP) + CELL * 0.65} fontSize={11} style={{ fill: 'var(--mantine-color-dimmed)' }}>{short[d]}</text>
            {row.map((n, h) => (
              <rect key={h} x={LEFT + h * (CELL + GAP)} y={TOP + d * (CELL + GAP)} width={CELL} height={CELL} rx={3} data-count={n}
                style={{ fill: n ? `color-mix(in srgb, var(--mantine-color-indigo-6) ${Math.round(15 + (n / max) * 85)}%, transparent)` : 'var(--mantine-color-default-border)' }}>
                <title>{intl.formatMessage(m.cell, { weekday: long[d], from: hourLabel(h), to: hourLabel((h + 1) % 24), count: n })}</title>
              </rect>
            ))}
          </g>
        ))}
      </svg>
      <VisuallyHidden>
        <Table>
          <caption>{intl.formatMessage(m.caption)}</caption>
          <Table.Thead><Table.Tr><Table.Th>{intl.formatMessage(m.weekday)}</Table.Th>{HOURS.map((h) => <Table.Th key={h}>{hourLabel(h)}</Table.Th>)}</Table.Tr></Table.Thead>
          <Table.Tbody>
            {grid.map((row, d) => <Table.Tr key={d}><Table.Th scope="row">{long[d]}</Table.Th>{row.map((n, h) => <Table.Td key={h}>{n}</Table.Td>)}</Table.Tr>)}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
    </>
  );
}

function Bars({ rows, caption, testId }: { rows: { name: string; Clicks: number }[]; caption: string; testId: string }) {
  const intl = useIntl();
  return (
    <div data-testid={testId} data-png>
      <Text size="sm" fw={500} mb={4}>{caption}</Text>
      <BarChart dir="ltr" h={200} data={rows} dataKey="name" series={[{ name: 'Clicks', label: intl.formatMessage(clicksWord), color: 'indigo.6' }]}
        valueFormatter={(n) => intl.formatNumber(n)}
        yAxisProps={{ allowDecimals: false }} accessibilityLayer={false} aria-hidden />
      <NumbersTable caption={caption} rows={rows} />
    </div>
  );
}

export function TimePatterns({ stats, pngName }: { stats: ShownStats; pngName: string }) {
  const intl = useIntl();
  const t = (d: (typeof m)[keyof typeof m]) => intl.formatMessage(d);
  if (stats.hour_weekday) {
    return (
      <ChartCard testId="heatmap" title={t(m.title)} png={pngName}>
        <Heatmap grid={weekGrid(stats.hour_weekday)} />
        <Text size="xs" c="dimmed" mt={4}>{t(m.note)}</Text>
      </ChartCard>
    );
  }
  if (!stats.hours || !stats.weekdays) return null;
  const hours = HOURS.map((h) => ({ name: hourLabel(h), Clicks: stats.hours!.find((r) => r.hour === h)?.count ?? 0 }));
  const days = weekdays(intl, 'short').map((name, i) => ({ name, Clicks: stats.weekdays!.find((r) => r.weekday === i + 1)?.count ?? 0 }));
  // This server sends hours and weekdays apart, not per weekday and hour: two charts, not a heatmap.
  return (
    <ChartCard testId="heatmap" title={t(m.title)} png={pngName}>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Bars rows={hours} caption={t(m.byHour)} testId="chart-hours" />
        <Bars rows={days} caption={t(m.byWeekday)} testId="chart-weekdays" />
      </SimpleGrid>
    </ChartCard>
  );
}
