// The local server's phpShort API generation: how it reads a link request that
// says neither generation (is `password` the link's or the statistics'?).
// Changing it restarts the server, as a new port does.
import { Input, SegmentedControl } from '@mantine/core';
import { useId } from 'react';
import { API_GENERATIONS, PASSWORD_MEANS, type ApiGeneration } from '../../../../shared/api-generation.ts';

const NAMES: Record<ApiGeneration, string> = { seed: 'Seed', current: 'Current' };
export const GENERATION_CHOICES = API_GENERATIONS.map((g) => ({ value: g, label: `${NAMES[g]} (${PASSWORD_MEANS[g]})` }));
const isGeneration = (v: string): v is ApiGeneration => (API_GENERATIONS as readonly string[]).includes(v);

export function ApiGenerationControl({ value, disabled, onChange }: {
  value: ApiGeneration | undefined; disabled: boolean; onChange: (g: ApiGeneration) => void;
}) {
  const id = useId();
  return (
    <Input.Wrapper labelElement="div" mt="xs" label="phpShort API generation for ambiguous requests"
      labelProps={{ id: `${id}-label` }} descriptionProps={{ id: `${id}-description` }}
      description="How the local server reads a link request whose only password field is password; changing it restarts the server.">
      <SegmentedControl mt={6} aria-labelledby={`${id}-label`} aria-describedby={`${id}-description`} data={GENERATION_CHOICES} value={value ?? ''}
        disabled={disabled || value === undefined} onChange={(v) => { if (isGeneration(v) && v !== value) onChange(v); }} />
    </Input.Wrapper>
  );
}
