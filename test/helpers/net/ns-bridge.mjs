// Runs inside a private network namespace (started by netns.ts with unshare -n).
// Listens on a unix socket (the file system is shared, the network is not) and,
// for each connection, reads "HOST PORT\n", connects to that address inside the
// namespace, answers "OK\n" or "ERR <code>\n", then pipes bytes both ways.
// Plain JavaScript so it runs under any node without a loader.
import { createConnection, createServer } from 'node:net';
import { rmSync } from 'node:fs';

const socketPath = process.argv[2];
rmSync(socketPath, { force: true });
const server = createServer((client) => {
  let head = Buffer.alloc(0);
  const onData = (chunk) => {
    head = Buffer.concat([head, chunk]);
    const nl = head.indexOf(10);
    if (nl < 0) return;
    client.off('data', onData);
    client.pause();
    const [host, port] = head.subarray(0, nl).toString().trim().split(' ');
    const rest = head.subarray(nl + 1);
    const upstream = createConnection({ host, port: Number(port) });
    upstream.once('connect', () => {
      upstream.off('error', onFail);
      client.write('OK\n');
      if (rest.length) upstream.write(rest);
      client.pipe(upstream).pipe(client);
      client.resume();
      const end = () => { client.destroy(); upstream.destroy(); };
      client.on('error', end);
      upstream.on('error', end);
      client.on('close', end);
      upstream.on('close', end);
    });
    const onFail = (err) => { client.end(`ERR ${err.code ?? 'EFAIL'}\n`); };
    upstream.once('error', onFail);
  };
  client.on('data', onData);
  client.on('error', () => {});
});
server.listen(socketPath, () => process.stdout.write('ready\n'));
process.on('SIGTERM', () => { server.close(); rmSync(socketPath, { force: true }); process.exit(0); });
