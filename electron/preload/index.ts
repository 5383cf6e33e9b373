// The whole bridge: one function to call main, and one way to hear main's
// commands (open a link, the palette, a notice). The page gets no ipcRenderer
// and no Node; main validates every name and argument, and what main sends is
// checked here against the few shapes a window acts on.
import { contextBridge, ipcRenderer } from 'electron';
import type { LinkdeskBridge } from '../../shared/contract.ts';
import { COMMAND_CHANNEL, IPC_CHANNEL } from '../../shared/ipc.ts';
import { isAppCommand, type AppCommand } from '../../shared/native.ts';

// Commands that arrive before the page listens (a deep link that opened this
// window) wait here; a handful at most, so nothing piles up unheard.
const waiting: AppCommand[] = [];
let listener: ((c: AppCommand) => void) | null = null;
ipcRenderer.on(COMMAND_CHANNEL, (_event, command: unknown) => {
  if (!isAppCommand(command)) return;
  if (listener) listener(command);
  // Status, progress and live clicks are not kept: a page that starts listening reads the state of now.
  else if (waiting.length < 10 && command.type !== 'server-status' && command.type !== 'job' && command.type !== 'update-status' && !command.type.startsWith('live-')) waiting.push(command);
});

const bridge: LinkdeskBridge = {
  invoke: (name, args) => ipcRenderer.invoke(IPC_CHANNEL, name, args),
  onCommand(fn) {
    listener = fn;
    for (const c of waiting.splice(0)) fn(c);
    return () => {
      if (listener === fn) listener = null;
    };
  },
};

contextBridge.exposeInMainWorld('linkdesk', Object.freeze(bridge));
