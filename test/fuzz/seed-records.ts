// A few records of every kind before the fuzz starts, so that its first
// requests already name records that exist.
const RECORDS: [string, Record<string, unknown>][] = [
  ['/domains', { name: 'fuzz.example' }],
  ['/spaces', { name: 'Fuzz', color: '#aabbcc' }],
  ['/pixels', { name: 'Fuzz', type: 'facebook', pixel_id: 'f1' }],
  ['/links', { url: 'https://example.com/a' }],
  ['/links', { url: 'https://example.com/b', alias: 'fuzz-b', space_id: 1 }],
  ['/webhooks', { url: 'https://93.184.215.14/hook', events: ['link.created'] }],
  ['/webhooks/1/test', {}],
];

export async function seedRecords(url: string, key: string): Promise<void> {
  for (const [path, body] of RECORDS) {
    const res = await fetch(`${url}/api/v1${path}`, {
      method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body),
    });
    if (res.status >= 300) throw new Error(`seeding POST ${path} answered ${res.status}: ${await res.text()}`);
  }
}
