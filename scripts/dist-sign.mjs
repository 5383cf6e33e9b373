// The publisher's signature of the update feed (issue 42): `npm run dist`
// signs each latest*.yml it leaves in its output folder with the Ed25519 key
// in LINKDESK_UPDATE_KEY (a PEM, or the path of a PEM file), writing
// latest*.yml.sig beside it (base64 of the signature over the yml's exact
// bytes), and writes the matching public key into the app's package.json
// (linkdeskUpdatePublicKey), where the installed app reads it. The app
// believes a feed only with that signature (electron/services/update-feed.ts).
// `npm run dist:check` verifies each signature against the key in the app.
import { createHash, createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';

/** package.json's field in the app's archive (electron/services/update-feed.ts KEY_FIELD). */
export const KEY_FIELD = 'linkdeskUpdatePublicKey';
export const KEY_ENV = 'LINKDESK_UPDATE_KEY';

/** What dist says, in one line, when it has no key. */
export const NO_KEY = `dist: no ${KEY_ENV}: this build carries no update key, so updates are off in it and its latest*.yml are not signed `
  + `(set ${KEY_ENV} to an Ed25519 private key, PEM or the path of a PEM file, to sign; --signed refuses to build without one)`;

/**
 * The signing key from the environment: null when none is set; throws in words when it is
 * unreadable or not an Ed25519 private key.
 */
export function updateKeyFrom(env = process.env) {
  const raw = env[KEY_ENV]?.trim();
  if (!raw) return null;
  let pem = raw;
  if (!raw.startsWith('-----BEGIN')) {
    try {
      pem = readFileSync(raw, 'utf8');
    } catch (e) {
      throw new Error(`${KEY_ENV} is neither a PEM nor a readable file (${e.code ?? e.message}: ${raw})`);
    }
  }
  let privateKey;
  try {
    privateKey = createPrivateKey(pem);
  } catch {
    throw new Error(`${KEY_ENV} is not a private key in PEM (make one with: openssl genpkey -algorithm ed25519 -out linkdesk-update.pem)`);
  }
  if (privateKey.asymmetricKeyType !== 'ed25519') {
    throw new Error(`${KEY_ENV} is a ${privateKey.asymmetricKeyType} key; updates are signed with Ed25519 (openssl genpkey -algorithm ed25519 -out linkdesk-update.pem)`);
  }
  const publicPem = String(createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }));
  return { privateKey, publicPem, fingerprint: fingerprintOf(publicPem) };
}

/** A short name for a public key: SHA-256 of its DER, hex, first 16 bytes. */
export function fingerprintOf(publicPem) {
  const der = createPublicKey(publicPem).export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(der).digest('hex').slice(0, 32).replace(/(..)(?!$)/g, '$1:');
}

/** latest*.yml in the output folder (and a provider's subfolder, as electron-builder writes for a second feed). */
export function feedFiles(dir) {
  if (!existsSync(dir)) return [];
  const out = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.isFile() && /^latest.*\.yml$/.test(e.name)) out.push(path.join(dir, e.name));
    else if (e.isDirectory() && !/-unpacked$|^mac/.test(e.name)) {
      for (const f of readdirSync(path.join(dir, e.name))) if (/^latest.*\.yml$/.test(f)) out.push(path.join(dir, e.name, f));
    }
  }
  return out.sort();
}

/** Why the yml does not describe the packages beside it (each file there, its sha512 matching), or null. */
function packageProblem(file, bytes) {
  let info;
  try {
    info = yaml.load(bytes.toString('utf8'));
  } catch (e) {
    return `${path.basename(file)} cannot be read (${e.message.split('\n')[0]})`;
  }
  const files = Array.isArray(info?.files) ? info.files : [];
  if (!files.length) return `${path.basename(file)} names no files`;
  for (const f of files) {
    const pkg = path.join(path.dirname(file), String(f.url));
    if (!existsSync(pkg)) continue; // a file hosted elsewhere (a url); its sha512 is checked by the app
    const actual = createHash('sha512').update(readFileSync(pkg)).digest('base64');
    if (actual !== f.sha512) return `${path.basename(file)} gives a sha512 for ${f.url} that is not the file's beside it (a yml from another build?)`;
  }
  return null;
}

/** Signs each latest*.yml in `dir` that describes the packages beside it. */
export function signFeeds(dir, key) {
  const signed = [];
  const refused = [];
  for (const file of feedFiles(dir)) {
    const bytes = readFileSync(file);
    const problem = packageProblem(file, bytes);
    if (problem) {
      refused.push(`${problem}: not signed`);
      continue;
    }
    writeFileSync(`${file}.sig`, `${sign(null, bytes, key.privateKey).toString('base64')}\n`);
    signed.push(file);
  }
  return { signed, refused };
}

/** Each latest*.yml in `dir` checked against the public key the app carries: failures and notes, in words. */
export function checkFeeds(dir, publicPem) {
  const failures = [];
  const notes = [];
  const files = feedFiles(dir);
  if (!publicPem) {
    notes.push(`update key: none in package.json (${KEY_FIELD}): updates are off in this build${files.length ? `; ${files.map((f) => path.basename(f)).join(', ')} not checked` : ''}`);
    return { failures, notes };
  }
  let key;
  try {
    key = createPublicKey(publicPem);
    if (key.asymmetricKeyType !== 'ed25519') throw new Error(key.asymmetricKeyType);
  } catch (e) {
    failures.push(`package.json's ${KEY_FIELD} is not an Ed25519 public key (${e.message}): the app would keep updates off`);
    return { failures, notes };
  }
  notes.push(`update key: Ed25519 ${fingerprintOf(publicPem)}`);
  for (const file of files) {
    const name = path.relative(dir, file);
    if (!existsSync(`${file}.sig`)) {
      failures.push(`${name} has no signature (${name}.sig): the app refuses this feed`);
      continue;
    }
    const sig = readFileSync(`${file}.sig`, 'utf8').trim();
    const good = /^[A-Za-z0-9+/]{86}==$/.test(sig) && verify(null, readFileSync(file), key, Buffer.from(sig, 'base64'));
    if (good) notes.push(`${name}: signature verified against the app's update key`);
    else failures.push(`${name}.sig does not verify against the app's update key: the yml was changed after signing, or signed with another key (the app refuses this feed)`);
  }
  if (!files.length) notes.push('no latest*.yml beside the app to check (an unpacked build only)');
  return { failures, notes };
}
