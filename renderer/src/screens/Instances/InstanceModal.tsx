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
import type { CallArgs, InstanceView, Reachability } from '../../../../shared/contract.ts';
import { instanceFormSchema, isPlainHttpRemote, keyTravelsPlain, originOf, type InstanceFormValues } from '../../../../shared/schemas/instance.ts';
import { ApiFailure, call } from '../../api/api.ts';
import { FormError } from '../../components/FormParts/FormParts.tsx';
import { useSaveForm } from '../../forms/use-save-form.ts';
import { useInstances } from '../../state/instances-store.ts';
import { CertificateFields, ProxyFields, type CaItem, type ClientCertState } from './ConnectionFields.tsx';
import { ConnectionProblem } from './ConnectionProblem.tsx';

const MOVE_MESSAGE = 'The stored key was given for the old address. Enter the key for the new one, or agree to send the stored key there.';

export function InstanceModal({ instance, onClose, onCertificate }: {
  instance: InstanceView | null; onClose(): void; onCertificate(i: InstanceView, r: Extract<Reachability, { state: 'error' }>): void;
}) {
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
        throw new ApiFailure({ kind: 'validation', message: MOVE_MESSAGE, fields: { apiKey: [MOVE_MESSAGE] } });
      }
      if (!local && client.changed && client.cert && !client.key) {
        throw new ApiFailure({ kind: 'validation', message: 'Choose the client certificate\'s key as well.', fields: { clientCertificate: ['Choose the client certificate\'s key as well.'] } });
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
    notice: (saved) => ({ message: `Instance ${saved.name} ${instance ? 'saved' : 'added'}.` }),
    onSaved: () => onClose(),
  });

  return (
    <Modal opened onClose={onClose} title={instance ? `Edit ${instance.name}` : 'Add an instance'} centered size="lg">
      <form ref={formRef} onSubmit={submit} noValidate autoComplete="off">
        <Stack>
          <FormError message={general} />
          {instance && last ? <ConnectionProblem reach={last} onCertificate={(r) => onCertificate(instance, r)} /> : null}
          <TextInput label="Name" required data-autofocus maxLength={100} {...form.getInputProps('name')} />
          <TextInput label="Base URL" required type="url" placeholder="https://links.example.com" disabled={local}
            description={local ? 'Managed by the app: the local server on this computer.' : 'The address that serves /api/v1.'}
            {...form.getInputProps('baseUrl')} />
          {plainHttp ? (
            <Alert color="orange" title="The API key would travel unencrypted" data-testid="plain-http-warning">
              <Stack gap="xs">
                <Text size="sm">
                  {originOf(v.baseUrl)} is a plain http:// address {isPlainHttpRemote(v.baseUrl) ? 'on another computer' : 'reached through a proxy'}: anyone on the network between here and there can read the key
                  and use it. Use the server's https:// address if it has one. Until you agree below, the key is not sent.
                </Text>
                <Checkbox label={`Send the API key to ${originOf(v.baseUrl)} unencrypted anyway`} {...form.getInputProps('plainHttpConfirmed', { type: 'checkbox' })} />
              </Stack>
            </Alert>
          ) : null}
          <PasswordInput label="API key" maxLength={500} autoComplete="off"
            placeholder={instance?.hasApiKey ? 'Enter a new key to replace the stored one' : 'Paste the API key'}
            description={instance?.hasApiKey
              ? 'A key is stored in the key store. It is never shown; leave this empty to keep it.'
              : 'Kept in the system keychain (or its encrypted stand-in), never in a file you can read.'}
            {...form.getInputProps('apiKey')} />
          {instance?.hasApiKey ? <Group><Badge variant="light" color="teal">Key stored</Badge></Group> : null}
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
                {last?.state === 'checking' ? 'Testing…' : 'Test connection'}
              </Button>
            ) : <span />}
            <Group>
              <Button variant="default" onClick={onClose}>Cancel</Button>
              <Button type="submit" loading={busy}>{instance ? 'Save' : 'Add instance'}</Button>
            </Group>
          </Group>
        </Stack>
      </form>
      <Modal opened={askMove} onClose={() => setAskMove(false)} title="Send the stored key to the new address?" centered size="md">
        <Stack>
          <Text size="sm">
            The stored API key was given for <strong>{instance ? originOf(instance.baseUrl) : ''}</strong>. Whoever runs <strong>{originOf(v.baseUrl)}</strong> would
            receive it. Send it there only if it is the same server under a new address.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAskMove(false)}>Enter a new key</Button>
            <Button color="orange" onClick={() => { moveAgreed.current = true; setAskMove(false); formRef.current?.requestSubmit(); }}>Send the stored key there</Button>
          </Group>
        </Stack>
      </Modal>
    </Modal>
  );
}
