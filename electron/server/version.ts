// The version of Linkdesk, from the nearest package.json named "linkdesk"
// above this file: the checkout's when run from source, the packed server's
// when compiled into it (a dependency's package.json on the way is skipped).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const PACKAGE_NAME = 'linkdesk';

export function packageVersion(from: string = import.meta.url): string {
  let dir = path.dirname(fileURLToPath(from));
  for (;;) {
    let pkg: { name?: unknown; version?: unknown } | undefined;
    try {
      pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    if (pkg?.name === PACKAGE_NAME && typeof pkg.version === 'string') return pkg.version;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no package.json named "${PACKAGE_NAME}" above ${fileURLToPath(from)}`);
    dir = parent;
  }
}
