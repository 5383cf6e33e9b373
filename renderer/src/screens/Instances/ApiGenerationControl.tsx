// The local server's phpShort API generation: how it reads a link request that
// says neither generation (is `password` the link's or the statistics'?).
// Changing it restarts the server, as a new port does.
import { Input, SegmentedControl } from '@mantine/core';
import { useId, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { API_GENERATIONS, type ApiGeneration } from '../../../../shared/api-generation.ts';

const isGeneration = (v: string): v is ApiGeneration => (API_GENERATIONS as readonly string[]).includes(v);

export function ApiGenerationControl({ value, disabled, onChange }: {
  value: ApiGeneration | undefined; disabled: boolean; onChange: (g: ApiGeneration) => void;
}) {
  const id = useId();
  const intl = useIntl();
  const choices = useMemo(() => API_GENERATIONS.map((g) => ({
    value: g,
    label: intl.formatMessage({
      id: 'app.server.generation.choice',
      defaultMessage: '{generation, select, seed {Seed (password = link password)} other {Current (password = statistics password)}}',
      description: '"password" is the API field\'s name: keep it',
    }, { generation: g }),
  })), [intl]);
  return (
    <Input.Wrapper labelElement="div" mt="xs" label={intl.formatMessage({ id: 'app.server.generation.label', defaultMessage: 'phpShort API generation for ambiguous requests' })}
      labelProps={{ id: `${id}-label` }} descriptionProps={{ id: `${id}-description` }}
      description={intl.formatMessage({
        id: 'app.server.generation.hint',
        defaultMessage: 'How the local server reads a link request whose only password field is password; changing it restarts the server.',
        description: 'the second "password" is the API field\'s name: keep it',
      })}>
      <SegmentedControl mt={6} aria-labelledby={`${id}-label`} aria-describedby={`${id}-description`} data={choices} value={value ?? ''}
        disabled={disabled || value === undefined} onChange={(v) => { if (isGeneration(v) && v !== value) onChange(v); }} />
    </Input.Wrapper>
  );
}
