// Instance profiles: which Linkdesk servers the app knows, in one JSON file in
// the data folder. Keys are not here (they live in the keychain), so the file
// can be read, backed up or attached to a bug report without leaking one.
// It is still the owner's only (0600): it lists which servers this person uses.
import { randomBytes, randomUUID } from 'node:crypto';
import { readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { apiGenerationSchema, type ApiGeneration } from '../../shared/api-generation.ts';
import type { InstanceKind } from '../../shared/contract.ts';
import { originOf, PROXY_MODES, type ProxyMode } from '../../shared/schemas/instance.ts';
import { ensurePrivateDir, tightenFile, type Notice } from '../server/util/private-files.ts';
import { NotDurableError, removeStaleTempFiles, writeFileAtomic, type AtomicFs } from './atomic-file.ts';
import { ServiceError } from './errors.ts';
import { say, se } from './i18n/service-errors.ts';

export const PROFILES_FILE = 'instances.json';

/**
 * Proxy and certificates are not secrets and live here; the proxy's credentials
 * and the client certificate's key live in the key store beside the API key.
 */
export interface InstanceProfile {
  id: string;
  name: string;
  kind: InstanceKind;
  baseUrl: string;
  proxy: { mode: ProxyMode; url: string | null };
  /** Extra CA certificates (PEM) trusted for this instance only. */
  caCertificates: string[];
  /** The client certificate (PEM) presented to the server; its key is in the key store. */
  clientCertificate: string | null;
  /** The plain-http origin the user agreed to send the key to unencrypted. */
  plainHttpOrigin: string | null;
  /** The origin the stored key was given for: it is sent nowhere else without asking. */
  keyOrigin: string | null;
}
export type ProfilePatch = Partial<Omit<InstanceProfile, 'id' | 'kind'>>;
/** What the supervisor remembers about the embedded server between runs (no secrets). */
export interface LocalServerSettings {
  port: number | null; userId: number | null; keyId: number | null;
  /** How it reads a link request that says neither phpShort generation (`--api-generation`). */
  apiGeneration: ApiGeneration;
  /** The city database file (.mmdb) the embedded server reads cities from; null: none. */
  cityDatabase: string | null;
}

const profileSchema = z.object({
  id: z.string().min(1).max(100),
  name: z.string().min(1).max(100),
  kind: z.enum(['local', 'remote']),
  baseUrl: z.string().max(2048),
  proxy: z.object({ mode: z.enum(PROXY_MODES), url: z.string().max(2048).nullable().default(null) }).default({ mode: 'system', url: null }),
  caCertificates: z.array(z.string().max(64 * 1024)).max(10).default([]),
  clientCertificate: z.string().max(64 * 1024).nullable().default(null),
  plainHttpOrigin: z.string().max(2048).nullable().default(null),
  // Absent in files written before keys were tied to an address: the address the key has been going to.
  keyOrigin: z.string().max(2048).nullable().optional(),
});
const fileSchema = z.object({
  version: z.literal(1),
  instances: z.array(profileSchema),
  lastSelectedId: z.string().nullable().default(null),
  localServer: z.object({
    port: z.number().int().min(0).max(65535).nullable().default(null),
    userId: z.number().int().positive().nullable().default(null),
    keyId: z.number().int().positive().nullable().default(null),
    apiGeneration: apiGenerationSchema.default('seed'),
    cityDatabase: z.string().max(4096).nullable().default(null),
  }).default({ port: null, userId: null, keyId: null, apiGeneration: 'seed', cityDatabase: null }),
});
type ProfilesFile = z.infer<typeof fileSchema>;

/** An http(s) origin plus optional path prefix, without trailing slash, query or fragment. */
export function normalizeBaseUrl(input: string): string {
  let u: URL;
  try {
    u = new URL(input.trim());
  } catch {
    throw new ServiceError('bad-request', say(se.addressScheme));
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new ServiceError('bad-request', say(se.addressScheme));
  if (u.username || u.password) throw new ServiceError('bad-request', say(se.addressCredentials));
  const prefix = u.pathname.replace(/\/+$/, '').replace(/\/api\/v1$/, '');
  return `${u.origin}${prefix}`;
}

// The local instance's id is unique per data folder: two data folders (a
// portable copy, a test run) then never share or overwrite a keychain entry.
const NET_DEFAULTS = { proxy: { mode: 'system' as const, url: null }, caCertificates: [], clientCertificate: null, plainHttpOrigin: null, keyOrigin: null };
const newLocalId = () => `local-${randomBytes(6).toString('hex')}`;

export interface ProfileStore {
  list(): InstanceProfile[];
  get(id: string): InstanceProfile | undefined;
  local(): InstanceProfile;
  add(input: { name: string; baseUrl: string } & ProfilePatch): Promise<InstanceProfile>;
  update(id: string, patch: ProfilePatch): Promise<InstanceProfile>;
  remove(id: string): Promise<void>;
  lastSelectedId(): string;
  setLastSelected(id: string): Promise<void>;
  /** Remembers where the embedded server last listened, shown until it listens again. */
  setLocalBaseUrl(url: string): Promise<void>;
  localServer(): LocalServerSettings;
  setLocalServer(patch: Partial<LocalServerSettings>): Promise<void>;
  /** A file that could not be read and was moved aside, if any. */
  readonly recovered: string | null;
}

export async function openProfileStore(dataDir: string, defaultLocalUrl: string, opts: { onNotice?: Notice; fs?: AtomicFs } = {}): Promise<ProfileStore> {
  const file = path.join(dataDir, PROFILES_FILE);
  ensurePrivateDir(dataDir, opts);
  tightenFile(file, opts); // later saves replace it with a 0600 file anyway; this covers a run that saves nothing
  await removeStaleTempFiles(file);
  let recovered: string | null = null;
  let state: ProfilesFile | null = null;
  try {
    state = fileSchema.parse(JSON.parse(await readFile(file, 'utf8')));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
      // Atomic writes never leave a broken file, so this one was edited by hand:
      // keep it for the user instead of overwriting it, and start afresh.
      recovered = `${file}.unreadable-${Date.now()}`;
      await rename(file, recovered);
    }
  }
  for (const p of state?.instances ?? []) if (p.keyOrigin === undefined) p.keyOrigin = p.kind === 'remote' ? originOf(p.baseUrl) : null;
  let s: ProfilesFile = state ?? { version: 1, instances: [], lastSelectedId: null, localServer: { port: null, userId: null, keyId: null, apiGeneration: 'seed', cityDatabase: null } };
  if (!s.instances.some((i) => i.kind === 'local')) {
    s.instances.unshift({ id: newLocalId(), name: 'This computer', kind: 'local', baseUrl: defaultLocalUrl, ...NET_DEFAULTS });
  }
  // One local instance only, first in the list.
  const localProfile = s.instances.find((i) => i.kind === 'local')!;
  s.instances = [localProfile, ...s.instances.filter((i) => i.kind === 'remote')];

  // One change at a time: each is built on a copy of what is current, saved, and only then made
  // current. What is not on disk is not in effect either (a key must not follow an address that was
  // never saved), and two changes at once land in order and both survive.
  let chain: Promise<unknown> = Promise.resolve();
  const change = <T>(build: (next: ProfilesFile) => T): Promise<T> => {
    const run = chain.then(async () => {
      const next = structuredClone(s);
      const result = build(next);
      try {
        await writeFileAtomic(file, JSON.stringify(next, null, 2) + '\n', opts.fs);
      } catch (err) {
        if (!(err instanceof NotDurableError)) {
          throw new ServiceError('server', say(se.settingsNotSaved, { reason: (err as Error).message.split('\n')[0]! }));
        }
        // In place and read by a restart, only not confirmed on the disk: in effect, and logged.
        opts.onNotice?.(`${file} was saved, but ${err.message}; a power cut now could bring back the settings of before.`);
      }
      s = next;
      return result;
    });
    chain = run.catch(() => undefined);
    return run;
  };
  if (!state) await change(() => undefined);

  const find = (f: ProfilesFile, id: string) => {
    const p = f.instances.find((i) => i.id === id);
    if (!p) throw new ServiceError('not-found', say(se.instanceGone));
    return p;
  };
  const copy = (p: ProfilesFile['instances'][number]): InstanceProfile =>
    ({ ...p, proxy: { ...p.proxy }, caCertificates: [...p.caCertificates], keyOrigin: p.keyOrigin ?? null });

  return {
    recovered,
    list: () => s.instances.map(copy),
    get: (id) => {
      const p = s.instances.find((i) => i.id === id);
      return p && copy(p);
    },
    local: () => copy(s.instances[0]!),
    add: (input) => change((next) => {
      const p: InstanceProfile = {
        ...NET_DEFAULTS, ...input, id: randomUUID(), name: input.name.trim(), kind: 'remote', baseUrl: normalizeBaseUrl(input.baseUrl),
      };
      next.instances.push(p);
      return copy(p);
    }),
    update: (id, patch) => change((next) => {
      const p = find(next, id);
      if (patch.baseUrl !== undefined && p.kind === 'local') {
        throw new ServiceError('bad-request', say(se.localAddress));
      }
      if (p.kind === 'local' && (patch.proxy || patch.caCertificates || patch.clientCertificate)) {
        throw new ServiceError('bad-request', say(se.localNoProxy));
      }
      const { name, baseUrl, ...rest } = patch;
      if (name !== undefined) p.name = name.trim();
      if (baseUrl !== undefined) p.baseUrl = normalizeBaseUrl(baseUrl);
      for (const [k, v] of Object.entries(rest)) if (v !== undefined) (p as Record<string, unknown>)[k] = v;
      return copy(p);
    }),
    remove: (id) => change((next) => {
      const p = find(next, id);
      if (p.kind === 'local') throw new ServiceError('bad-request', say(se.localNotRemovable));
      next.instances = next.instances.filter((i) => i !== p);
      if (next.lastSelectedId === id) next.lastSelectedId = null;
    }),
    lastSelectedId: () => (s.lastSelectedId && s.instances.some((i) => i.id === s.lastSelectedId) ? s.lastSelectedId : s.instances[0]!.id),
    setLastSelected: (id) => change((next) => {
      find(next, id);
      next.lastSelectedId = id;
    }),
    async setLocalBaseUrl(url) {
      if (s.instances[0]!.baseUrl === url) return;
      await change((next) => { next.instances[0]!.baseUrl = url; });
    },
    localServer: () => ({ ...s.localServer }),
    setLocalServer: (patch) => change((next) => { next.localServer = { ...next.localServer, ...patch }; }),
  };
}
