import { Alert } from '@mantine/core';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Domain } from '../../../../shared/api-types.ts';
import { DOMAIN_SORT_BY } from '../../../../shared/constants.ts';
import { api } from '../../api/api.ts';
import { SimpleCrudScreen } from '../../components/SimpleCrudScreen/SimpleCrudScreen.tsx';
import { useInstances } from '../../state/instances-store.ts';
import { PAGING, type Spec } from '../../state/list-params.ts';
import { DomainDnsDrawer } from './DomainDnsDrawer.tsx';
import { DomainModal } from './DomainModal.tsx';
import { DomainsTable } from './DomainsTable.tsx';

const SPEC = { ...PAGING, sort_by: { default: 'id', allowed: DOMAIN_SORT_BY } } satisfies Spec<string>;

export default function DomainsScreen() {
  const intl = useIntl();
  const instanceId = useInstances((s) => s.selectedId);
  // The desktop's own instance answers on this computer only: no public DNS to point, no certificate to get.
  const local = useInstances((s) => s.instances.find((i) => i.id === s.selectedId)?.kind === 'local');
  const [steps, setSteps] = useState<{ instanceId: string; domain: Domain } | null>(null);
  const hosted = !local && instanceId !== null;
  const open = (domain: Domain) => { if (hosted) setSteps({ instanceId, domain }); };

  return (
    <>
      <SimpleCrudScreen<Domain> title={intl.formatMessage({ id: 'app.domains.title', defaultMessage: 'Domains' })}
        description={intl.formatMessage({ id: 'app.domains.description', defaultMessage: 'Short domains and where their bare and unknown addresses go.' })} nouns="domains"
        spec={SPEC} resource={api.domains}
        emptyHint={intl.formatMessage({ id: 'app.domains.emptyHint', defaultMessage: 'Add a domain to give links a short host of your own.' })}
        searchHint={intl.formatMessage({ id: 'app.domains.searchHint', defaultMessage: 'Try another name, or clear the search.' })}
        deleteNote={intl.formatMessage({ id: 'app.domains.deleteNote', defaultMessage: 'A domain that still has links cannot be deleted.' })}
        notice={local ? (
          <Alert variant="light" color="blue" mb="md" data-testid="local-dns-note"
            title={intl.formatMessage({ id: 'app.domains.localNote.title', defaultMessage: 'DNS and HTTPS apply to hosted instances' })}>
            <FormattedMessage id="app.domains.localNote.body"
              defaultMessage="This computer's own instance answers only here, so its domains have no DNS to point and no certificate to get. On a hosted Linkdesk, this screen shows each domain's DNS records to create and its HTTPS certificate." />
          </Alert>
        ) : null}
        table={(p) => <DomainsTable {...p} dns={hosted ? { instanceId, onOpen: open } : null} />}
        dialog={(d) => (
          <DomainModal domain={d.subject} onClose={d.onClose}
            onSaved={(saved) => { d.onSaved(); if (d.subject === null) open(saved); }} />
        )} />
      {steps && steps.instanceId === instanceId ? <DomainDnsDrawer instanceId={steps.instanceId} domain={steps.domain} onClose={() => setSteps(null)} /> : null}
    </>
  );
}
