// The whole bridge: one function, one channel. The page gets no ipcRenderer,
// no event subscriptions and no Node; main validates every name and argument.
import { contextBridge, ipcRenderer } from 'electron';
import type { LinkdeskBridge } from '../../shared/contract.ts';
import { IPC_CHANNEL } from '../../shared/ipc.ts';

const bridge: LinkdeskBridge = {
  invoke: (name, args) => ipcRenderer.invoke(IPC_CHANNEL, name, args),
};

contextBridge.exposeInMainWorld('linkdesk', Object.freeze(bridge));
