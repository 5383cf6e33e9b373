#!/usr/bin/env node
// The headless server and its key tool. Needs Node >= 22.19 (it runs the
// TypeScript sources directly); `npm run setup` provides Node 24 for npm scripts.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 19)) {
  console.error(`linkdesk needs Node 22.19 or newer (this is ${process.version}). Run it through npm (npm run linkdesk -- …), which uses the project's Node 24, or see README.md.`);
  process.exit(1);
}
const { main } = await import('../electron/server/cli.ts');
await main(process.argv.slice(2));
