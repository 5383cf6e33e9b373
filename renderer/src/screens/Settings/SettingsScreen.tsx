import { Alert, Badge, Button, Group, Paper, SegmentedControl, Select, Stack, Switch, Text, TextInput, Title, useMantineColorScheme } from '@mantine/core';
import { useEffect, useState, type KeyboardEvent, type ReactNode } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import type { CallArgs } from '../../../../shared/contract.ts';
import type { ShortcutStatus, ThemeSetting } from '../../../../shared/native.ts';
import { ApiFailure, toIpcError } from '../../api/api.ts';
import { ErrorState, LoadingState } from '../../components/DataStates/DataStates.tsx';
import { ScreenHeader } from '../../components/ScreenHeader/ScreenHeader.tsx';
import { getIntl, setLocale } from '../../i18n/current.ts';
import { plain } from '../../i18n/plain.ts';
import { notify } from '../../notify.ts';
import { useInstances } from '../../state/instances-store.ts';
import { useSettings } from '../../state/settings-store.ts';
import { acceleratorFromKey, showAccelerator } from './accelerator-from-key.ts';
import { BackupsCard } from './BackupsCard.tsx';
import { CityDatabaseCard } from './CityDatabaseCard.tsx';
import { LanguageSelect } from './LanguageSection.tsx';
import { UpdatesCard } from './UpdatesCard.tsx';

const MAC = /Mac/.test(navigator.platform);
const DEFAULT_SHORTCUT = 'CommandOrControl+Shift+L';

const m = plain(defineMessages({
  title: { id: 'app.settings.title', defaultMessage: 'Settings' },
  description: { id: 'app.settings.description', defaultMessage: 'How Linkdesk behaves on this computer. Changes are saved at once.' },
  notRead: { id: 'app.settings.notRead', defaultMessage: 'The settings could not be read.' },
  loading: { id: 'app.settings.loading', defaultMessage: 'Loading settings…' },
  saved: { id: 'app.settings.saved', defaultMessage: 'Settings saved' },
  appearance: { id: 'app.settings.appearance', defaultMessage: 'Appearance' },
  theme: { id: 'app.settings.theme', defaultMessage: 'Theme' },
  themeLight: { id: 'app.settings.theme.light', defaultMessage: 'Light' },
  themeDark: { id: 'app.settings.theme.dark', defaultMessage: 'Dark' },
  themeSystem: { id: 'app.settings.theme.system', defaultMessage: 'System' },
  themeSaved: { id: 'app.settings.theme.saved', defaultMessage: 'Theme: {theme, select, light {light} dark {dark} other {the system\'s}}.' },
  languageSaved: { id: 'app.settings.language.saved', defaultMessage: 'Language: {language}.' },
  shortcutSection: { id: 'app.settings.shortcut.section', defaultMessage: 'Shorten from anywhere' },
  shortcutIntro: {
    id: 'app.settings.shortcut.intro',
    defaultMessage: 'The global shortcut shortens the web address on the clipboard, puts the short link back on the clipboard and shows a notification, whichever application is in front.',
  },
  shortcutCurrent: { id: 'app.settings.shortcut.current', defaultMessage: 'Global shortcut:' },
  none: { id: 'app.settings.shortcut.none', defaultMessage: 'None' },
  newShortcut: { id: 'app.settings.shortcut.new', defaultMessage: 'New shortcut' },
  newShortcutHelp: { id: 'app.settings.shortcut.new.description', defaultMessage: 'Focus the field and press the keys (Escape to cancel).' },
  pressKeys: { id: 'app.settings.shortcut.new.placeholder', defaultMessage: 'Press keys…' },
  useShortcut: { id: 'app.settings.shortcut.use', defaultMessage: 'Use shortcut' },
  reset: { id: 'app.settings.shortcut.reset', defaultMessage: 'Reset to {shortcut}' },
  remove: { id: 'app.settings.shortcut.remove', defaultMessage: 'Remove' },
  shortcutIs: { id: 'app.settings.shortcut.saved', defaultMessage: 'The global shortcut is {shortcut}.' },
  shortcutOff: { id: 'app.settings.shortcut.off', defaultMessage: 'The global shortcut is off.' },
  badKey: { id: 'app.settings.shortcut.badKey', defaultMessage: 'That key cannot be part of a shortcut.' },
  quickUses: { id: 'app.settings.quick.label', defaultMessage: 'Quick shorten uses' },
  quickHelp: { id: 'app.settings.quick.description', defaultMessage: 'The instance the global shortcut, the tray and the quick window shorten on.' },
  quickSaved: { id: 'app.settings.quick.saved', defaultMessage: 'Quick shorten uses {instance}.' },
  thatInstance: { id: 'app.settings.quick.thatInstance', defaultMessage: 'that instance' },
  starting: { id: 'app.settings.starting', defaultMessage: 'Starting and closing' },
  atLogin: { id: 'app.settings.startAtLogin', defaultMessage: 'Start Linkdesk when I log in (in the tray, serving redirects)' },
  atLoginOn: { id: 'app.settings.startAtLogin.on', defaultMessage: 'Linkdesk starts at login.' },
  atLoginOff: { id: 'app.settings.startAtLogin.off', defaultMessage: 'Linkdesk no longer starts at login.' },
  tray: { id: 'app.settings.keepServing', defaultMessage: 'Keep serving redirects from the tray when the last window closes' },
  trayHelp: { id: 'app.settings.keepServing.description', defaultMessage: 'Off: closing the last window quits Linkdesk and stops the local server.' },
  trayOn: { id: 'app.settings.keepServing.on', defaultMessage: 'Closing the last window keeps serving.' },
  trayOff: { id: 'app.settings.keepServing.off', defaultMessage: 'Closing the last window quits.' },
}));

const badges = plain(defineMessages({
  registered: { id: 'app.settings.shortcut.state.registered', defaultMessage: 'Active' },
  off: { id: 'app.settings.shortcut.state.off', defaultMessage: 'Off' },
  taken: { id: 'app.settings.shortcut.state.taken', defaultMessage: 'Taken by another app' },
  unavailable: { id: 'app.settings.shortcut.state.unavailable', defaultMessage: 'Desktop app only' },
}));
const BADGE_COLOR: Record<ShortcutStatus['state'], string> = { registered: 'teal', off: 'gray', taken: 'orange', unavailable: 'gray' };

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" mb="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">{title}</Title>
      {children}
    </Paper>
  );
}

function ShortcutBadge({ s }: { s: ShortcutStatus }) {
  return <Badge color={BADGE_COLOR[s.state]} variant="light"><FormattedMessage {...badges[s.state]} /></Badge>;
}

/** A shortcut as keys read: always left to right ("Ctrl+Shift+L"), whatever the language. */
const keys = (accelerator: string) => showAccelerator(accelerator, MAC);

export default function SettingsScreen() {
  const intl = useIntl();
  const t = (d: (typeof m)[keyof typeof m], values?: Record<string, string | number>) => intl.formatMessage(d, values);
  const { view, load, update } = useSettings();
  const instances = useInstances((s) => s.instances);
  const { setColorScheme } = useMantineColorScheme();
  const [failed, setFailed] = useState(false);
  const [recording, setRecording] = useState<string>('');
  const [shortcutError, setShortcutError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<Record<string, string>>({});

  useEffect(() => {
    void load().then((v) => setFailed(v === null));
  }, [load]);

  if (failed && !view) return <><ScreenHeader title={t(m.title)} /><ErrorState error={{ kind: 'server', message: t(m.notRead) }} onRetry={() => void load().then((v) => setFailed(v === null))} /></>;
  if (!view) return <><ScreenHeader title={t(m.title)} /><LoadingState label={t(m.loading)} /></>;
  const s = view.settings;

  /** Saves one setting; `done` words the notice, in the language of the moment after saving (a new one, if that was the change). */
  const save = async (patch: CallArgs<'settings.update'>, done: () => string) => {
    const field = Object.keys(patch)[0]!;
    setFieldError((e) => ({ ...e, [field]: '' }));
    try {
      const saved = await update(patch);
      if (patch.language !== undefined) await setLocale(saved.locale);
      notify({ color: 'teal', title: getIntl().formatMessage(m.saved), message: done() });
      return true;
    } catch (e) {
      const err = e instanceof ApiFailure ? e.error : toIpcError(e);
      const message = err.fields?.[field]?.[0] ?? err.message;
      setFieldError((f) => ({ ...f, [field]: message }));
      return false;
    }
  };

  const saveShortcut = async (accelerator: string | null) => {
    setShortcutError(null);
    try {
      await update({ globalShortcut: accelerator });
      setRecording('');
      notify({ color: 'teal', title: t(m.saved), message: accelerator ? t(m.shortcutIs, { shortcut: keys(accelerator) }) : t(m.shortcutOff) });
    } catch (e) {
      const err = toIpcError(e);
      setShortcutError(err.fields?.globalShortcut?.[0] ?? err.message);
    }
  };

  const onShortcutKey = (e: KeyboardEvent<HTMLInputElement>) => {
    // Tab and Shift+Tab still move focus; Escape leaves the field as it was.
    if (e.key === 'Tab' && !e.ctrlKey && !e.altKey && !e.metaKey) return;
    // The keys are the shortcut being recorded, not the app's own (Ctrl+K must not open the palette here).
    e.preventDefault();
    e.stopPropagation();
    if (e.key === 'Escape') {
      setRecording('');
      setShortcutError(null);
      return;
    }
    const r = acceleratorFromKey(e, MAC);
    if (!r) {
      setShortcutError(t(m.badKey));
      return;
    }
    setShortcutError(null);
    setRecording('accelerator' in r ? r.accelerator : r.partial ? `${r.partial}+` : '');
  };
  const pending = recording && !recording.endsWith('+') ? recording : null;

  return (
    <>
      <ScreenHeader title={t(m.title)} description={t(m.description)} />

      <Section title={t(m.appearance)}>
        <Stack gap="md">
          <LanguageSelect view={view} error={fieldError.language}
            onChange={(language) => void save({ language }, () => getIntl().formatMessage(m.languageSaved, { language: getIntl().formatDisplayName(getIntl().locale, { type: 'language' }) ?? getIntl().locale }))} />
          <div>
            <Text size="sm" id="theme-label" mb={6}>{t(m.theme)}</Text>
            <SegmentedControl aria-labelledby="theme-label" value={s.theme}
              data={[{ value: 'light', label: t(m.themeLight) }, { value: 'dark', label: t(m.themeDark) }, { value: 'system', label: t(m.themeSystem) }]}
              onChange={(v) => {
                const theme = v as ThemeSetting;
                setColorScheme(theme === 'system' ? 'auto' : theme);
                void save({ theme }, () => t(m.themeSaved, { theme }));
              }} />
          </div>
        </Stack>
      </Section>

      <Section title={t(m.shortcutSection)}>
        <Text size="sm" c="dimmed" mb="sm">{t(m.shortcutIntro)}</Text>
        <Group gap="xs" mb="xs">
          <Text size="sm">{t(m.shortcutCurrent)}</Text>
          <Text size="sm" fw={600} data-testid="shortcut-current" dir={view.shortcut.accelerator ? 'ltr' : undefined}>{view.shortcut.accelerator ? keys(view.shortcut.accelerator) : t(m.none)}</Text>
          <ShortcutBadge s={view.shortcut} />
        </Group>
        {view.shortcut.message ? <Alert color={view.shortcut.state === 'taken' ? 'orange' : 'gray'} mb="sm" role="status">{view.shortcut.message}</Alert> : null}
        <Group align="flex-start" gap="sm">
          <TextInput label={t(m.newShortcut)} description={t(m.newShortcutHelp)} placeholder={t(m.pressKeys)}
            value={recording ? keys(recording.replace(/\+$/, '')) + (recording.endsWith('+') ? '+…' : '') : ''}
            readOnly onKeyDown={onShortcutKey} error={shortcutError} w={280} data-testid="shortcut-input" />
          <Group gap="xs" mt={50}>
            <Button size="sm" disabled={!pending} onClick={() => pending && void saveShortcut(pending)}>{t(m.useShortcut)}</Button>
            <Button size="sm" variant="default" disabled={s.globalShortcut === DEFAULT_SHORTCUT && view.shortcut.state === 'registered'}
              onClick={() => void saveShortcut(DEFAULT_SHORTCUT)}>{t(m.reset, { shortcut: keys(DEFAULT_SHORTCUT) })}</Button>
            <Button size="sm" variant="subtle" color="red" disabled={s.globalShortcut === null} onClick={() => void saveShortcut(null)}>{t(m.remove)}</Button>
          </Group>
        </Group>
        <Select mt="md" w={360} label={t(m.quickUses)} description={t(m.quickHelp)}
          data={instances.map((i) => ({ value: i.id, label: i.name }))} value={view.quickShortenInstance.id} allowDeselect={false}
          error={fieldError.quickShortenInstanceId || null}
          onChange={(id) => id && void save({ quickShortenInstanceId: id }, () => t(m.quickSaved, { instance: instances.find((i) => i.id === id)?.name ?? t(m.thatInstance) }))} />
      </Section>

      <Section title={t(m.starting)}>
        <Stack gap="md">
          <Switch checked={s.startAtLogin} label={t(m.atLogin)}
            description={view.startAtLogin.message ?? undefined} disabled={!view.startAtLogin.supported}
            error={fieldError.startAtLogin || null}
            onChange={(e) => { const on = e.currentTarget.checked; void save({ startAtLogin: on }, () => t(on ? m.atLoginOn : m.atLoginOff)); }} />
          <Switch checked={s.keepServingInTray} label={t(m.tray)}
            description={t(m.trayHelp)}
            error={fieldError.keepServingInTray || null}
            onChange={(e) => { const on = e.currentTarget.checked; void save({ keepServingInTray: on }, () => t(on ? m.trayOn : m.trayOff)); }} />
        </Stack>
      </Section>
      <CityDatabaseCard />
      <BackupsCard />
      <UpdatesCard />
    </>
  );
}
