// A private certificate authority made with the openssl CLI, as an
// organisation makes its own: a CA, and certificates it signs for given names,
// valid now, already expired, or for another host.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface Issued { certFile: string; keyFile: string; cert: string; key: string }
export interface Ca extends Issued {
  dir: string;
  /** A certificate signed by this CA; `expired` dates it in 2020; `chain` appends the CA to the cert file (what a server then sends). */
  issue(name: string, opts: { cn: string; sans: string[]; expired?: boolean; chain?: boolean; clientAuth?: boolean }): Issued;
}

const openssl = (args: string[], cwd: string) => execFileSync('openssl', args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
const EC = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];

export function makeCa(dir: string, cn = 'Linkdesk Test CA'): Ca {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  openssl(['req', '-x509', ...EC, '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '3', '-subj', `/CN=${cn}/O=Linkdesk tests`,
    '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign'], dir);
  writeFileSync(path.join(dir, 'index.txt'), '');
  writeFileSync(path.join(dir, 'serial'), '1000\n');
  writeFileSync(path.join(dir, 'ca.cnf'), [
    '[ca]', 'default_ca = d', '[d]', `dir = ${dir}`, 'database = $dir/index.txt', 'new_certs_dir = $dir', 'serial = $dir/serial',
    'default_md = sha256', 'policy = any', 'copy_extensions = copy', 'unique_subject = no', 'email_in_dn = no',
    '[any]', 'commonName = supplied', '',
  ].join('\n'));
  const read = (f: string) => readFileSync(path.join(dir, f), 'utf8');
  return {
    dir, certFile: path.join(dir, 'ca.pem'), keyFile: path.join(dir, 'ca.key'), cert: read('ca.pem'), key: read('ca.key'),
    issue(name, o) {
      const ext = o.clientAuth ? 'extendedKeyUsage=clientAuth' : 'extendedKeyUsage=serverAuth';
      openssl(['req', '-new', ...EC, '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', `/CN=${o.cn}`,
        ...(o.sans.length ? ['-addext', `subjectAltName=${o.sans.join(',')}`] : []), '-addext', ext, '-addext', 'basicConstraints=CA:FALSE'], dir);
      const dates = o.expired ? ['-startdate', '20200101000000Z', '-enddate', '20200102000000Z'] : ['-days', '2'];
      openssl(['ca', '-batch', '-config', 'ca.cnf', '-cert', 'ca.pem', '-keyfile', 'ca.key', '-in', `${name}.csr`, '-out', `${name}.pem`, '-notext', ...dates], dir);
      if (o.chain) writeFileSync(path.join(dir, `${name}.pem`), read(`${name}.pem`) + read('ca.pem'));
      return { certFile: path.join(dir, `${name}.pem`), keyFile: path.join(dir, `${name}.key`), cert: read(`${name}.pem`), key: read(`${name}.key`) };
    },
  };
}
