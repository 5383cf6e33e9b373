// One certificate as a person checks it: who it is for, who signed it, when it
// is valid, and its SHA-256 fingerprint to compare with what an administrator
// gives them.
import { Badge, Code, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { CertificateInfo } from '../../../../shared/contract.ts';
import { formatDateTime } from '../../format.ts';

export function CertificateView({ cert, label }: { cert: CertificateInfo; label?: string }) {
  const intl = useIntl();
  const expired = Date.parse(cert.validTo) < Date.now();
  const field = (c: ReactNode) => <Text span fw={600}>{c}</Text>;
  return (
    <Paper withBorder p="sm" data-testid="certificate" data-fingerprint={cert.fingerprint256}>
      <Stack gap={4}>
        <Group gap="xs">
          {label ? <Text size="xs" c="dimmed" tt="uppercase" fw={700}>{label}</Text> : null}
          {cert.isCa ? <Badge size="xs" variant="light"><FormattedMessage id="app.cert.ca" defaultMessage="Certificate authority" /></Badge> : null}
          {expired ? <Badge size="xs" color="red" variant="light"><FormattedMessage id="app.cert.expired" defaultMessage="Expired" /></Badge> : null}
        </Group>
        <Text size="sm">
          {cert.subject
            ? <FormattedMessage id="app.cert.subject" defaultMessage="<f>Subject:</f> {subject}" values={{ subject: cert.subject, f: field }} />
            : <FormattedMessage id="app.cert.noSubject" defaultMessage="<f>Subject:</f> (none)" values={{ f: field }} />}
        </Text>
        <Text size="sm">
          {cert.selfSigned
            ? <FormattedMessage id="app.cert.selfSigned" defaultMessage="<f>Issuer:</f> itself (self-signed)" values={{ f: field }} />
            : <FormattedMessage id="app.cert.issuer" defaultMessage="<f>Issuer:</f> {issuer}" values={{ issuer: cert.issuer, f: field }} />}
        </Text>
        <Text size="sm">
          <FormattedMessage id="app.cert.valid" defaultMessage="<f>Valid:</f> {from} – {to}"
            values={{ from: formatDateTime(cert.validFrom), to: formatDateTime(cert.validTo), f: field }} />
        </Text>
        <Text size="sm" fw={600}>{intl.formatMessage({ id: 'app.cert.fingerprint', defaultMessage: 'SHA-256 fingerprint' })}</Text>
        <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} data-testid="fingerprint">{cert.fingerprint256}</Code>
      </Stack>
    </Paper>
  );
}
