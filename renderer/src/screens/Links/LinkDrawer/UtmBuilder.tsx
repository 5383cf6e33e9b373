// Campaign tags (utm_*) in the destination URL's query. The URL field is the
// only state: these inputs show what it says and write into it, so typing in
// either one updates the other and the link saves exactly the URL shown.
import { Button, Collapse, Group, Paper, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useId, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { plain } from '../../../i18n/plain.ts';
import { IconChevronDown } from '../../../components/Icons/Icons.tsx';
import { notify } from '../../../notify.ts';
import { useInstances } from '../../../state/instances-store.ts';
import type { SectionProps } from './form-context.ts';
import { TEMPLATE_NAME_MAX, loadTemplates, storeTemplates, withTemplate, type UtmTemplate } from './utm-templates.ts';
import { UTM_KEYS, readUtm, writeUtm, type UtmFields, type UtmKey } from './utm.ts';

const FIELDS = plain(defineMessages({
  source: { id: 'app.utm.source', defaultMessage: 'Campaign source' },
  medium: { id: 'app.utm.medium', defaultMessage: 'Campaign medium' },
  campaign: { id: 'app.utm.campaign', defaultMessage: 'Campaign name' },
  term: { id: 'app.utm.term', defaultMessage: 'Campaign term' },
  content: { id: 'app.utm.content', defaultMessage: 'Campaign content' },
}));
/** Examples of tag values, as they go into URLs: not words to translate. */
const PLACEHOLDERS: Record<UtmKey, string> = { source: 'newsletter', medium: 'email', campaign: 'spring_sale', term: 'running shoes', content: 'header_button' };
const m = plain(defineMessages({
  notKept: { id: 'app.utm.templates.notKept', defaultMessage: 'The templates could not be kept on this computer.' },
  saved: { id: 'app.utm.templates.saved', defaultMessage: 'Template “{name}” saved' },
  toggle: { id: 'app.utm.toggle', defaultMessage: 'Campaign tags (UTM)' },
  help: { id: 'app.utm.description', defaultMessage: 'Added to the destination URL as utm_source, utm_medium…; an empty field removes its tag.' },
  needsUrl: { id: 'app.utm.needsUrl', defaultMessage: 'Enter a complete http(s) destination URL first: the tags go into its query.' },
  template: { id: 'app.utm.template', defaultMessage: 'Template' },
  choose: { id: 'app.utm.template.placeholder', defaultMessage: 'Choose a template' },
  none: { id: 'app.utm.template.none', defaultMessage: 'No templates yet' },
  apply: { id: 'app.utm.template.apply', defaultMessage: 'Apply template' },
  delete: { id: 'app.utm.template.delete', defaultMessage: 'Delete template' },
  name: { id: 'app.utm.template.name', defaultMessage: 'Template name' },
  namePlaceholder: { id: 'app.utm.template.name.placeholder', defaultMessage: 'e.g. Newsletter' },
  saveAs: { id: 'app.utm.template.save', defaultMessage: 'Save as template' },
}));

export function UtmBuilder({ form }: Pick<SectionProps, 'form'>) {
  const intl = useIntl();
  const t = (d: (typeof m)[keyof typeof m]) => intl.formatMessage(d);
  const instanceId = useInstances((s) => s.selectedId);
  const tags = readUtm(form.values.url);
  const anyTag = tags !== null && UTM_KEYS.some((k) => tags[k]);
  const [opened, setOpened] = useState(anyTag);
  const [templates, setTemplates] = useState(() => loadTemplates(instanceId));
  const [chosen, setChosen] = useState<string | null>(null);
  const [name, setName] = useState('');
  const panel = useId();

  const write = (fields: Partial<UtmFields>) => {
    const next = writeUtm(form.values.url, fields);
    if (next !== null) form.setFieldValue('url', next);
  };
  const keep = (list: UtmTemplate[]) => {
    setTemplates(list);
    if (!storeTemplates(instanceId, list)) notify({ color: 'red', message: t(m.notKept) });
  };
  const save = () => {
    const n = name.trim();
    if (!tags || !anyTag || !n) return;
    keep(withTemplate(templates, { name: n, fields: tags }));
    setChosen(n);
    setName('');
    notify({ color: 'teal', message: intl.formatMessage(m.saved, { name: n }) });
  };
  const template = templates.find((t) => t.name === chosen) ?? null;

  return (
    <Paper withBorder p="xs" radius="sm">
      <Button variant="subtle" fullWidth justify="space-between" aria-expanded={opened} aria-controls={panel}
        onClick={() => setOpened((o) => !o)}
        rightSection={<IconChevronDown style={{ transform: opened ? 'rotate(180deg)' : undefined }} />}>
        {t(m.toggle)}
      </Button>
      <Collapse expanded={opened} id={panel} keepMounted={false}>
        <Text size="sm" c="dimmed" mt="xs">
          {t(tags ? m.help : m.needsUrl)}
        </Text>
        <SimpleGrid cols={2} mt="xs" spacing="sm" verticalSpacing="xs">
          {UTM_KEYS.map((key) => (
            <TextInput key={key} label={intl.formatMessage(FIELDS[key])} placeholder={PLACEHOLDERS[key]} disabled={!tags}
              value={tags?.[key] ?? ''} onChange={(e) => write({ [key]: e.currentTarget.value })} />
          ))}
        </SimpleGrid>
        <Group mt="md" align="flex-end" gap="xs">
          <Select label={t(m.template)} placeholder={t(templates.length ? m.choose : m.none)} data={templates.map((t) => t.name)}
            value={chosen} onChange={setChosen} disabled={!templates.length} style={{ flex: 1 }} />
          <Button variant="default" disabled={!template || !tags} onClick={() => template && write(template.fields)}>{t(m.apply)}</Button>
          <Button variant="default" color="red" disabled={!template}
            onClick={() => { keep(templates.filter((x) => x !== template)); setChosen(null); }}>{t(m.delete)}</Button>
        </Group>
        <Group mt="xs" align="flex-end" gap="xs">
          <TextInput label={t(m.name)} placeholder={t(m.namePlaceholder)} maxLength={TEMPLATE_NAME_MAX} value={name} style={{ flex: 1 }}
            onChange={(e) => setName(e.currentTarget.value)}
            // Enter here saves the template, not the whole link.
            onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); save(); } }} />
          <Button variant="default" disabled={!anyTag || !name.trim()} onClick={save}>{t(m.saveAs)}</Button>
        </Group>
      </Collapse>
    </Paper>
  );
}
