// A MaxMind-format (.mmdb) database read from its file as lookups need it,
// instead of whole into memory: DB-IP City Lite is 63 MB (IPv4) + 71 MB
// (IPv6), and a lookup touches a few dozen tree nodes and one record. Pages
// of the file are read with positioned reads (no memory mapping: Node has
// none, and the native mmap modules do not build on Node 24) and kept in a
// bounded cache, so the tree's top levels and the common records stay in
// memory and the rest is the operating system's page cache, which it can
// reclaim. Follows the MaxMind DB format 2.0 (tree walk, data section types).
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

const PAGE = 4096;
const MAX_RECORDS = 20_000;
const METADATA_MARKER = Buffer.from('abcdef4d61784d696e642e636f6d', 'hex'); // \xAB\xCD\xEF MaxMind.com

export interface MmdbMetadata { nodeCount: number; recordSize: number; ipVersion: number; databaseType: string }

export class MmdbFile {
  readonly metadata: MmdbMetadata;
  private readonly fd: number;
  private readonly size: number;
  private readonly pages = new Map<number, { buf: Buffer; used: number }>();
  private tick = 0;
  /** Decoded records by offset: many networks share one city's record. */
  private readonly records = new Map<number, unknown>();
  private readonly treeSize: number;
  private readonly dataStart: number;
  private ipv4Start = -1;
  private readonly maxPages: number;

  /** `maxPages`: pages of 4 KB kept (2048: 8 MB). */
  constructor(path: string, maxPages = 2048) {
    this.maxPages = maxPages;
    this.fd = openSync(path, 'r');
    try {
      this.size = fstatSync(this.fd).size;
      // The metadata is a map after the last marker, within the last 128 KB.
      const tailLength = Math.min(this.size, 128 * 1024);
      const tail = Buffer.alloc(tailLength);
      this.readAt(tail, this.size - tailLength);
      const at = tail.lastIndexOf(METADATA_MARKER);
      if (at < 0) throw new Error(`${path} is not a MaxMind DB file`);
      const meta = this.decode(this.size - tailLength + at + METADATA_MARKER.length, this.size - tailLength + at + METADATA_MARKER.length)[0] as Record<string, unknown>;
      this.metadata = {
        nodeCount: Number(meta.node_count), recordSize: Number(meta.record_size), ipVersion: Number(meta.ip_version),
        databaseType: String(meta.database_type ?? ''),
      };
      if (![24, 28, 32].includes(this.metadata.recordSize)) throw new Error(`${path}: record size ${this.metadata.recordSize} is not supported`);
      this.treeSize = ((this.metadata.recordSize * 2) / 8) * this.metadata.nodeCount;
      this.dataStart = this.treeSize + 16;
    } catch (err) {
      closeSync(this.fd);
      throw err;
    }
  }

  close(): void {
    closeSync(this.fd);
    this.pages.clear();
  }

  /** The record for an address (IPv4 dotted or IPv6), null when the database has none; throws on a malformed address. */
  get(ip: string): unknown {
    const bits = addressBits(ip);
    const v4 = bits.length === 4;
    if (v4 && this.metadata.ipVersion === 6) return this.walk(this.v4Start(), bits);
    if (!v4 && this.metadata.ipVersion === 4) return null;
    return this.walk(0, bits);
  }

  private walk(start: number, bytes: Uint8Array): unknown {
    const { nodeCount } = this.metadata;
    let node = start;
    for (let i = 0; i < bytes.length * 8 && node < nodeCount; i++) {
      node = this.record(node, (bytes[i >> 3]! >> (7 - (i & 7))) & 1);
    }
    if (node <= nodeCount) return null; // == nodeCount: no data; < nodeCount: the address is shorter than the tree (not for valid input)
    const offset = node - nodeCount + this.treeSize;
    let r = this.records.get(offset);
    if (r === undefined) {
      r = this.decode(offset, this.dataStart)[0];
      if (this.records.size >= MAX_RECORDS) this.records.clear();
      this.records.set(offset, r);
    }
    return r;
  }

  /** IPv4 addresses in an IPv6 tree live under ::/96. */
  private v4Start(): number {
    if (this.ipv4Start < 0) {
      let node = 0;
      for (let i = 0; i < 96 && node < this.metadata.nodeCount; i++) node = this.record(node, 0);
      this.ipv4Start = node;
    }
    return this.ipv4Start;
  }

  private record(node: number, right: number): number {
    const size = this.metadata.recordSize;
    const width = size / 4; // a node's bytes: 6, 7 or 8
    const b = this.bytes(node * width, width);
    if (size === 24) return right ? (b[3]! << 16) | (b[4]! << 8) | b[5]! : (b[0]! << 16) | (b[1]! << 8) | b[2]!;
    if (size === 28) {
      if (right) return (((b[3]! & 0x0f) << 24) | (b[4]! << 16) | (b[5]! << 8) | b[6]!) >>> 0;
      return (((b[3]! & 0xf0) << 20) | (b[0]! << 16) | (b[1]! << 8) | b[2]!) >>> 0;
    }
    return b.readUInt32BE(right * 4);
  }

  private readAt(buf: Buffer, position: number): void {
    for (let done = 0; done < buf.length;) {
      const n = readSync(this.fd, buf, done, buf.length - done, position + done);
      if (n === 0) throw new Error('the database file got shorter while it was open');
      done += n;
    }
  }

  private page(index: number): Buffer {
    const p = this.pages.get(index);
    if (p) {
      p.used = ++this.tick;
      return p.buf;
    }
    // Full: the least recently used half goes at once (one sort per maxPages / 2 pages read).
    if (this.pages.size >= this.maxPages) {
      const byUse = [...this.pages].sort((a, b) => a[1].used - b[1].used);
      for (let i = 0; i < byUse.length / 2; i++) this.pages.delete(byUse[i]![0]);
    }
    const buf = Buffer.allocUnsafeSlow(Math.min(PAGE, this.size - index * PAGE));
    this.readAt(buf, index * PAGE);
    this.pages.set(index, { buf, used: ++this.tick });
    return buf;
  }

  private byte(at: number): number {
    if (at < 0 || at >= this.size) throw new Error('a database offset is out of the file');
    return this.page(Math.floor(at / PAGE))[at % PAGE]!;
  }

  private bytes(at: number, length: number): Buffer {
    if (length === 0) return Buffer.alloc(0);
    if (at < 0 || at + length > this.size) throw new Error('a database offset is out of the file');
    const first = Math.floor(at / PAGE);
    if (first === Math.floor((at + length - 1) / PAGE)) return this.page(first).subarray(at % PAGE, at % PAGE + length);
    const out = Buffer.allocUnsafe(length);
    for (let done = 0; done < length;) {
      const p = this.page(Math.floor((at + done) / PAGE));
      const from = (at + done) % PAGE;
      done += p.copy(out, done, from, Math.min(p.length, from + length - done));
    }
    return out;
  }

  private uint(at: number, length: number): number {
    let v = 0;
    for (let i = 0; i < length; i++) v = v * 256 + this.byte(at + i);
    return v;
  }

  /** The value at `at` and the offset after it; pointers are relative to `base` (the data section's start). */
  private decode(at: number, base: number, depth = 0): [unknown, number] {
    if (depth > 64) throw new Error('the database nests too deep');
    const ctrl = this.byte(at++);
    let type = ctrl >> 5;
    if (type === 1) { // pointer
      const ss = (ctrl >> 3) & 3;
      const vvv = ctrl & 7;
      let p: number;
      if (ss === 0) p = (vvv << 8) | this.byte(at);
      else if (ss === 1) p = ((vvv << 16) | (this.byte(at) << 8) | this.byte(at + 1)) + 2048;
      else if (ss === 2) p = ((vvv << 24) | (this.byte(at) << 16) | (this.byte(at + 1) << 8) | this.byte(at + 2)) + 526_336;
      else p = this.uint(at, 4);
      return [this.decode(base + p, base, depth + 1)[0], at + ss + 1];
    }
    if (type === 0) type = 7 + this.byte(at++);
    let size = ctrl & 0x1f;
    if (size >= 29) {
      if (size === 29) size = 29 + this.byte(at++);
      else if (size === 30) { size = 285 + this.uint(at, 2); at += 2; } else { size = 65_821 + this.uint(at, 3); at += 3; }
    }
    switch (type) {
      case 2: return [this.bytes(at, size).toString('utf8'), at + size];
      case 3: return [this.bytes(at, 8).readDoubleBE(0), at + 8];
      case 4: return [Buffer.from(this.bytes(at, size)), at + size];
      case 5: case 6: case 9: case 10: return [this.uint(at, size), at + size];
      case 8: return [size ? this.bytes(at, size).readIntBE(0, size) : 0, at + size];
      case 14: return [size !== 0, at];
      case 15: return [this.bytes(at, 4).readFloatBE(0), at + 4];
      case 7: { // map
        const out: Record<string, unknown> = Object.create(null);
        for (let i = 0; i < size; i++) {
          const [key, next] = this.decode(at, base, depth + 1);
          const [value, after] = this.decode(next, base, depth + 1);
          out[String(key)] = value;
          at = after;
        }
        return [out, at];
      }
      case 11: { // array
        const out: unknown[] = [];
        for (let i = 0; i < size; i++) {
          const [value, next] = this.decode(at, base, depth + 1);
          out.push(value);
          at = next;
        }
        return [out, at];
      }
      default: throw new Error(`unknown data type ${type} in the database`);
    }
  }
}

/** An address's bytes: 4 for IPv4, 16 for IPv6 (an IPv4-mapped tail written dotted included). */
export function addressBits(ip: string): Uint8Array {
  if (!ip.includes(':')) return v4Bytes(ip);
  const out = new Uint8Array(16);
  let text = ip;
  let tail: Uint8Array | null = null;
  const lastColon = text.lastIndexOf(':');
  if (text.includes('.', lastColon)) {
    tail = v4Bytes(text.slice(lastColon + 1));
    text = `${text.slice(0, lastColon + 1)}0:0`;
  }
  const halves = text.split('::');
  if (halves.length > 2) throw new Error(`not an IP address: ${ip}`);
  const groups = (s: string) => (s ? s.split(':') : []);
  const head = groups(halves[0]!);
  const rest = halves.length === 2 ? groups(halves[1]!) : [];
  const missing = 8 - head.length - rest.length;
  if ((halves.length === 1 && missing !== 0) || missing < 0) throw new Error(`not an IP address: ${ip}`);
  const all = [...head, ...Array(halves.length === 2 ? missing : 0).fill('0'), ...rest];
  all.forEach((g, i) => {
    if (!/^[0-9a-f]{1,4}$/i.test(g)) throw new Error(`not an IP address: ${ip}`);
    const v = parseInt(g, 16);
    out[i * 2] = v >> 8;
    out[i * 2 + 1] = v & 0xff;
  });
  if (tail) out.set(tail, 12);
  return out;
}

function v4Bytes(ip: string): Uint8Array {
  const parts = ip.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) throw new Error(`not an IP address: ${ip}`);
  return Uint8Array.from(parts.map(Number));
}
