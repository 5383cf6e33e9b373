// What main asks this window to do (a linkdesk:// address, the menu's command
// palette, a notice): switch instance if asked, then go there.
import { useEffect, useRef } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import type { AppCommand, OpenTarget } from '../../../../shared/native.ts';
import { onAppCommand } from '../../api/pushes.ts';
import { notify } from '../../notify.ts';
import { useInstances } from '../../state/instances-store.ts';
import { useRoute } from '../../state/route.ts';

export async function openTarget(t: OpenTarget, hooks: { openLink(id: number): void }, intl: IntlShape): Promise<void> {
  const inst = useInstances.getState();
  if (t.instanceId !== null && t.instanceId !== inst.selectedId) {
    // Added in another window since this one loaded the list?
    if (!inst.instances.some((i) => i.id === t.instanceId)) await inst.load({ silent: true });
    if (!useInstances.getState().instances.some((i) => i.id === t.instanceId)) {
      notify({
        color: 'red',
        title: intl.formatMessage({ id: 'app.open.failedTitle', defaultMessage: 'Link not opened', description: 'A linkdesk:// address could not be opened' }),
        message: intl.formatMessage({ id: 'app.open.noInstance', defaultMessage: 'That instance is not in this app.' }),
      });
      return;
    }
    await inst.select(t.instanceId);
  }
  const { navigate } = useRoute.getState();
  if (t.screen === 'stats' && t.linkId !== null) navigate('stats', { id: t.linkId });
  else if (t.screen === 'links' && t.linkId !== null) hooks.openLink(t.linkId);
  else if (t.screen !== null && t.screen !== 'stats') navigate(t.screen);
}

export function useAppCommands(hooks: { openPalette(): void; openLink(id: number): void }): void {
  // The language at the time a command arrives, not when the window opened.
  const current = useIntl();
  const intl = useRef<IntlShape>(current);
  intl.current = current;
  useEffect(() => {
    return onAppCommand((c: AppCommand) => {
      if (c.type === 'palette') hooks.openPalette();
      else if (c.type === 'notice') notify({ color: c.tone === 'error' ? 'red' : undefined, title: c.title, message: c.message });
      else if (c.type === 'open') void openTarget(c.target, hooks, intl.current);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
