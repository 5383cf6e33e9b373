// The reports queue: links visitors reported, the most recently reported
// first, one card a link with its owner, destination, clicks and newest
// reports. Dismiss, ban the link or ban its host, each in one step. The
// destination is shown as text, never as a link: it may be the phishing page.
import { Badge, Box, Button, Group, LoadingOverlay, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { toIpcError } from '../../api/api.ts';
import { invalidateSafety, safetyApi, SAFETY_RESOURCES } from '../../api/safety.ts';
import { REPORT_FILTERS, REPORT_REASON_MESSAGES, type ReportFilter, type ReportGroup } from '../../api/safety-types.ts';
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
const FILTER_WORDS: Record<ReportFilter, MessageDescriptor> = defineMessages({
  open: { id: 'app.safety.reports.filter.open', defaultMessage: 'Open', description: 'Reports filter' },
  dismissed: { id: 'app.safety.reports.filter.dismissed', defaultMessage: 'Dismissed', description: 'Reports filter' },
  actioned: { id: 'app.safety.reports.filter.actioned', defaultMessage: 'Acted on (banned)', description: 'Reports filter' },
  all: { id: 'app.safety.reports.filter.all', defaultMessage: 'All', description: 'Reports filter' },
});
const STATUS_COLOR = { open: 'orange', dismissed: 'gray', actioned: 'red' } as const;
const STATUS_WORDS: Record<keyof typeof STATUS_COLOR, MessageDescriptor> = defineMessages({
  open: { id: 'app.safety.reports.status.open', defaultMessage: 'Open', description: 'A report\'s status' },
  dismissed: { id: 'app.safety.reports.status.dismissed', defaultMessage: 'Dismissed', description: 'A report\'s status' },
  actioned: { id: 'app.safety.reports.status.actioned', defaultMessage: 'Acted on', description: 'A report\'s status' },
});

type Action = { kind: 'link' | 'host'; group: ReportGroup };

export function ReportsPanel() {
  const intl = useIntl();
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
      notify({
        color: 'teal',
        message: intl.formatMessage({ id: 'app.safety.reports.dismissed', defaultMessage: 'Dismissed {count, plural, one {# report} other {# reports}} of {alias}.' },
          { count: done.dismissed.length, alias: g.link.alias }),
      });
      await invalidateSafety(instanceId);
      document.querySelector<HTMLElement>('#main-content h1')?.focus();
    } catch (e) {
      notify({ color: 'red', title: intl.formatMessage({ id: 'app.safety.reports.notDismissed', defaultMessage: 'Reports not dismissed' }), message: toIpcError(e).message });
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
        <Select label={intl.formatMessage({ id: 'app.safety.reports.status', defaultMessage: 'Status' })} w={220} allowDeselect={false} value={status}
          data={REPORT_FILTERS.map((f) => ({ value: f, label: intl.formatMessage(FILTER_WORDS[f]) }))} onChange={(v) => v && update({ status: v })} />
      </Group>
      {list.error ? <ErrorState error={list.error} onRetry={list.reload} kept={list.data !== undefined} /> : null}
      {!list.data && list.loading ? <LoadingState label={intl.formatMessage({ id: 'app.safety.reports.loading', defaultMessage: 'Loading reports…' })} /> : null}
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
                          <FormattedMessage id="app.safety.reports.destination" defaultMessage="<dim>Destination:</dim> {url}"
                            values={{ url: g.link.url, dim: (c) => <Text span c="dimmed" size="sm">{c}</Text> }} />
                        </Text>
                        <Text size="sm" c="dimmed">
                          {intl.formatMessage({
                            id: 'app.safety.reports.facts',
                            defaultMessage: 'Owner {owner} · {clicks, plural, one {# click} other {# clicks}} · {reports, plural, one {# report} other {# reports}} from {reporters, plural, one {# address} other {# addresses}} · latest {latest}',
                            description: 'A reported link\'s facts; reporters: distinct visitor addresses; latest: a date and time',
                          }, {
                            owner: g.link.owner.name ?? intl.formatMessage({ id: 'app.safety.reports.userId', defaultMessage: 'user {id}' }, { id: g.link.owner.id }),
                            clicks: g.link.clicks, reports: g.report_count, reporters: g.reporters, latest: fmt.dateTime(g.latest_at),
                          })}
                        </Text>
                      </Stack>
                      {open ? (
                        <Group gap="xs" wrap="nowrap">
                          <Button variant="default" size="xs" loading={dismissing === g.link.id} onClick={() => void dismiss(g)}
                            aria-label={intl.formatMessage({ id: 'app.safety.reports.dismissNamed', defaultMessage: 'Dismiss the reports of {alias}' }, { alias: g.link.alias })}>
                            {intl.formatMessage({ id: 'app.safety.reports.dismiss', defaultMessage: 'Dismiss' })}
                          </Button>
                          <Button color="red" size="xs" onClick={() => acting.open({ kind: 'link', group: g })}
                            aria-label={intl.formatMessage({ id: 'app.safety.reports.banLinkNamed', defaultMessage: 'Ban the link {alias}' }, { alias: g.link.alias })}>
                            {intl.formatMessage({ id: 'app.safety.linkBan.confirm', defaultMessage: 'Ban link' })}
                          </Button>
                          <Button color="red" variant="light" size="xs" onClick={() => acting.open({ kind: 'host', group: g })}
                            aria-label={intl.formatMessage({ id: 'app.safety.reports.banHostNamed', defaultMessage: 'Ban the host of {alias}' }, { alias: g.link.alias })}>
                            {intl.formatMessage({ id: 'app.safety.hostBan.confirm', defaultMessage: 'Ban host' })}
                          </Button>
                        </Group>
                      ) : null}
                    </Group>
                    <Stack gap={6} mt="sm" component="ul" style={{ listStyle: 'none', paddingLeft: 0, margin: 0 }} aria-label={intl.formatMessage({ id: 'app.safety.reports.listOf', defaultMessage: 'Reports of {alias}' }, { alias: g.link.alias })}>
                      {g.reports.map((r) => (
                        <Group key={r.id} component="li" gap="xs" align="flex-start" wrap="nowrap" data-testid="report">
                          <Badge variant="light" color="red" w={92} style={{ flexShrink: 0 }}>{REPORT_REASON_MESSAGES[r.reason] ? intl.formatMessage(REPORT_REASON_MESSAGES[r.reason]) : r.reason}</Badge>
                          {status !== 'open' ? <Badge variant="outline" color={STATUS_COLOR[r.status]} style={{ flexShrink: 0 }}>{intl.formatMessage(STATUS_WORDS[r.status])}</Badge> : null}
                          <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap', flex: 1 }} data-testid="report-details"
                            c={r.details ? undefined : 'dimmed'}>{r.details || intl.formatMessage({ id: 'app.safety.reports.noText', defaultMessage: 'No text.' })}</Text>
                          <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>{fmt.dateTime(r.created_at)}</Text>
                        </Group>
                      ))}
                    </Stack>
                    {g.report_count > g.reports.length ? (
                      <Text size="xs" c="dimmed" mt={6}>
                        {intl.formatMessage({ id: 'app.safety.reports.newest', defaultMessage: 'The newest {shown, number} of {count, plural, one {# report} other {# reports}}.' },
                          { shown: g.reports.length, count: g.report_count })}
                      </Text>
                    ) : null}
                  </Paper>
                );
              })}
            </Stack>
          ) : (
            <NothingHere title={status === 'open'
              ? intl.formatMessage({ id: 'app.safety.reports.noneOpen', defaultMessage: 'No open reports' })
              : intl.formatMessage({ id: 'app.safety.reports.none', defaultMessage: 'No reports here' })}
              description={status === 'open'
                ? intl.formatMessage({ id: 'app.safety.reports.noneOpenHint', defaultMessage: 'When a visitor reports a link with the form on its pages, the link appears here with what they wrote.' })
                : intl.formatMessage({ id: 'app.safety.reports.noneHint', defaultMessage: 'No report has this status.' })} />
          )}
          <ListFooter meta={list.data.meta} noun="reported links" perPage={Number(values.per_page)}
            onPerPage={(v) => update({ per_page: String(v) })} onPage={(p) => update({ page: String(p) })} />
        </Box>
      ) : null}
      {acting.subject && subject ? (
        subject.kind === 'link' ? (
          <BanDialog opened title={intl.formatMessage({ id: 'app.safety.linkBan.title', defaultMessage: 'Ban {alias}' }, { alias: subject.group.link.alias })}
            confirmLabel={intl.formatMessage({ id: 'app.safety.linkBan.confirm', defaultMessage: 'Ban link' })}
            refusedTitle={intl.formatMessage({ id: 'app.safety.linkBan.refused', defaultMessage: 'Not banned' })}
            reasonHint={intl.formatMessage({ id: 'app.safety.linkBan.reasonHint', defaultMessage: 'Its owner sees this reason; visitors never do.' })}
            question={<FormattedMessage id="app.safety.linkBan.question"
              defaultMessage="Ban <b>{link}</b>? It stops redirecting at once, for every visitor, until an admin lifts the ban."
              values={{ link: subject.group.link.short_url || subject.group.link.alias, b: (c) => <strong>{c}</strong> }} />}
            onConfirm={async ({ reason, legal }) => {
              await safetyApi.banLink(subject.group.link.id, reason, legal);
              notify({
                color: 'teal',
                title: intl.formatMessage({ id: 'app.safety.linkBan.doneTitle', defaultMessage: 'Link banned' }),
                message: intl.formatMessage({ id: 'app.safety.linkBan.done', defaultMessage: '{alias} no longer redirects.' }, { alias: subject.group.link.alias }),
              });
              banned();
            }}
            onClose={(done) => acting.close(done === true)} />
        ) : (
          <BanDialog opened host={hostOfUrl(subject.group.link.url)}
            title={intl.formatMessage({ id: 'app.safety.hostBan.title', defaultMessage: 'Ban a host' })}
            confirmLabel={intl.formatMessage({ id: 'app.safety.hostBan.confirm', defaultMessage: 'Ban host' })}
            refusedTitle={intl.formatMessage({ id: 'app.safety.hostBan.refused', defaultMessage: 'Host not banned' })}
            reasonHint={intl.formatMessage({ id: 'app.safety.hostBan.reasonHint', defaultMessage: 'Each banned link\'s owner sees this reason.' })}
            question={intl.formatMessage({ id: 'app.safety.hostBan.question', defaultMessage: 'Ban every link of every user that sends visitors to this host or a subdomain, and refuse new ones?' })}
            onConfirm={async ({ reason, legal, host }) => {
              const done = await safetyApi.banHost(host, reason, legal);
              notify({
                color: 'teal',
                title: intl.formatMessage({ id: 'app.safety.hostBan.doneTitle', defaultMessage: 'Host {host} banned' }, { host: done.host }),
                message: intl.formatMessage({ id: 'app.safety.hostBan.done', defaultMessage: '{count, plural, one {# link} other {# links}} banned.' }, { count: done.links_banned }),
              });
              banned();
            }}
            onClose={(done) => acting.close(done === true)} />
        )
      ) : null}
    </Stack>
  );
}
