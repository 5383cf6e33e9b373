// A TLS terminator in front of a plain-http server, as HAProxy or nginx is in a
// real deployment: `node tls-front.mjs CONFIG.json`. Prints "listening PORT".
// CONFIG: { host, port, backendHost, backendPort, cert, key, clientCa?, maxVersion? } (files are paths).
// With clientCa the front asks for a client certificate and refuses one it does not trust.
import { readFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { createServer } from 'node:tls';

const c = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const server = createServer({
  cert: readFileSync(c.cert), key: readFileSync(c.key),
  ...(c.clientCa ? { ca: readFileSync(c.clientCa), requestCert: true, rejectUnauthorized: true } : {}),
  ...(c.maxVersion ? { maxVersion: c.maxVersion, minVersion: c.minVersion ?? 'TLSv1', ciphers: 'DEFAULT@SECLEVEL=0' } : {}),
}, (tls) => {
  const backend = createConnection({ host: c.backendHost, port: c.backendPort });
  tls.pipe(backend).pipe(tls);
  const end = () => { tls.destroy(); backend.destroy(); };
  tls.on('error', end);
  backend.on('error', end);
});
server.on('tlsClientError', () => {});
server.listen(c.port, c.host, () => process.stdout.write(`listening ${server.address().port}\n`));
process.on('SIGTERM', () => process.exit(0));
