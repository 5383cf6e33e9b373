// Range presets, a custom range and the interval, as the statistics screens
// share them. Every control is a native input: Tab reaches each group, arrows
// move within a segmented control.
import { Card, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useId } from 'react';
import type { StatsInterval } from '../../../../shared/api-types.ts';
import { fmt } from '../../format.ts';
import { useStatsRange } from './range-store.ts';
import { INTERVALS, PRESETS, addDays, localToday, type Preset } from './stats-range.ts';

/** `shown`: the range the server answered, to start a custom range from and to tell the user what they see. */
export function RangeControls({ shown }: { shown: { from: string | null; to: string | null } | undefined }) {
  const { preset, from, to, interval, problem, choose } = useStatsRange();
  const rangeLabel = useId();
  const intervalLabel = useId();

  const pickPreset = (value: string) => {
    if (value !== 'custom' || (from && to)) return choose({ preset: value as Preset });
    // A custom range starts as the range on screen, so it only needs adjusting.
    const today = localToday();
    choose({ preset: 'custom', from: from || shown?.from || addDays(today, -29), to: to || shown?.to || today });
  };

  return (
    <Card withBorder mb="md" component="section" aria-label="Date range and interval">
      <Group align="flex-start" gap="lg" wrap="wrap">
        <Stack gap={4}>
          <Text id={rangeLabel} size="sm" fw={500}>Range</Text>
          <SegmentedControl aria-labelledby={rangeLabel} data={PRESETS} value={preset} onChange={pickPreset} />
        </Stack>
        <Stack gap={4}>
          <Text id={intervalLabel} size="sm" fw={500}>Interval</Text>
          <SegmentedControl aria-labelledby={intervalLabel} data={INTERVALS} value={interval}
            onChange={(v) => choose({ interval: v as StatsInterval })} />
        </Stack>
      </Group>
      {preset === 'custom' ? (
        <Group gap="sm" align="flex-start" mt="sm" data-testid="custom-range">
          <TextInput type="date" label="From" value={from} w={200}
            onChange={(e) => choose({ from: e.currentTarget.value })}
            error={problem?.field === 'from' ? problem.message : undefined} />
          <TextInput type="date" label="To" value={to} w={200}
            onChange={(e) => choose({ to: e.currentTarget.value })}
            error={problem?.field === 'to' ? problem.message : undefined} />
        </Group>
      ) : null}
      <Text size="xs" c="dimmed" mt="sm" data-testid="range-shown">
        {shown ? (shown.from ? `Showing ${fmt.day(shown.from)} to ${fmt.day(shown.to)}` : 'No clicks in this range') : 'Loading…'}
        {', in the instance’s time zone. Presets count back from this computer’s date and end on the instance’s today.'}
      </Text>
    </Card>
  );
}
