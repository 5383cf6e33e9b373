// `linkdesk serve` runs as lean however it is started: `npx linkdesk serve` or
// `node bin/linkdesk.mjs serve` gets the Node flags `npm run serve` and
// deploy/linkdesk.service give it (bin/linkdesk.mjs runs the server in a child
// with them), and stops as it did, with its exit status.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { portHolders } from '../../../electron/server/util/port-holder.ts';
import { exited, serve, SERVICE_FLAGS, stop } from '../../helpers/cli.ts';

const work = mkdtempSync(path.join(tmpdir(), 'linkdesk-serve-flags-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const portOf = (url: string) => Number(new URL(url).port);

describe.skipIf(process.platform !== 'linux')('the Node flags of serve', () => {
  it('the service file names the memory flags, and no collection of WebAssembly code (Node 24 aborts on it, nodejs/node#66366)', () => {
    expect(SERVICE_FLAGS).toEqual(expect.arrayContaining([expect.stringMatching(/^--max-old-space-size=\d+$/), expect.stringMatching(/^--max-semi-space-size=\d+$/)]));
    expect(SERVICE_FLAGS).toContain('--no-wasm-code-gc');
  });

  it('node bin/linkdesk.mjs serve, without them: the process that listens has every flag of deploy/linkdesk.service, and a SIGTERM stops it gracefully (exit 0)', async () => {
    const s = await serve(['--data-dir', path.join(work, 'a'), '--no-titles', '--no-health-checks'], { nodeFlags: [] });
    const holders = portHolders(portOf(s.url));
    expect(holders).toHaveLength(1);
    for (const flag of SERVICE_FLAGS) expect(holders[0]!.command.split(' '), flag).toContain(flag);
    expect(await stop(s)).toEqual({ code: 0, signal: null });
    expect(s.stderr()).toContain('"msg":"stopped"');
    expect(portHolders(portOf(s.url))).toEqual([]);
  });

  it('a flag given otherwise is kept as given: --wasm-code-gc leaves WebAssembly code collection on', async () => {
    const s = await serve(['--data-dir', path.join(work, 'd'), '--no-titles', '--no-health-checks'], { nodeFlags: ['--wasm-code-gc'] });
    const [server] = portHolders(portOf(s.url));
    expect(server!.pid).not.toBe(s.child.pid); // the other flags still missing: a child with them
    const argv = server!.command.split(' ');
    expect(argv).toContain('--wasm-code-gc');
    expect(argv).not.toContain('--no-wasm-code-gc');
    expect(argv).toContain('--max-old-space-size=512');
    await stop(s);
  });

  it('started with the flags (as systemd does), it is the server itself: no second process', async () => {
    const s = await serve(['--data-dir', path.join(work, 'b'), '--no-titles', '--no-health-checks']);
    expect(portHolders(portOf(s.url)).map((h) => h.pid)).toEqual([s.child.pid]);
    await stop(s);
  });

  it('when the process started is killed outright (SIGKILL), the server goes too (polled, 5 s at most)', async () => {
    const s = await serve(['--data-dir', path.join(work, 'c'), '--no-titles', '--no-health-checks'], { nodeFlags: [] });
    const [server] = portHolders(portOf(s.url));
    expect(server!.pid).not.toBe(s.child.pid);
    s.child.kill('SIGKILL');
    await exited(s.child);
    const deadline = performance.now() + 5000;
    while (portHolders(portOf(s.url)).length && performance.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(portHolders(portOf(s.url))).toEqual([]);
  });
});
