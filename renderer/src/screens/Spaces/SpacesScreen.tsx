import { ColorSwatch, Group, Text } from '@mantine/core';
import type { Space } from '../../../../shared/api-types.ts';
import { SPACE_SORT_BY } from '../../../../shared/constants.ts';
import { api } from '../../api/api.ts';
import { CrudTable } from '../../components/SimpleCrudScreen/CrudTable.tsx';
import { SimpleCrudScreen } from '../../components/SimpleCrudScreen/SimpleCrudScreen.tsx';
import { PAGING, type Spec } from '../../state/list-params.ts';
import { SpaceModal } from './SpaceModal.tsx';

const SPEC = { ...PAGING, sort_by: { default: 'id', allowed: SPACE_SORT_BY } } satisfies Spec<string>;

export default function SpacesScreen() {
  return (
    <SimpleCrudScreen<Space> title="Spaces" description="Group links into spaces, each with a color." noun="space" nouns="spaces"
      spec={SPEC} resource={api.spaces}
      emptyHint="Spaces keep related links together." deleteNote="Its links stay, without a space."
      table={(p) => (
        <CrudTable {...p} testId="spaces-table" links={{ param: 'space_id', relation: 'in' }} nameCell={(s) => (
          <Group gap="xs" wrap="nowrap"><ColorSwatch color={s.color} size={14} aria-hidden /><Text size="sm" fw={600}>{s.name}</Text></Group>
        )} />
      )}
      dialog={(d) => <SpaceModal space={d.subject} onClose={d.onClose} onSaved={d.onSaved} />} />
  );
}
