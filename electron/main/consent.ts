// Main's own question before a key or a trust decision goes anywhere new: a
// native dialog over the window that asked, in the words consent.ts writes.
// The page cannot answer it, so script in the page cannot agree for the user.
import { BrowserWindow, dialog, type MessageBoxOptions } from 'electron';
import { consentDialog, type Confirm } from '../services/consent.ts';

export const nativeConfirm: Confirm = async (kind, details) => {
  const words = consentDialog(kind, details);
  const options: MessageBoxOptions = {
    type: 'warning', title: words.title, message: words.message, detail: words.detail,
    // "Cancel" first and the default: Enter or Escape sends nothing.
    buttons: [words.no, words.yes], defaultId: 0, cancelId: 0, noLink: true,
  };
  const parent = BrowserWindow.fromId(details.windowId);
  const { response } = parent && !parent.isDestroyed() ? await dialog.showMessageBox(parent, options) : await dialog.showMessageBox(options);
  return response === 1;
};
