import type { Domain } from '../../../../shared/api-types.ts';
import { DOMAIN_SORT_BY } from '../../../../shared/constants.ts';
import { api } from '../../api/api.ts';
import { SimpleCrudScreen } from '../../components/SimpleCrudScreen/SimpleCrudScreen.tsx';
import { PAGING, type Spec } from '../../state/list-params.ts';
import { DomainModal } from './DomainModal.tsx';
import { DomainsTable } from './DomainsTable.tsx';

const SPEC = { ...PAGING, sort_by: { default: 'id', allowed: DOMAIN_SORT_BY } } satisfies Spec<string>;

export default function DomainsScreen() {
  return (
    <SimpleCrudScreen<Domain> title="Domains" description="Short domains and where their bare and unknown addresses go." noun="domain" nouns="domains"
      spec={SPEC} resource={api.domains}
      emptyHint="Add a domain to give links a short host of your own." searchHint="Try another name, or clear the search."
      deleteNote="A domain that still has links cannot be deleted."
      table={(p) => <DomainsTable {...p} />}
      dialog={(d) => <DomainModal domain={d.subject} onClose={d.onClose} onSaved={d.onSaved} />} />
  );
}
