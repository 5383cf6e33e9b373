// Saves a file the app made (an export, a report) through the browser's
// download, which Electron turns into a "Save as" dialog.
export function saveFile(f: { name: string; mime: string; content: string | Blob }): void {
  const url = URL.createObjectURL(typeof f.content === 'string' ? new Blob([f.content], { type: f.mime }) : f.content);
  const a = document.createElement('a');
  a.href = url;
  a.download = f.name;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
