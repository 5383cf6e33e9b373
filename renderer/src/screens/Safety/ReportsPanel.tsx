// The reports queue: links visitors reported, the most recently reported
// first, one card a link with its owner, destination, clicks and newest
// reports. Dismiss, ban the link or ban its host, each in one step. The
// destination is shown as text, never as a link: it may be the phishing page.
import { Badge, Box, Button, Group, LoadingOverlay, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { toIpcError } from '../../api/api.ts';
import { invalidateSafety, safetyApi, SAFETY_RESOURCES } from '../../api/safety.ts';
import { REPORT_FILTERS, REPORT_REASON_WORDS, type ReportFilter, type ReportGroup } from '../../api/safety-types.ts';
import { useInstanceQuery } from '../../api/use-instance-query.ts';
import { ErrorState, LoadingState, NotOffered, NothingHere } from '../../components/DataStates/DataStates.tsx';
import { ListFooter } from '../../components/ListFooter/ListFooter.tsx';
import { useDialog } from '../../components/use-dialog.ts';
import { fmt } from '../../format.ts';
import { notify } from '../../notify.ts';
import { useInstances } from '../../state/instances-store.ts';
import { PAGING, useListParams } from '../../state/list-params.ts';
import { BanDialog } from './BanDialog.tsx';
import { hostOfUrl, TAB_PARAM } from './safety-words.ts';

const SPEC = { tab: TAB_PARAM, status: { default: 'open', allowed: REPORT_FILTERS }, per_page: PAGING.per_page, page: PAGING.page };
const FILTER_WORDS: Record<ReportFilter, string> = { open: 'Open', dismissed: 'Dismissed', actioned: 'Acted on (banned)', all: 'All' };
const STATUS_COLOR = { open: 'orange', dismissed: 'gray', actioned: 'red' } as const;
const STATUS_WORDS = { open: 'Open', dismissed: 'Dismissed', actioned: 'Acted on' } as const;
const REPORT = { one: 'report', other: 'reports' };

type Action = { kind: 'link' | 'host'; group: ReportGroup };

export function ReportsPanel() {
  const { values, query, update } = useListParams(SPEC);
  const instanceId = useInstances((s) => s.selectedId);
  const list = useInstanceQuery(SAFETY_RESOURCES.reports, query, () => safetyApi.reports(query));
  const acting = useDialog<Action>();
  const [dismissing, setDismissing] = useState<number | null>(null);
  const rows = list.data?.data ?? [];
  const status = values.status as ReportFilter;

  if (list.error?.kind === 'unsupported') return <NotOffered message={list.error.message} />;

  const dismiss = async (g: ReportGroup) => {
    setDismissing(g.link.id);
    try {
      const done = await safetyApi.dismissLink(g.link.id);
      notify({ color: 'teal', message: `Dismissed ${fmt.plural(done.dismissed.length, REPORT)} of ${g.link.alias}.` });
      await invalidateSafety(instanceId);
      document.querySelector<HTMLElement>('#main-content h1')?.focus();
    } catch (e) {
      notify({ color: 'red', title: 'Reports not dismissed', message: toIpcError(e).message });
    } finally {
      setDismissing(null);
    }
  };

  // A ban answers the link's open reports (the server marks them acted on): they leave the queue on the refetch.
  const banned = () => void invalidateSafety(instanceId);

  const subject = acting.last;
  return (
    <Stack gap="md">
      <Group align="flex-end" gap="xs">
        <Select label="Status" w={220} allowDeselect={false} value={status}
          data={REPORT_FILTERS.map((f) => ({ value: f, label: FILTER_WORDS[f] }))} onChange={(v) => v && update({ status: v })} />
      </Group>
      {list.error ? <ErrorState error={list.error} onRetry={list.reload} kept={list.data !== undefined} /> : null}
      {!list.data && list.loading ? <LoadingState label="Loading reports…" /> : null}
      {list.data ? (
        <Box pos="relative" aria-busy={list.loading}>
          <LoadingOverlay visible={list.loading && list.stale && !list.error} zIndex={5} overlayProps={{ blur: 1 }} />
          {rows.length ? (
            <Stack gap="sm" data-testid="report-groups">
              {rows.map((g) => {
                const open = status === 'open' || g.reports.some((r) => r.status === 'open');
                const headingId = `report-group-${g.link.id}`;
                return (
                  <Paper key={g.link.id} withBorder p="md" radius="md" component="article" aria-labelledby={headingId}
                    data-testid="report-group" data-alias={g.link.alias}>
                    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
                      <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
                        <Title order={3} size="h5" id={headingId} style={{ overflowWrap: 'anywhere' }}>{g.link.short_url || `/${g.link.alias}`}</Title>
                        <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="report-destination">
                          <Text span c="dimmed" size="sm">Destination: </Text>{g.link.url}
                        </Text>
                        <Text size="sm" c="dimmed">
                          Owner {g.link.owner.name ?? `user ${g.link.owner.id}`} · {fmt.plural(g.link.clicks, { one: 'click', other: 'clicks' })} ·{' '}
                          {fmt.plural(g.report_count, REPORT)} from {fmt.plural(g.reporters, { one: 'address', other: 'addresses' })} · latest {fmt.dateTime(g.latest_at)}
                        </Text>
                      </Stack>
                      {open ? (
                        <Group gap="xs" wrap="nowrap">
                          <Button variant="default" size="xs" loading={dismissing === g.link.id} onClick={() => void dismiss(g)}
                            aria-label={`Dismiss the reports of ${g.link.alias}`}>Dismiss</Button>
                          <Button color="red" size="xs" onClick={() => acting.open({ kind: 'link', group: g })}
                            aria-label={`Ban the link ${g.link.alias}`}>Ban link</Button>
                          <Button color="red" variant="light" size="xs" onClick={() => acting.open({ kind: 'host', group: g })}
                            aria-label={`Ban the host of ${g.link.alias}`}>Ban host</Button>
                        </Group>
                      ) : null}
                    </Group>
                    <Stack gap={6} mt="sm" component="ul" style={{ listStyle: 'none', paddingLeft: 0, margin: 0 }} aria-label={`Reports of ${g.link.alias}`}>
                      {g.reports.map((r) => (
                        <Group key={r.id} component="li" gap="xs" align="flex-start" wrap="nowrap" data-testid="report">
                          <Badge variant="light" color="red" w={92} style={{ flexShrink: 0 }}>{REPORT_REASON_WORDS[r.reason] ?? r.reason}</Badge>
                          {status !== 'open' ? <Badge variant="outline" color={STATUS_COLOR[r.status]} style={{ flexShrink: 0 }}>{STATUS_WORDS[r.status]}</Badge> : null}
                          <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap', flex: 1 }} data-testid="report-details"
                            c={r.details ? undefined : 'dimmed'}>{r.details || 'No text.'}</Text>
                          <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>{fmt.dateTime(r.created_at)}</Text>
                        </Group>
                      ))}
                    </Stack>
                    {g.report_count > g.reports.length ? (
                      <Text size="xs" c="dimmed" mt={6}>The newest {g.reports.length} of {fmt.plural(g.report_count, REPORT)}.</Text>
                    ) : null}
                  </Paper>
                );
              })}
            </Stack>
          ) : (
            <NothingHere title={status === 'open' ? 'No open reports' : 'No reports here'}
              description={status === 'open'
                ? 'When a visitor reports a link with the form on its pages, the link appears here with what they wrote.'
                : 'No report has this status.'} />
          )}
          <ListFooter meta={list.data.meta} noun="reported links" perPage={Number(values.per_page)}
            onPerPage={(v) => update({ per_page: String(v) })} onPage={(p) => update({ page: String(p) })} />
        </Box>
      ) : null}
      {acting.subject && subject ? (
        subject.kind === 'link' ? (
          <BanDialog opened title={`Ban ${subject.group.link.alias}`} confirmLabel="Ban link" refusedTitle="Not banned"
            reasonHint="Its owner sees this reason; visitors never do."
            question={<>Ban <strong>{subject.group.link.short_url || subject.group.link.alias}</strong>? It stops redirecting at once, for every visitor, until an admin lifts the ban.</>}
            onConfirm={async ({ reason, legal }) => {
              await safetyApi.banLink(subject.group.link.id, reason, legal);
              notify({ color: 'teal', title: 'Link banned', message: `${subject.group.link.alias} no longer redirects.` });
              banned();
            }}
            onClose={(done) => acting.close(done === true)} />
        ) : (
          <BanDialog opened title="Ban a host" confirmLabel="Ban host" refusedTitle="Host not banned" host={hostOfUrl(subject.group.link.url)}
            reasonHint="Each banned link's owner sees this reason."
            question={<>Ban every link of every user that sends visitors to this host or a subdomain, and refuse new ones?</>}
            onConfirm={async ({ reason, legal, host }) => {
              const done = await safetyApi.banHost(host, reason, legal);
              notify({ color: 'teal', title: `Host ${done.host} banned`, message: `${fmt.plural(done.links_banned, { one: 'link', other: 'links' })} banned.` });
              banned();
            }}
            onClose={(done) => acting.close(done === true)} />
        )
      ) : null}
    </Stack>
  );
}
