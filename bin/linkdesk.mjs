#!/usr/bin/env -S node --max-semi-space-size=8
// (V8 sizes the young generation for the machine, up to 64 MB a half on a
// large one, which a server holds as mostly garbage; 8 MB keeps it lean at a
// small cost in collections. The server's own Node flags are in deploy/linkdesk.service.)
// The headless server and its key tool. In the installed package
// (`npm run pack:server`) cli.js sits where cli.ts is in the checkout,
// compiled; the checkout runs the TypeScript sources directly. The Node each
// needs is the package.json's engines.node: the checkout's covers type
// stripping, the package's what its dependencies ask for.
import { existsSync, readFileSync } from 'node:fs';

const compiled = new URL('../electron/server/cli.js', import.meta.url);
const fromSource = !existsSync(compiled);
const { engines } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const [, needMajor, needMinor] = /(\d+)\.(\d+)/.exec(engines.node).map(Number);
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < needMajor || (major === needMajor && minor < needMinor)) {
  console.error(`linkdesk needs Node ${needMajor}.${needMinor} or newer (this is ${process.version}).${fromSource
    ? " Run it through npm (npm run linkdesk -- …), which uses the project's Node 24, or see README.md." : ''}`);
  process.exit(1);
}
const { main } = await import(fromSource ? '../electron/server/cli.ts' : compiled.href);
await main(process.argv.slice(2));
