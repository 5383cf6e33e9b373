import { Badge, Code } from '@mantine/core';
import { defineMessage, useIntl } from 'react-intl';
import type { Pixel } from '../../../../shared/api-types.ts';
import { PIXEL_SORT_BY } from '../../../../shared/constants.ts';
import { api } from '../../api/api.ts';
import { CrudTable } from '../../components/SimpleCrudScreen/CrudTable.tsx';
import { SimpleCrudScreen } from '../../components/SimpleCrudScreen/SimpleCrudScreen.tsx';
import { PAGING, type Spec } from '../../state/list-params.ts';
import { PixelModal } from './PixelModal.tsx';
import { PIXEL_TYPE_LABELS } from './pixel-types.ts';

const SPEC = { ...PAGING, sort_by: { default: 'id', allowed: PIXEL_SORT_BY } } satisfies Spec<string>;

const LINKS_LABEL = defineMessage({
  id: 'app.pixels.linksButton', defaultMessage: '{count, plural, one {# link} other {# links}} with {name}: show them',
  description: 'Screen-reader label of the button that lists the links using a pixel',
});

export default function PixelsScreen() {
  const intl = useIntl();
  return (
    <SimpleCrudScreen<Pixel> title={intl.formatMessage({ id: 'app.pixels.title', defaultMessage: 'Pixels' })}
      description={intl.formatMessage({ id: 'app.pixels.description', defaultMessage: 'Tracking pixels that fire before a link forwards.' })} nouns="pixels"
      spec={SPEC} resource={api.pixels}
      emptyHint={intl.formatMessage({ id: 'app.pixels.emptyHint', defaultMessage: 'A pixel attached to a link fires on each visit, then the visitor is forwarded.' })}
      deleteNote={intl.formatMessage({ id: 'app.pixels.deleteNote', defaultMessage: 'Links that use it stay, without this pixel.' })}
      table={(p) => (
        <CrudTable {...p} testId="pixels-table" links={{ param: 'pixel_id', label: LINKS_LABEL }} columns={[
          { label: intl.formatMessage({ id: 'app.pixels.column.type', defaultMessage: 'Type' }), cell: (s) => <Badge variant="light" color="gray">{PIXEL_TYPE_LABELS[s.type]}</Badge> },
          { label: intl.formatMessage({ id: 'app.pixels.column.pixelId', defaultMessage: 'Pixel ID' }), cell: (s) => <Code>{s.pixel_id}</Code> },
        ]} />
      )}
      dialog={(d) => <PixelModal pixel={d.subject} onClose={d.onClose} onSaved={d.onSaved} />} />
  );
}
