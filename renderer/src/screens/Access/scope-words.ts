// A key's scopes in the user's language: "read and change links; read
// statistics; manage users, every key and the audit log". The server and the
// CLI keep shared/scopes.ts's English `scopesInWords`.
import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';
import { normalizeScopes, type ScopeResource } from '../../../../shared/scopes.ts';

export const RESOURCE_WORDS: Record<ScopeResource, MessageDescriptor> = defineMessages({
  links: { id: 'app.scopes.resource.links', defaultMessage: 'links', description: 'In a list of what a key may read or change; lower case' },
  domains: { id: 'app.scopes.resource.domains', defaultMessage: 'domains', description: 'In a list of what a key may read or change; lower case' },
  spaces: { id: 'app.scopes.resource.spaces', defaultMessage: 'spaces', description: 'In a list of what a key may read or change; lower case' },
  pixels: { id: 'app.scopes.resource.pixels', defaultMessage: 'pixels', description: 'In a list of what a key may read or change; lower case' },
  stats: { id: 'app.scopes.resource.stats', defaultMessage: 'statistics', description: 'In a list of what a key may read or change; lower case' },
  webhooks: { id: 'app.scopes.resource.webhooks', defaultMessage: 'webhooks', description: 'In a list of what a key may read or change; lower case' },
});

const CLAUSES: Record<'nothing' | 'write' | 'read' | 'admin' | 'separator', MessageDescriptor> = defineMessages({
  nothing: { id: 'app.scopes.nothing', defaultMessage: 'nothing', description: 'What a key with no scopes may do' },
  write: { id: 'app.scopes.write', defaultMessage: 'read and change {resources}', description: 'What a key may do; resources: a list such as "links, spaces"' },
  read: { id: 'app.scopes.read', defaultMessage: 'read {resources}', description: 'What a key may do; resources: a list such as "links, statistics"' },
  admin: { id: 'app.scopes.admin', defaultMessage: 'manage users, every key and the audit log', description: 'What a key with the admin scope may do' },
  separator: { id: 'app.scopes.separator', defaultMessage: '{first}; {rest}', description: 'Joins two clauses of what a key may do: "read and change links; read statistics"' },
});

/** The scopes as a phrase that follows "it may …". */
export function scopesPhrase(intl: IntlShape, scopes: readonly string[]): string {
  const n = normalizeScopes(scopes);
  if (!n.length) return intl.formatMessage(CLAUSES.nothing);
  const names = (suffix: string) => n.filter((s) => s.endsWith(suffix)).map((s) => intl.formatMessage(RESOURCE_WORDS[s.split(':')[0] as ScopeResource]));
  const list = (items: string[]) => intl.formatList(items, { type: 'unit', style: 'short' });
  const parts: string[] = [];
  const writes = names(':write');
  const reads = names(':read');
  if (writes.length) parts.push(intl.formatMessage(CLAUSES.write, { resources: list(writes) }));
  if (reads.length) parts.push(intl.formatMessage(CLAUSES.read, { resources: list(reads) }));
  if (n.includes('admin')) parts.push(intl.formatMessage(CLAUSES.admin));
  return parts.reduceRight((rest, first) => intl.formatMessage(CLAUSES.separator, { first, rest }));
}
