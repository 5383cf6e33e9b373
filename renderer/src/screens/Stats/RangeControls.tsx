// Range presets, a custom range and the interval, as the statistics screens
// share them. Every control is a native input: Tab reaches each group, arrows
// move within a segmented control.
import { Card, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useId } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { plain } from '../../i18n/plain.ts';
import type { StatsInterval } from '../../../../shared/api-types.ts';
import { fmt } from '../../format.ts';
import { useStatsRange } from './range-store.ts';
import { addDays, intervals, localToday, presets, type Preset } from './stats-range.ts';

const m = plain(defineMessages({
  region: { id: 'app.stats.range.region', defaultMessage: 'Date range and interval' },
  range: { id: 'app.stats.range', defaultMessage: 'Range' },
  interval: { id: 'app.stats.interval', defaultMessage: 'Interval' },
  from: { id: 'app.stats.range.from', defaultMessage: 'From' },
  to: { id: 'app.stats.range.to', defaultMessage: 'To' },
  showing: {
    id: 'app.stats.range.showing',
    defaultMessage: 'Showing {from} to {to}, in the instance’s time zone. Presets count back from this computer’s date and end on the instance’s today.',
  },
  none: {
    id: 'app.stats.range.showing.none',
    defaultMessage: 'No clicks in this range, in the instance’s time zone. Presets count back from this computer’s date and end on the instance’s today.',
  },
  loading: {
    id: 'app.stats.range.showing.loading',
    defaultMessage: 'Loading…, in the instance’s time zone. Presets count back from this computer’s date and end on the instance’s today.',
  },
}));

/** `shown`: the range the server answered, to start a custom range from and to tell the user what they see. */
export function RangeControls({ shown }: { shown: { from: string | null; to: string | null } | undefined }) {
  const intl = useIntl();
  const t = (d: (typeof m)[keyof typeof m]) => intl.formatMessage(d);
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
    <Card withBorder mb="md" component="section" aria-label={t(m.region)}>
      <Group align="flex-start" gap="lg" wrap="wrap">
        <Stack gap={4}>
          <Text id={rangeLabel} size="sm" fw={500}>{t(m.range)}</Text>
          <SegmentedControl aria-labelledby={rangeLabel} data={presets(intl)} value={preset} onChange={pickPreset} />
        </Stack>
        <Stack gap={4}>
          <Text id={intervalLabel} size="sm" fw={500}>{t(m.interval)}</Text>
          <SegmentedControl aria-labelledby={intervalLabel} data={intervals(intl)} value={interval}
            onChange={(v) => choose({ interval: v as StatsInterval })} />
        </Stack>
      </Group>
      {preset === 'custom' ? (
        <Group gap="sm" align="flex-start" mt="sm" data-testid="custom-range">
          <TextInput type="date" label={t(m.from)} value={from} w={200}
            onChange={(e) => choose({ from: e.currentTarget.value })}
            error={problem?.field === 'from' ? problem.message : undefined} />
          <TextInput type="date" label={t(m.to)} value={to} w={200}
            onChange={(e) => choose({ to: e.currentTarget.value })}
            error={problem?.field === 'to' ? problem.message : undefined} />
        </Group>
      ) : null}
      <Text size="xs" c="dimmed" mt="sm" data-testid="range-shown">
        {shown ? (shown.from ? intl.formatMessage(m.showing, { from: fmt.day(shown.from), to: fmt.day(shown.to) }) : t(m.none)) : t(m.loading)}
      </Text>
    </Card>
  );
}
