// Campaign tags (utm_*) in the destination URL's query. The URL field is the
// only state: these inputs show what it says and write into it, so typing in
// either one updates the other and the link saves exactly the URL shown.
import { Button, Collapse, Group, Paper, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useId, useState } from 'react';
import { IconChevronDown } from '../../../components/Icons/Icons.tsx';
import { notify } from '../../../notify.ts';
import { useInstances } from '../../../state/instances-store.ts';
import type { SectionProps } from './form-context.ts';
import { TEMPLATE_NAME_MAX, loadTemplates, storeTemplates, withTemplate, type UtmTemplate } from './utm-templates.ts';
import { UTM_KEYS, readUtm, writeUtm, type UtmFields, type UtmKey } from './utm.ts';

const FIELDS: Record<UtmKey, { label: string; placeholder: string }> = {
  source: { label: 'Campaign source', placeholder: 'newsletter' },
  medium: { label: 'Campaign medium', placeholder: 'email' },
  campaign: { label: 'Campaign name', placeholder: 'spring_sale' },
  term: { label: 'Campaign term', placeholder: 'running shoes' },
  content: { label: 'Campaign content', placeholder: 'header_button' },
};

export function UtmBuilder({ form }: Pick<SectionProps, 'form'>) {
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
    if (!storeTemplates(instanceId, list)) notify({ color: 'red', message: 'The templates could not be kept on this computer.' });
  };
  const save = () => {
    const n = name.trim();
    if (!tags || !anyTag || !n) return;
    keep(withTemplate(templates, { name: n, fields: tags }));
    setChosen(n);
    setName('');
    notify({ color: 'teal', message: `Template “${n}” saved` });
  };
  const template = templates.find((t) => t.name === chosen) ?? null;

  return (
    <Paper withBorder p="xs" radius="sm">
      <Button variant="subtle" fullWidth justify="space-between" aria-expanded={opened} aria-controls={panel}
        onClick={() => setOpened((o) => !o)}
        rightSection={<IconChevronDown style={{ transform: opened ? 'rotate(180deg)' : undefined }} />}>
        Campaign tags (UTM)
      </Button>
      <Collapse expanded={opened} id={panel} keepMounted={false}>
        <Text size="sm" c="dimmed" mt="xs">
          {tags ? 'Added to the destination URL as utm_source, utm_medium…; an empty field removes its tag.'
            : 'Enter a complete http(s) destination URL first: the tags go into its query.'}
        </Text>
        <SimpleGrid cols={2} mt="xs" spacing="sm" verticalSpacing="xs">
          {UTM_KEYS.map((key) => (
            <TextInput key={key} label={FIELDS[key].label} placeholder={FIELDS[key].placeholder} disabled={!tags}
              value={tags?.[key] ?? ''} onChange={(e) => write({ [key]: e.currentTarget.value })} />
          ))}
        </SimpleGrid>
        <Group mt="md" align="flex-end" gap="xs">
          <Select label="Template" placeholder={templates.length ? 'Choose a template' : 'No templates yet'} data={templates.map((t) => t.name)}
            value={chosen} onChange={setChosen} disabled={!templates.length} style={{ flex: 1 }} />
          <Button variant="default" disabled={!template || !tags} onClick={() => template && write(template.fields)}>Apply template</Button>
          <Button variant="default" color="red" disabled={!template}
            onClick={() => { keep(templates.filter((t) => t !== template)); setChosen(null); }}>Delete template</Button>
        </Group>
        <Group mt="xs" align="flex-end" gap="xs">
          <TextInput label="Template name" placeholder="e.g. Newsletter" maxLength={TEMPLATE_NAME_MAX} value={name} style={{ flex: 1 }}
            onChange={(e) => setName(e.currentTarget.value)}
            // Enter here saves the template, not the whole link.
            onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); save(); } }} />
          <Button variant="default" disabled={!anyTag || !name.trim()} onClick={save}>Save as template</Button>
        </Group>
      </Collapse>
    </Paper>
  );
}
