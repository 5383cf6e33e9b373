// How the app reaches a remote instance: its proxy (System, None or an
// address with optional credentials) and its certificates (extra CAs, a client
// certificate). Certificate files are read here and described by main; a client
// key is passed on once when saved and never shown.
import { Alert, Button, FileButton, Group, PasswordInput, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useState } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import type { CertificateInfo } from '../../../../shared/contract.ts';
import { pemCertificates, type InstanceFormValues } from '../../../../shared/schemas/instance.ts';
import { call, toIpcError } from '../../api/api.ts';
import { CertificateView } from './CertificateView.tsx';

export interface CaItem { info: CertificateInfo; /** null: one the instance already has (main keeps its PEM). */ pem: string | null }
export interface ClientCertState { info: CertificateInfo | null; cert: string | null; key: string | null; keyName: string | null; changed: boolean }

const PEM_ACCEPT = '.pem,.crt,.cer,.key,application/x-pem-file,application/x-x509-ca-cert,text/plain';

export function ProxyFields({ form, hasCredentials }: { form: UseFormReturnType<InstanceFormValues>; hasCredentials: boolean }) {
  const intl = useIntl();
  const mode = form.values.proxyMode;
  return (
    <Stack gap="xs">
      <Title order={3} size="h6"><FormattedMessage id="app.instances.proxy.title" defaultMessage="Proxy" /></Title>
      <SegmentedControl aria-label={intl.formatMessage({ id: 'app.instances.proxy.title', defaultMessage: 'Proxy' })} data={[
        { value: 'system', label: intl.formatMessage({ id: 'app.instances.proxy.system', defaultMessage: 'System' }) },
        { value: 'none', label: intl.formatMessage({ id: 'app.instances.proxy.none', defaultMessage: 'None' }) },
        { value: 'url', label: intl.formatMessage({ id: 'app.instances.proxy.address', defaultMessage: 'Proxy address' }) },
      ]}
        {...form.getInputProps('proxyMode')} />
      <Text size="xs" c="dimmed">
        {mode === 'system' ? intl.formatMessage({ id: 'app.instances.proxy.systemHint', defaultMessage: 'What this computer\'s network settings say for this address (a PAC script included), or HTTPS_PROXY / NO_PROXY.' })
          : mode === 'none' ? intl.formatMessage({ id: 'app.instances.proxy.noneHint', defaultMessage: 'Connect directly, whatever the system says.' })
            : intl.formatMessage({ id: 'app.instances.proxy.addressHint', defaultMessage: 'Every request to this instance goes through this proxy.' })}
      </Text>
      {mode === 'url' ? (
        <>
          <TextInput label={intl.formatMessage({ id: 'app.instances.proxy.address', defaultMessage: 'Proxy address' })} placeholder="http://proxy.example.com:3128" required {...form.getInputProps('proxyUrl')} />
          <Group grow align="flex-start">
            <TextInput label={intl.formatMessage({ id: 'app.instances.proxy.user', defaultMessage: 'Proxy user name' })} autoComplete="off" {...form.getInputProps('proxyUsername')}
              description={hasCredentials
                ? intl.formatMessage({ id: 'app.instances.proxy.credentialsStored', defaultMessage: 'Stored in the key store; leave both empty to keep them.' })
                : intl.formatMessage({ id: 'app.instances.proxy.credentialsHint', defaultMessage: 'Only if the proxy asks for one.' })} />
            <PasswordInput label={intl.formatMessage({ id: 'app.instances.proxy.password', defaultMessage: 'Proxy password' })} autoComplete="off"
              placeholder={hasCredentials ? intl.formatMessage({ id: 'app.instances.proxy.passwordStored', defaultMessage: 'Stored' }) : ''}
              {...form.getInputProps('proxyPassword')} />
          </Group>
        </>
      ) : null}
    </Stack>
  );
}

async function readPemFile(file: File, intl: IntlShape): Promise<string> {
  if (file.size > 64 * 1024) {
    throw new Error(intl.formatMessage({ id: 'app.instances.cert.tooLarge', defaultMessage: '{file} is larger than 64 KB; choose a PEM certificate file.' }, { file: file.name }));
  }
  return file.text();
}

export function CertificateFields({ cas, setCas, client, setClient }: {
  cas: CaItem[]; setCas(next: CaItem[]): void; client: ClientCertState; setClient(next: ClientCertState): void;
}) {
  const intl = useIntl();
  const [problem, setProblem] = useState<string | null>(null);

  const addCa = async (file: File | null) => {
    if (!file) return;
    setProblem(null);
    try {
      const text = await readPemFile(file, intl);
      const infos = await call('certificates.inspect', { pem: text });
      const blocks = pemCertificates(text);
      const fresh: CaItem[] = [];
      infos.forEach((info, i) => {
        if (!info.isCa) throw new Error(intl.formatMessage({
          id: 'app.instances.cert.notCa',
          defaultMessage: '"{subject}" in {file} is not a certificate authority; choose the CA certificate that signed the server\'s certificate.',
        }, { subject: info.subject, file: file.name }));
        if (![...cas, ...fresh].some((c) => c.info.fingerprint256 === info.fingerprint256)) fresh.push({ info, pem: blocks[i]! });
      });
      setCas([...cas, ...fresh]);
    } catch (e) {
      setProblem(e instanceof Error && !('error' in e) ? e.message : toIpcError(e).message);
    }
  };
  const chooseClientCert = async (file: File | null) => {
    if (!file) return;
    setProblem(null);
    try {
      const text = await readPemFile(file, intl);
      const [info] = await call('certificates.inspect', { pem: text });
      setClient({ ...client, info: info ?? null, cert: text, changed: true });
    } catch (e) {
      setProblem(toIpcError(e).message);
    }
  };
  const chooseClientKey = async (file: File | null) => {
    if (!file) return;
    try {
      setClient({ ...client, key: await readPemFile(file, intl), keyName: file.name, changed: true });
    } catch (e) {
      setProblem(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <Stack gap="xs" data-testid="certificate-fields">
      <Title order={3} size="h6"><FormattedMessage id="app.instances.cert.title" defaultMessage="Certificates" /></Title>
      <Text size="xs" c="dimmed">
        <FormattedMessage id="app.instances.cert.about"
          defaultMessage="For https addresses. The system's certificate authorities are always trusted; add your organisation's own CA here if its server uses one." />
      </Text>
      {problem ? <Alert color="red" role="alert">{problem}</Alert> : null}
      {cas.map((c) => (
        <Stack key={c.info.fingerprint256} gap={4}>
          <CertificateView cert={c.info} label={intl.formatMessage({ id: 'app.instances.cert.trustedCa', defaultMessage: 'Trusted CA for this instance' })} />
          <Group justify="flex-end">
            <Button size="xs" variant="subtle" color="red" onClick={() => setCas(cas.filter((x) => x !== c))} aria-label={intl.formatMessage({ id: 'app.instances.cert.removeCa', defaultMessage: 'Remove CA {subject}' }, { subject: c.info.subject })}>
              {intl.formatMessage({ id: 'app.instances.remove', defaultMessage: 'Remove' })}
            </Button>
          </Group>
        </Stack>
      ))}
      <Group>
        <FileButton onChange={(f) => void addCa(f)} accept={PEM_ACCEPT}>
          {(props) => <Button variant="default" size="xs" {...props}><FormattedMessage id="app.instances.cert.addCa" defaultMessage="Add CA certificate (PEM)…" /></Button>}
        </FileButton>
      </Group>
      <Text size="sm" fw={600} mt="xs"><FormattedMessage id="app.instances.cert.client" defaultMessage="Client certificate" /></Text>
      {client.info
        ? <CertificateView cert={client.info} label={intl.formatMessage({ id: 'app.instances.cert.presented', defaultMessage: 'Presented to the server' })} />
        : <Text size="xs" c="dimmed"><FormattedMessage id="app.instances.cert.noClient" defaultMessage="None. Only for servers that ask for one (mutual TLS)." /></Text>}
      {client.keyName ? (
        <Text size="xs" data-testid="client-key">
          <FormattedMessage id="app.instances.cert.clientKey" defaultMessage="Key: {file} (kept in the key store when saved, never shown)" values={{ file: client.keyName }} />
        </Text>
      ) : null}
      <Group>
        <FileButton onChange={(f) => void chooseClientCert(f)} accept={PEM_ACCEPT}>
          {(props) => <Button variant="default" size="xs" {...props}>{client.info
            ? intl.formatMessage({ id: 'app.instances.cert.replace', defaultMessage: 'Replace certificate…' })
            : intl.formatMessage({ id: 'app.instances.cert.choose', defaultMessage: 'Choose certificate (PEM)…' })}</Button>}
        </FileButton>
        <FileButton onChange={(f) => void chooseClientKey(f)} accept={PEM_ACCEPT}>
          {(props) => <Button variant="default" size="xs" {...props}><FormattedMessage id="app.instances.cert.chooseKey" defaultMessage="Choose its key (PEM)…" /></Button>}
        </FileButton>
        {client.info ? (
          <Button size="xs" variant="subtle" color="red" onClick={() => setClient({ info: null, cert: null, key: null, keyName: null, changed: true })}><FormattedMessage id="app.instances.cert.removeClient" defaultMessage="Remove client certificate" /></Button>
        ) : null}
      </Group>
    </Stack>
  );
}
