import { defineConfig } from 'vitepress';

// The documentation site (npm run docs, npm run docs:build). Nothing it builds asks another host for anything:
// the default theme's font is bundled, the search index is local.
export default defineConfig({
  title: 'Linkdesk',
  description: 'A link shortener you run yourself, and a desktop app to manage it.',
  lang: 'en',
  outDir: '../.docs-dist',
  cleanUrls: true,
  // A link to a page that does not exist fails the build (VitePress's own check); anchors are checked by
  // scripts/docs-links.mjs after the build.
  ignoreDeadLinks: false,
  themeConfig: {
    search: { provider: 'local' },
    nav: [{ text: 'Get started', link: '/getting-started' }, { text: 'API', link: '/api' }, { text: 'Hosting', link: '/hosting/' }],
    sidebar: [
      { text: 'Start', items: [{ text: 'Getting started', link: '/getting-started' }, { text: 'Running the tests', link: '/testing' }] },
      { text: 'The desktop app', items: [
        { text: 'Screens and settings', link: '/desktop' },
        { text: 'Proxies, certificates, keys', link: '/desktop-network' },
        { text: 'Installers and updates', link: '/installers' },
      ] },
      { text: 'The server', items: [
        { text: 'linkdesk serve and its flags', link: '/server' },
        { text: 'The API', link: '/api' },
        { text: 'Targeting and rules', link: '/targeting' },
        { text: 'Statistics', link: '/statistics' },
        { text: 'Domains and HTTPS', link: '/domains' },
        { text: 'Import and export', link: '/import-export' },
        { text: 'Users, roles and keys', link: '/users-keys' },
        { text: 'Blocklists, reports and bans', link: '/abuse' },
      ] },
      { text: 'Hosting and operations', items: [
        { text: 'Overview: the package, Node, memory', link: '/hosting/' },
        { text: 'One machine with systemd', link: '/hosting/systemd' },
        { text: 'Docker', link: '/hosting/docker' },
        { text: 'HTTPS with Caddy', link: '/hosting/caddy' },
        { text: 'Several nodes behind HAProxy', link: '/hosting/haproxy' },
        { text: 'PostgreSQL', link: '/hosting/postgresql' },
        { text: 'Backups', link: '/hosting/backups' },
        { text: 'Upgrades', link: '/hosting/upgrades' },
        { text: 'Security', link: '/security' },
      ] },
      { text: 'Contributors', items: [{ text: 'Architecture', link: '/architecture' }, { text: 'Licences', link: '/licences' }] },
    ],
  },
});
