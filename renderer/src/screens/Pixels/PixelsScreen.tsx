import { Badge, Code } from '@mantine/core';
import type { Pixel } from '../../../../shared/api-types.ts';
import { PIXEL_SORT_BY } from '../../../../shared/constants.ts';
import { api } from '../../api/api.ts';
import { CrudTable } from '../../components/SimpleCrudScreen/CrudTable.tsx';
import { SimpleCrudScreen } from '../../components/SimpleCrudScreen/SimpleCrudScreen.tsx';
import { PAGING, type Spec } from '../../state/list-params.ts';
import { PixelModal } from './PixelModal.tsx';
import { PIXEL_TYPE_LABELS } from './pixel-types.ts';

const SPEC = { ...PAGING, sort_by: { default: 'id', allowed: PIXEL_SORT_BY } } satisfies Spec<string>;

export default function PixelsScreen() {
  return (
    <SimpleCrudScreen<Pixel> title="Pixels" description="Tracking pixels that fire before a link forwards." noun="pixel" nouns="pixels"
      spec={SPEC} resource={api.pixels}
      emptyHint="A pixel attached to a link fires on each visit, then the visitor is forwarded."
      deleteNote="Links that use it stay, without this pixel."
      table={(p) => (
        <CrudTable {...p} testId="pixels-table" links={{ param: 'pixel_id', relation: 'with' }} columns={[
          { label: 'Type', cell: (s) => <Badge variant="light" color="gray">{PIXEL_TYPE_LABELS[s.type]}</Badge> },
          { label: 'Pixel ID', cell: (s) => <Code>{s.pixel_id}</Code> },
        ]} />
      )}
      dialog={(d) => <PixelModal pixel={d.subject} onClose={d.onClose} onSaved={d.onSaved} />} />
  );
}
