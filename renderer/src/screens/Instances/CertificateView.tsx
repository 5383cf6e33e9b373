// One certificate as a person checks it: who it is for, who signed it, when it
// is valid, and its SHA-256 fingerprint to compare with what an administrator
// gives them.
import { Badge, Code, Group, Paper, Stack, Text } from '@mantine/core';
import type { CertificateInfo } from '../../../../shared/contract.ts';
import { formatDateTime } from '../../format.ts';

export function CertificateView({ cert, label }: { cert: CertificateInfo; label?: string }) {
  const expired = Date.parse(cert.validTo) < Date.now();
  return (
    <Paper withBorder p="sm" data-testid="certificate" data-fingerprint={cert.fingerprint256}>
      <Stack gap={4}>
        <Group gap="xs">
          {label ? <Text size="xs" c="dimmed" tt="uppercase" fw={700}>{label}</Text> : null}
          {cert.isCa ? <Badge size="xs" variant="light">Certificate authority</Badge> : null}
          {expired ? <Badge size="xs" color="red" variant="light">Expired</Badge> : null}
        </Group>
        <Text size="sm"><Text span fw={600}>Subject:</Text> {cert.subject || '(none)'}</Text>
        <Text size="sm"><Text span fw={600}>Issuer:</Text> {cert.selfSigned ? 'itself (self-signed)' : cert.issuer}</Text>
        <Text size="sm"><Text span fw={600}>Valid:</Text> {formatDateTime(cert.validFrom)} – {formatDateTime(cert.validTo)}</Text>
        <Text size="sm" fw={600}>SHA-256 fingerprint</Text>
        <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} data-testid="fingerprint">{cert.fingerprint256}</Code>
      </Stack>
    </Paper>
  );
}
