import { Alert, Badge, Button, Group, Paper, SegmentedControl, Select, Stack, Switch, Text, TextInput, Title, useMantineColorScheme } from '@mantine/core';
import { useEffect, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { CallArgs } from '../../../../shared/contract.ts';
import type { ShortcutStatus, ThemeSetting } from '../../../../shared/native.ts';
import { ApiFailure, toIpcError } from '../../api/api.ts';
import { ErrorState, LoadingState } from '../../components/DataStates/DataStates.tsx';
import { ScreenHeader } from '../../components/ScreenHeader/ScreenHeader.tsx';
import { notify } from '../../notify.ts';
import { useInstances } from '../../state/instances-store.ts';
import { useSettings } from '../../state/settings-store.ts';
import { acceleratorFromKey, showAccelerator } from './accelerator-from-key.ts';
import { BackupsCard } from './BackupsCard.tsx';
import { UpdatesCard } from './UpdatesCard.tsx';

const MAC = /Mac/.test(navigator.platform);
const DEFAULT_SHORTCUT = 'CommandOrControl+Shift+L';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" mb="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">{title}</Title>
      {children}
    </Paper>
  );
}

function ShortcutBadge({ s }: { s: ShortcutStatus }) {
  const [color, label] = {
    registered: ['teal', 'Active'], off: ['gray', 'Off'], taken: ['orange', 'Taken by another app'], unavailable: ['gray', 'Desktop app only'],
  }[s.state] as [string, string];
  return <Badge color={color} variant="light">{label}</Badge>;
}

export default function SettingsScreen() {
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

  if (failed && !view) return <><ScreenHeader title="Settings" /><ErrorState error={{ kind: 'server', message: 'The settings could not be read.' }} onRetry={() => void load().then((v) => setFailed(v === null))} /></>;
  if (!view) return <><ScreenHeader title="Settings" /><LoadingState label="Loading settings…" /></>;
  const s = view.settings;

  const save = async (patch: CallArgs<'settings.update'>, done: string) => {
    const field = Object.keys(patch)[0]!;
    setFieldError((e) => ({ ...e, [field]: '' }));
    try {
      await update(patch);
      notify({ color: 'teal', title: 'Settings saved', message: done });
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
      notify({ color: 'teal', title: 'Settings saved', message: accelerator ? `The global shortcut is ${showAccelerator(accelerator, MAC)}.` : 'The global shortcut is off.' });
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
      setShortcutError('That key cannot be part of a shortcut.');
      return;
    }
    setShortcutError(null);
    setRecording('accelerator' in r ? r.accelerator : r.partial ? `${r.partial}+` : '');
  };
  const pending = recording && !recording.endsWith('+') ? recording : null;

  return (
    <>
      <ScreenHeader title="Settings" description="How Linkdesk behaves on this computer. Changes are saved at once." />

      <Section title="Appearance">
        <Text size="sm" id="theme-label" mb={6}>Theme</Text>
        <SegmentedControl aria-labelledby="theme-label" value={s.theme}
          data={[{ value: 'light', label: 'Light' }, { value: 'dark', label: 'Dark' }, { value: 'system', label: 'System' }]}
          onChange={(v) => {
            const theme = v as ThemeSetting;
            setColorScheme(theme === 'system' ? 'auto' : theme);
            void save({ theme }, `Theme: ${theme}.`);
          }} />
      </Section>

      <Section title="Shorten from anywhere">
        <Text size="sm" c="dimmed" mb="sm">
          The global shortcut shortens the web address on the clipboard, puts the short link back on the clipboard and shows a notification, whichever application is in front.
        </Text>
        <Group gap="xs" mb="xs">
          <Text size="sm">Global shortcut:</Text>
          <Text size="sm" fw={600} data-testid="shortcut-current">{view.shortcut.accelerator ? showAccelerator(view.shortcut.accelerator, MAC) : 'None'}</Text>
          <ShortcutBadge s={view.shortcut} />
        </Group>
        {view.shortcut.message ? <Alert color={view.shortcut.state === 'taken' ? 'orange' : 'gray'} mb="sm" role="status">{view.shortcut.message}</Alert> : null}
        <Group align="flex-start" gap="sm">
          <TextInput label="New shortcut" description="Focus the field and press the keys (Escape to cancel)." placeholder="Press keys…"
            value={recording ? showAccelerator(recording.replace(/\+$/, ''), MAC) + (recording.endsWith('+') ? '+…' : '') : ''}
            readOnly onKeyDown={onShortcutKey} error={shortcutError} w={280} data-testid="shortcut-input" />
          <Group gap="xs" mt={50}>
            <Button size="sm" disabled={!pending} onClick={() => pending && void saveShortcut(pending)}>Use shortcut</Button>
            <Button size="sm" variant="default" disabled={s.globalShortcut === DEFAULT_SHORTCUT && view.shortcut.state === 'registered'}
              onClick={() => void saveShortcut(DEFAULT_SHORTCUT)}>Reset to {showAccelerator(DEFAULT_SHORTCUT, MAC)}</Button>
            <Button size="sm" variant="subtle" color="red" disabled={s.globalShortcut === null} onClick={() => void saveShortcut(null)}>Remove</Button>
          </Group>
        </Group>
        <Select mt="md" w={360} label="Quick shorten uses" description="The instance the global shortcut, the tray and the quick window shorten on."
          data={instances.map((i) => ({ value: i.id, label: i.name }))} value={view.quickShortenInstance.id} allowDeselect={false}
          error={fieldError.quickShortenInstanceId || null}
          onChange={(id) => id && void save({ quickShortenInstanceId: id }, `Quick shorten uses ${instances.find((i) => i.id === id)?.name ?? 'that instance'}.`)} />
      </Section>

      <Section title="Starting and closing">
        <Stack gap="md">
          <Switch checked={s.startAtLogin} label="Start Linkdesk when I log in (in the tray, serving redirects)"
            description={view.startAtLogin.message ?? undefined} disabled={!view.startAtLogin.supported}
            error={fieldError.startAtLogin || null}
            onChange={(e) => void save({ startAtLogin: e.currentTarget.checked }, e.currentTarget.checked ? 'Linkdesk starts at login.' : 'Linkdesk no longer starts at login.')} />
          <Switch checked={s.keepServingInTray} label="Keep serving redirects from the tray when the last window closes"
            description="Off: closing the last window quits Linkdesk and stops the local server."
            error={fieldError.keepServingInTray || null}
            onChange={(e) => void save({ keepServingInTray: e.currentTarget.checked }, e.currentTarget.checked ? 'Closing the last window keeps serving.' : 'Closing the last window quits.')} />
        </Stack>
      </Section>
      <BackupsCard />
      <UpdatesCard />
    </>
  );
}
