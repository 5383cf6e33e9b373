// Add or edit an instance. The form is checked with the shared zod schema
// before anything leaves; the API key, proxy password and client key are
// write-only (a stored one is never shown or sent back, only that it exists).
// A plain http:// address on another computer, and a new address for a stored
// key, each need the user's word before the key goes there; main asks again in
// a dialog of its own before it stores either (the page's word alone sends nothing).
import { Alert, Badge, Button, Checkbox, Divider, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { CallArgs, InstanceView, Reachability } from '../../../../shared/contract.ts';
import { instanceFormSchema, isPlainHttpRemote, keyTravelsPlain, originOf, type InstanceFormValues } from '../../../../shared/schemas/instance.ts';
import { ApiFailure, call } from '../../api/api.ts';
import { FormError } from '../../components/FormParts/FormParts.tsx';
import { useSaveForm } from '../../forms/use-save-form.ts';
import { useInstances } from '../../state/instances-store.ts';
import { CertificateFields, ProxyFields, type CaItem, type ClientCertState } from './ConnectionFields.tsx';
import { ConnectionProblem } from './ConnectionProblem.tsx';

export function InstanceModal({ instance, onClose, onCertificate }: {
  instance: InstanceView | null; onClose(): void; onCertificate(i: InstanceView, r: Extract<Reachability, { state: 'error' }>): void;
}) {
  const intl = useIntl();
  const { upsert, reach, check } = useInstances();
  const local = instance?.kind === 'local';
  const form = useForm<InstanceFormValues>({
    initialValues: {
      name: instance?.name ?? '', baseUrl: instance?.baseUrl ?? '', apiKey: '',
      proxyMode: instance?.proxy.mode ?? 'system', proxyUrl: instance?.proxy.url ?? '', proxyUsername: '', proxyPassword: '',
      plainHttpConfirmed: instance?.plainHttp === 'confirmed', local, hasProxyCredentials: instance?.proxy.hasCredentials ?? false,
    },
    validate: zod4Resolver(instanceFormSchema),
  });
  const [cas, setCas] = useState<CaItem[]>(instance?.caCertificates.map((info) => ({ info, pem: null })) ?? []);
  const [client, setClient] = useState<ClientCertState>({ info: instance?.clientCertificate ?? null, cert: null, key: null, keyName: null, changed: false });
  const [askMove, setAskMove] = useState(false);
  const moveAgreed = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);

  const v = form.values;
  const travelsPlain = (x: InstanceFormValues) => keyTravelsPlain(x.baseUrl, { mode: x.proxyMode, url: x.proxyUrl });
  const plainHttp = !local && travelsPlain(v);
  const moved = !!instance && !local && instance.hasApiKey && originOf(v.baseUrl) !== null && originOf(v.baseUrl) !== originOf(instance.baseUrl);
  const last = instance ? reach[instance.id] : undefined;

  const { submit, busy, general } = useSaveForm(form, {
    save: async (values) => {
      const apiKey = values.apiKey.trim() || undefined;
      if (moved && !apiKey && !moveAgreed.current) {
        setAskMove(true);
        const moveMessage = intl.formatMessage({ id: 'app.instances.form.moveKey', defaultMessage: 'The stored key was given for the old address. Enter the key for the new one, or agree to send the stored key there.' });
        throw new ApiFailure({ kind: 'validation', message: moveMessage, fields: { apiKey: [moveMessage] } });
      }
      if (!local && client.changed && client.cert && !client.key) {
        const keyMessage = intl.formatMessage({ id: 'app.instances.form.clientKeyNeeded', defaultMessage: 'Choose the client certificate\'s key as well.' });
        throw new ApiFailure({ kind: 'validation', message: keyMessage, fields: { clientCertificate: [keyMessage] } });
      }
      const user = values.proxyUsername.trim();
      const net = local ? {} : {
        proxy: values.proxyMode === 'url'
          ? { mode: 'url' as const, url: values.proxyUrl.trim(), ...(user ? { credentials: { username: user, password: values.proxyPassword } } : {}) }
          : { mode: values.proxyMode },
        caCertificates: cas.map((c) => c.pem ?? c.info.fingerprint256),
        ...(client.changed ? { clientCertificate: client.cert && client.key ? { cert: client.cert, key: client.key } : null } : {}),
        ...(travelsPlain(values) ? { plainHttpConfirmed: values.plainHttpConfirmed } : {}),
      };
      const saved = instance
        ? await call('instances.update', {
          id: instance.id, name: values.name.trim(), ...(local ? {} : { baseUrl: values.baseUrl.trim() }), ...(apiKey ? { apiKey } : {}), ...net,
          ...(moveAgreed.current ? { keepKeyForNewAddress: true } : {}),
        } as CallArgs<'instances.update'>)
        : await call('instances.add', { name: values.name.trim(), baseUrl: values.baseUrl.trim(), ...(apiKey ? { apiKey } : {}), ...net } as CallArgs<'instances.add'>);
      upsert(saved);
      return saved;
    },
    notice: (saved) => ({
      message: intl.formatMessage({ id: 'app.instances.saved', defaultMessage: 'Instance {name} {added, select, true {added} other {saved}}.' }, { name: saved.name, added: String(!instance) }),
    }),
    onSaved: () => onClose(),
  });

  return (
    <Modal opened onClose={onClose} title={instance
      ? intl.formatMessage({ id: 'app.instances.edit', defaultMessage: 'Edit {name}' }, { name: instance.name })
      : intl.formatMessage({ id: 'app.instances.add', defaultMessage: 'Add an instance' })} centered size="lg">
      <form ref={formRef} onSubmit={submit} noValidate autoComplete="off">
        <Stack>
          <FormError message={general} />
          {instance && last ? <ConnectionProblem reach={last} onCertificate={(r) => onCertificate(instance, r)} /> : null}
          <TextInput label={intl.formatMessage({ id: 'app.instances.form.name', defaultMessage: 'Name' })} required data-autofocus maxLength={100} {...form.getInputProps('name')} />
          <TextInput label={intl.formatMessage({ id: 'app.instances.form.baseUrl', defaultMessage: 'Base URL' })} required type="url" placeholder="https://links.example.com" disabled={local}
            description={local
              ? intl.formatMessage({ id: 'app.instances.form.baseUrlLocal', defaultMessage: 'Managed by the app: the local server on this computer.' })
              : intl.formatMessage({ id: 'app.instances.form.baseUrlHint', defaultMessage: 'The address that serves /api/v1.' })}
            {...form.getInputProps('baseUrl')} />
          {plainHttp ? (
            <Alert color="orange" title={intl.formatMessage({ id: 'app.instances.plain.title', defaultMessage: 'The API key would travel unencrypted' })} data-testid="plain-http-warning">
              <Stack gap="xs">
                <Text size="sm">
                  <FormattedMessage id="app.instances.plain.body"
                    defaultMessage="{origin} is a plain http:// address {where, select, remote {on another computer} other {reached through a proxy}}: anyone on the network between here and there can read the key and use it. Use the server's https:// address if it has one. Until you agree below, the key is not sent."
                    values={{ origin: originOf(v.baseUrl), where: isPlainHttpRemote(v.baseUrl) ? 'remote' : 'proxy' }} />
                </Text>
                <Checkbox label={intl.formatMessage({ id: 'app.instances.plain.agree', defaultMessage: 'Send the API key to {origin} unencrypted anyway' }, { origin: originOf(v.baseUrl) })} {...form.getInputProps('plainHttpConfirmed', { type: 'checkbox' })} />
              </Stack>
            </Alert>
          ) : null}
          <PasswordInput label={intl.formatMessage({ id: 'app.instances.form.apiKey', defaultMessage: 'API key' })} maxLength={500} autoComplete="off"
            placeholder={instance?.hasApiKey
              ? intl.formatMessage({ id: 'app.instances.form.apiKeyReplace', defaultMessage: 'Enter a new key to replace the stored one' })
              : intl.formatMessage({ id: 'app.instances.form.apiKeyPaste', defaultMessage: 'Paste the API key' })}
            description={instance?.hasApiKey
              ? intl.formatMessage({ id: 'app.instances.form.apiKeyStored', defaultMessage: 'A key is stored in the key store. It is never shown; leave this empty to keep it.' })
              : intl.formatMessage({ id: 'app.instances.form.apiKeyHint', defaultMessage: 'Kept in the system keychain (or its encrypted stand-in), never in a file you can read.' })}
            {...form.getInputProps('apiKey')} />
          {instance?.hasApiKey ? <Group><Badge variant="light" color="teal"><FormattedMessage id="app.instances.key.stored" defaultMessage="Key stored" /></Badge></Group> : null}
          {!local ? (
            <>
              <Divider />
              <ProxyFields form={form} hasCredentials={instance?.proxy.hasCredentials ?? false} />
              <Divider />
              <CertificateFields cas={cas} setCas={setCas} client={client} setClient={setClient} />
              {form.errors.clientCertificate ? <Text size="sm" c="red" role="alert">{form.errors.clientCertificate}</Text> : null}
            </>
          ) : null}
          <Group justify="space-between">
            {instance ? (
              <Button variant="default" onClick={() => void check(instance.id)} disabled={last?.state === 'checking'}>
                {last?.state === 'checking'
                  ? intl.formatMessage({ id: 'app.instances.testing', defaultMessage: 'Testing…' })
                  : intl.formatMessage({ id: 'app.instances.testConnection', defaultMessage: 'Test connection' })}
              </Button>
            ) : <span />}
            <Group>
              <Button variant="default" onClick={onClose}><FormattedMessage id="app.common.cancel" defaultMessage="Cancel" /></Button>
              <Button type="submit" loading={busy}>
                {instance ? intl.formatMessage({ id: 'app.common.save', defaultMessage: 'Save' }) : intl.formatMessage({ id: 'app.instances.addButton', defaultMessage: 'Add instance' })}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
      <Modal opened={askMove} onClose={() => setAskMove(false)} title={intl.formatMessage({ id: 'app.instances.move.title', defaultMessage: 'Send the stored key to the new address?' })} centered size="md">
        <Stack>
          <Text size="sm">
            <FormattedMessage id="app.instances.move.body"
              defaultMessage="The stored API key was given for <b>{old}</b>. Whoever runs <b>{new}</b> would receive it. Send it there only if it is the same server under a new address."
              values={{ old: instance ? originOf(instance.baseUrl) : '', new: originOf(v.baseUrl), b: (c) => <strong>{c}</strong> }} />
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAskMove(false)}><FormattedMessage id="app.instances.move.newKey" defaultMessage="Enter a new key" /></Button>
            <Button color="orange" onClick={() => { moveAgreed.current = true; setAskMove(false); formRef.current?.requestSubmit(); }}><FormattedMessage id="app.instances.move.send" defaultMessage="Send the stored key there" /></Button>
          </Group>
        </Stack>
      </Modal>
    </Modal>
  );
}
