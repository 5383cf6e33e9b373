// A small authoritative DNS server on 127.0.0.1 (UDP, a port of its own) for
// tests of DNS status: A, AAAA and CNAME records set per name, changed while it runs.
// Unknown names are NXDOMAIN; a known name without the asked type is NODATA.
import { createSocket, type RemoteInfo } from 'node:dgram';

type RecordType = 'A' | 'AAAA' | 'CNAME';
export interface Zone { a?: string[]; aaaa?: string[]; cname?: string }

export interface DnsServer {
  /** `127.0.0.1:PORT`, as --dns-servers takes it. */
  address: string;
  /** Sets (or with `null`, removes) a name's records. */
  set(name: string, zone: Zone | null): void;
  /** Every query received, in order (`A name`, `AAAA name`, `CNAME name`), for tests that count what a check costs. */
  queries: string[];
  close(): Promise<void>;
}

const TYPES: Record<number, RecordType> = { 1: 'A', 28: 'AAAA', 5: 'CNAME' };
const CODES: Record<RecordType, number> = { A: 1, AAAA: 28, CNAME: 5 };

function readName(msg: Buffer, offset: number): { name: string; end: number } {
  const labels: string[] = [];
  let i = offset;
  while (msg[i]! !== 0) {
    const len = msg[i]!;
    labels.push(msg.subarray(i + 1, i + 1 + len).toString('latin1'));
    i += 1 + len;
  }
  return { name: labels.join('.').toLowerCase(), end: i + 1 };
}

const encodeName = (name: string) => Buffer.concat([...name.split('.').map((l) => Buffer.concat([Buffer.from([l.length]), Buffer.from(l, 'latin1')])), Buffer.from([0])]);

function rdata(type: RecordType, value: string): Buffer {
  if (type === 'A') return Buffer.from(value.split('.').map(Number));
  if (type === 'CNAME') return encodeName(value);
  // AAAA: expand '::' and write eight 16-bit groups.
  const [head, tail = ''] = value.split('::');
  const h = head ? head.split(':') : [];
  const t = value.includes('::') && tail ? tail.split(':') : [];
  const groups = [...h, ...Array(8 - h.length - t.length).fill('0'), ...t];
  const b = Buffer.alloc(16);
  groups.forEach((g, i) => b.writeUInt16BE(parseInt(g, 16), i * 2));
  return b;
}

function answer(name: string, type: RecordType, value: string): Buffer {
  const data = rdata(type, value);
  const fixed = Buffer.alloc(10);
  fixed.writeUInt16BE(CODES[type], 0);
  fixed.writeUInt16BE(1, 2); // IN
  fixed.writeUInt32BE(60, 4);
  fixed.writeUInt16BE(data.length, 8);
  return Buffer.concat([encodeName(name), fixed, data]);
}

export async function startDnsServer(zones: Record<string, Zone> = {}): Promise<DnsServer> {
  const records = new Map(Object.entries(zones).map(([k, v]) => [k.toLowerCase(), v]));
  const socket = createSocket('udp4');
  const queries: string[] = [];

  const respond = (msg: Buffer, from: RemoteInfo) => {
    const { name, end } = readName(msg, 12);
    const type = TYPES[msg.readUInt16BE(end)];
    queries.push(`${type ?? msg.readUInt16BE(end)} ${name}`);
    const zone = records.get(name);
    const answers: Buffer[] = [];
    if (zone && type) {
      if (zone.cname) {
        answers.push(answer(name, 'CNAME', zone.cname));
        // As a resolver would: the target's own records of the asked type after the CNAME.
        const target = records.get(zone.cname.toLowerCase());
        if (type !== 'CNAME') for (const v of (type === 'A' ? target?.a : target?.aaaa) ?? []) answers.push(answer(zone.cname, type, v));
      } else if (type !== 'CNAME') {
        for (const v of (type === 'A' ? zone.a : zone.aaaa) ?? []) answers.push(answer(name, type, v));
      }
    }
    const header = Buffer.alloc(12);
    msg.copy(header, 0, 0, 2); // the query's id
    header.writeUInt16BE(0x8400 | (msg.readUInt16BE(2) & 0x0100) | (zone ? 0 : 3), 2); // response, authoritative, RD echoed, NXDOMAIN for unknown
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length, 6);
    const question = msg.subarray(12, end + 4);
    socket.send(Buffer.concat([header, question, ...answers]), from.port, from.address);
  };

  socket.on('message', (msg, from) => { if (msg.length >= 17) respond(msg, from); });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));

  return {
    address: `127.0.0.1:${socket.address().port}`,
    queries,
    set(name, zone) {
      if (zone) records.set(name.toLowerCase(), zone);
      else records.delete(name.toLowerCase());
    },
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
