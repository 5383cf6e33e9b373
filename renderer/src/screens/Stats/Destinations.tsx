// Where a link's clicks were sent (rules, targets, rotation or its own URL):
// the numbers that tell whether a split or a rule does what it should.
import { Box, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { CountRow } from '../../../../shared/api-types.ts';
import { ChartCard } from './ChartCard.tsx';
import { ScrollingList } from './StatsTables.tsx';

/** Absent on a server without the dimension: then nothing is drawn. */
export function Destinations({ rows }: { rows: CountRow[] | undefined }) {
  const intl = useIntl();
  if (!rows) return null;
  const named = [...rows].sort((a, b) => b.count - a.count).map((r) => ({ name: r.value, Clicks: r.count }));
  return (
    <Box mb="md">
      <ChartCard testId="destinations" title={intl.formatMessage({ id: 'app.stats.destinations', defaultMessage: 'Destinations' })}>
        {named.length
          ? <ScrollingList label={intl.formatMessage({ id: 'app.stats.destinations.label', defaultMessage: 'Clicks by destination' })} rows={named}
            head={intl.formatMessage({ id: 'app.stats.destinations.column', defaultMessage: 'Destination' })} maxHeight={260} />
          : <Text size="sm" c="dimmed">{intl.formatMessage({ id: 'app.stats.noClicksInRange', defaultMessage: 'No clicks in this range.' })}</Text>}
      </ChartCard>
    </Box>
  );
}
