// A statistics card: its title, a "PNG" button that saves its chart as an
// image, and the chart. The chart is the first <svg> inside [data-png].
import { ActionIcon, Card, Group, Title, Tooltip } from '@mantine/core';
import { useRef, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { saveFile } from '../../api/save-file.ts';
import { IconDownload } from '../../components/Icons/Icons.tsx';
import { notify } from '../../notify.ts';
import { svgToPng } from './chart-png.ts';

export function ChartCard({ testId, title, png, aside, children }: {
  testId: string;
  title: string;
  /** File name without extension; none: nothing to save as an image. */
  png?: string;
  aside?: ReactNode;
  children: ReactNode;
}) {
  const intl = useIntl();
  const card = useRef<HTMLDivElement>(null);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const svg = card.current?.querySelector<SVGSVGElement>('[data-png] svg, svg[data-png]');
    if (!svg || !png) return;
    setBusy(true);
    try {
      const blob = await svgToPng(svg, getComputedStyle(card.current!).backgroundColor);
      saveFile({ name: `${png}.png`, mime: 'image/png', content: blob });
    } catch (e) {
      notify({ color: 'red', title: intl.formatMessage({ id: 'app.stats.png.failed', defaultMessage: 'The image was not saved' }), message: e instanceof Error ? e.message : String(e) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card withBorder ref={card} data-testid={`card-${testId}`}>
      <Group justify="space-between" align="flex-start" mb="sm" wrap="nowrap">
        <Title order={2} size="h4">{title}</Title>
        <Group gap="xs" wrap="nowrap">
          {aside}
          {png ? (
            <Tooltip label={intl.formatMessage({ id: 'app.stats.png.tooltip', defaultMessage: 'Save “{title}” as PNG' }, { title })}>
              <ActionIcon variant="default" aria-label={intl.formatMessage({ id: 'app.stats.png.label', defaultMessage: 'Save {title} as PNG' }, { title })} loading={busy} onClick={() => void save()}>
                <IconDownload />
              </ActionIcon>
            </Tooltip>
          ) : null}
        </Group>
      </Group>
      {children}
    </Card>
  );
}
