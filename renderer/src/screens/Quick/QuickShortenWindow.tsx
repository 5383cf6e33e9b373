// The small always-on-top window behind the tray's "Quick Shorten…": the
// address from the clipboard, an optional alias, domain and expiry. Saving puts
// the short link on the clipboard (main does, with a notification).
import { Alert, Button, CopyButton, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { QuickShortened } from '../../../../shared/native.ts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/api.ts';
import { linkCreateSchema } from '../../../../shared/schemas/links.ts';
import { useSchemaForm } from '../../forms/schema-form.ts';
import { labels } from '../../forms/screen-words.ts';
import { useSaveForm } from '../../forms/use-save-form.ts';
import { useSettings } from '../../state/settings-store.ts';

interface Values { url: string; alias: string; domain_id: string; expiration_date: string; expiration_time: string }

const toBody = (v: Values) => ({
  url: v.url.trim(),
  ...(v.alias.trim() ? { alias: v.alias.trim() } : {}),
  ...(v.domain_id ? { domain_id: Number(v.domain_id) } : {}),
  ...(v.expiration_date ? { expiration_date: v.expiration_date } : {}),
  ...(v.expiration_date && v.expiration_time ? { expiration_time: v.expiration_time } : {}),
});

export default function QuickShortenWindow() {
  const intl = useIntl();
  const words = useMemo(() => labels({
    url: intl.formatMessage({ id: 'app.quick.field.url', defaultMessage: 'destination URL', description: 'Lower case, inside error messages' }),
    alias: intl.formatMessage({ id: 'app.quick.field.alias', defaultMessage: 'alias', description: 'Lower case, inside error messages' }),
    domain_id: intl.formatMessage({ id: 'app.quick.field.domain', defaultMessage: 'domain', description: 'Lower case, inside error messages' }),
    expiration_date: intl.formatMessage({ id: 'app.quick.field.expiryDate', defaultMessage: 'expiry date', description: 'Lower case, inside error messages' }),
    expiration_time: intl.formatMessage({ id: 'app.quick.field.expiryTime', defaultMessage: 'expiry time', description: 'Lower case, inside error messages' }),
  }), [intl]);
  const settings = useSettings();
  // The quick-shorten instance's domains (not this window's instance: it has none).
  const domains = useQuery({ queryKey: ['quick', 'domains'], queryFn: api.quick.domains });
  const [made, setMade] = useState<QuickShortened | null>(null);
  const [hint, setHint] = useState<string | null>(null);
  const form = useSchemaForm<Values>({
    initialValues: { url: '', alias: '', domain_id: '', expiration_date: '', expiration_time: '' }, schema: linkCreateSchema, toBody, words,
  });

  useEffect(() => {
    void settings.load();
    void api.quick.peek().then((p) => {
      if (p.url) form.setFieldValue('url', p.url);
      setHint(p.message);
    }, () => undefined);
    const close = (e: KeyboardEvent) => { if (e.key === 'Escape' && !e.defaultPrevented) window.close(); };
    window.addEventListener('keydown', close);
    return () => window.removeEventListener('keydown', close);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const { submit, busy, general, ready } = useSaveForm(form, {
    save: (v) => api.quick.shorten(toBody(v)),
    words,
    notice: (r) => ({ title: r.notice.title, message: r.link.short_url }),
    onSaved: (r) => {
      setMade(r);
      form.reset();
    },
  });

  const where = settings.view?.quickShortenInstance.name;
  return (
    <Stack p="md" gap="sm" component="main">
      <div>
        <Title order={1} size="h3"><FormattedMessage id="app.quick.title" defaultMessage="Quick shorten" /></Title>
        <Text size="sm" c="dimmed">
          {where
            ? <FormattedMessage id="app.quick.whereOn" defaultMessage="On {instance}. The short link goes to the clipboard." values={{ instance: where }} />
            : <FormattedMessage id="app.quick.where" defaultMessage="The short link goes to the clipboard." />}
        </Text>
      </div>
      {made ? (
        <Alert color="teal" title={made.notice.title} role="status" data-testid="quick-result">
          <Group gap="xs" wrap="nowrap">
            <Text ff="monospace" size="sm" truncate="end">{made.link.short_url}</Text>
            <CopyButton value={made.link.short_url}>
              {({ copied, copy }) => <Button size="compact-xs" variant="light" onClick={copy}>{copied
                ? intl.formatMessage({ id: 'app.common.copied', defaultMessage: 'Copied' })
                : intl.formatMessage({ id: 'app.common.copy', defaultMessage: 'Copy' })}</Button>}
            </CopyButton>
          </Group>
        </Alert>
      ) : null}
      {general ? <Alert color="red" role="alert">{general}</Alert> : null}
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label={intl.formatMessage({ id: 'app.quick.url', defaultMessage: 'Destination URL' })} placeholder="https://…" required data-autofocus autoFocus
            description={hint ?? undefined} {...form.getInputProps('url')} />
          <Group grow align="flex-start">
            <TextInput label={intl.formatMessage({ id: 'app.quick.alias', defaultMessage: 'Alias' })}
              placeholder={intl.formatMessage({ id: 'app.quick.aliasPlaceholder', defaultMessage: 'generated', description: 'An empty alias: one is generated' })} {...form.getInputProps('alias')} />
            <Select label={intl.formatMessage({ id: 'app.quick.domain', defaultMessage: 'Domain' })}
              placeholder={intl.formatMessage({ id: 'app.quick.domainPlaceholder', defaultMessage: 'Instance address', description: 'No domain chosen: the instance\'s own address is used' })} clearable
              clearButtonProps={{ 'aria-label': intl.formatMessage({ id: 'app.quick.clearDomain', defaultMessage: 'Clear domain' }) }}
              data={(domains.data?.data ?? []).map((d) => ({ value: String(d.id), label: d.name }))}
              error={domains.error ? domains.error.message : form.getInputProps('domain_id').error}
              value={form.values.domain_id || null} onChange={(v) => form.setFieldValue('domain_id', v ?? '')} />
          </Group>
          <Group grow align="flex-start">
            <TextInput type="date" label={intl.formatMessage({ id: 'app.quick.expiresOn', defaultMessage: 'Expires on' })} {...form.getInputProps('expiration_date')} />
            <TextInput type="time" label={intl.formatMessage({ id: 'app.quick.expiresAt', defaultMessage: 'at', description: 'The time of day, after "Expires on" a date' })} disabled={!form.values.expiration_date} {...form.getInputProps('expiration_time')} />
          </Group>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => window.close()}><FormattedMessage id="app.common.close" defaultMessage="Close" /></Button>
            <Button type="submit" loading={busy} disabled={!ready && !busy}><FormattedMessage id="app.quick.submit" defaultMessage="Shorten and copy" /></Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
