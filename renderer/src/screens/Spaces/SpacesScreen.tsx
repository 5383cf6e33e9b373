import { ColorSwatch, Group, Text } from '@mantine/core';
import { defineMessage, useIntl } from 'react-intl';
import type { Space } from '../../../../shared/api-types.ts';
import { SPACE_SORT_BY } from '../../../../shared/constants.ts';
import { api } from '../../api/api.ts';
import { CrudTable } from '../../components/SimpleCrudScreen/CrudTable.tsx';
import { SimpleCrudScreen } from '../../components/SimpleCrudScreen/SimpleCrudScreen.tsx';
import { PAGING, type Spec } from '../../state/list-params.ts';
import { SpaceModal } from './SpaceModal.tsx';

const SPEC = { ...PAGING, sort_by: { default: 'id', allowed: SPACE_SORT_BY } } satisfies Spec<string>;

const LINKS_LABEL = defineMessage({
  id: 'app.spaces.linksButton', defaultMessage: '{count, plural, one {# link} other {# links}} in {name}: show them',
  description: 'Screen-reader label of the button that lists the links in a space',
});

export default function SpacesScreen() {
  const intl = useIntl();
  return (
    <SimpleCrudScreen<Space> title={intl.formatMessage({ id: 'app.spaces.title', defaultMessage: 'Spaces' })}
      description={intl.formatMessage({ id: 'app.spaces.description', defaultMessage: 'Group links into spaces, each with a color.' })} nouns="spaces"
      spec={SPEC} resource={api.spaces}
      emptyHint={intl.formatMessage({ id: 'app.spaces.emptyHint', defaultMessage: 'Spaces keep related links together.' })}
      deleteNote={intl.formatMessage({ id: 'app.spaces.deleteNote', defaultMessage: 'Its links stay, without a space.' })}
      table={(p) => (
        <CrudTable {...p} testId="spaces-table" links={{ param: 'space_id', label: LINKS_LABEL }} nameCell={(s) => (
          <Group gap="xs" wrap="nowrap"><ColorSwatch color={s.color} size={14} aria-hidden /><Text size="sm" fw={600}>{s.name}</Text></Group>
        )} />
      )}
      dialog={(d) => <SpaceModal space={d.subject} onClose={d.onClose} onSaved={d.onSaved} />} />
  );
}
