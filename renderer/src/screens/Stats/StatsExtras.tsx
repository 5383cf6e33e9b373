// The comparison under a range's total, and the CSV export of the range.
import { Button, Text } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { StatsQuery } from '../../../../shared/schemas/stats.ts';
import { call, toIpcError } from '../../api/api.ts';
import { saveFile } from '../../api/save-file.ts';
import { IconDownload } from '../../components/Icons/Icons.tsx';
import { notify } from '../../notify.ts';
import { changeText } from './previous-period.ts';

/** "+12% on the previous 30 days", under a range's total. */
export function RangeChange({ current, previous }: { current: number; previous: { total: number; from: string; to: string } | null | undefined }) {
  const intl = useIntl();
  if (!previous) return null;
  const c = changeText(current, previous.total, previous.from, previous.to, intl);
  // The sign says the direction; a tinted colour on the card's background would fall below the contrast text needs.
  return <Text size="sm" fw={600} data-testid="range-change" data-trend={c.trend}>{c.text}</Text>;
}

/** The server's CSV of the range (every dimension and the series), saved where the user chooses. */
export function ExportCsvButton({ id, query }: { id?: number; query: StatsQuery }) {
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const file = await call('stats.export', { ...query, ...(id === undefined ? {} : { id }) });
      saveFile(file);
    } catch (e) {
      notify({ color: 'red', title: intl.formatMessage({ id: 'app.stats.export.failed', defaultMessage: 'The export failed' }), message: toIpcError(e).message });
    } finally {
      setBusy(false);
    }
  };
  return <Button variant="default" leftSection={<IconDownload />} loading={busy} onClick={() => void run()}>
    {intl.formatMessage({ id: 'app.stats.export', defaultMessage: 'Export CSV' })}
  </Button>;
}
