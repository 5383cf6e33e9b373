// Ban a link, ban a host, or lift a ban: each asks for a reason (the owner
// reads it; the audit log keeps it), and the two bans for whether it is a
// legal block (visitors then get HTTP 451 instead of 403). A refusal stays
// in the dialog, in the server's words.
import { Checkbox, Stack, TextInput, Textarea } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { ConfirmDelete } from '../../components/ConfirmDelete/ConfirmDelete.tsx';

export const REASON_MAX = 500;

export interface BanChoice { reason: string; legal: boolean; host: string }

export function BanDialog({ opened, title, question, confirmLabel, refusedTitle, reasonHint, withLegal = true, host, onConfirm, onClose }: {
  opened: boolean;
  title: string;
  question: ReactNode;
  confirmLabel: string;
  refusedTitle: string;
  reasonHint: string;
  withLegal?: boolean;
  /** Ban a host: the host field, filled with this. */
  host?: string;
  onConfirm(choice: BanChoice): Promise<void>;
  onClose(done?: boolean): void;
}) {
  const intl = useIntl();
  const [reason, setReason] = useState('');
  const [legal, setLegal] = useState(false);
  const [hostValue, setHostValue] = useState(host ?? '');
  const ready = reason.trim() !== '' && (host === undefined || hostValue.trim() !== '');
  return (
    <ConfirmDelete opened={opened} title={title} confirmLabel={confirmLabel} refusedTitle={refusedTitle} confirmDisabled={!ready}
      onClose={onClose} onConfirm={() => onConfirm({ reason: reason.trim(), legal, host: hostValue.trim() })}
      details={(
        <Stack gap="sm">
          {host !== undefined ? (
            <TextInput label={intl.formatMessage({ id: 'app.safety.ban.host', defaultMessage: 'Host' })}
              description={intl.formatMessage({ id: 'app.safety.ban.hostHint', defaultMessage: 'The host and every subdomain, e.g. evil.example' })} required value={hostValue}
              onChange={(e) => setHostValue(e.currentTarget.value)} maxLength={2048} data-autofocus />
          ) : null}
          <Textarea label={intl.formatMessage({ id: 'app.safety.ban.reason', defaultMessage: 'Reason' })} description={reasonHint} required autosize minRows={2} maxRows={6} maxLength={REASON_MAX}
            value={reason} onChange={(e) => setReason(e.currentTarget.value)} data-autofocus={host === undefined ? true : undefined} />
          {withLegal ? (
            <Checkbox label={intl.formatMessage({ id: 'app.safety.ban.legal', defaultMessage: 'A legal block: visitors get HTTP 451 (Unavailable For Legal Reasons) instead of 403' })} checked={legal}
              onChange={(e) => setLegal(e.currentTarget.checked)} />
          ) : null}
        </Stack>
      )}>
      {question}
    </ConfirmDelete>
  );
}
