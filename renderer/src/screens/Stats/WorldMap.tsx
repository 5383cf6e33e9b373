// Clicks per country on a world map, with the same numbers in a table beside
// it. Countries with clicks take focus and name themselves (a <title> is the
// tooltip under the pointer; the line above the map says it for the keyboard).
// The map is one tab stop: arrow keys move between those countries, busiest
// first, so a link seen in 150 countries does not cost 150 presses of Tab.
import { Grid, Text } from '@mantine/core';
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import world from 'world-atlas/countries-110m.json';
import type { CountRow } from '../../../../shared/api-types.ts';
import { MAP_HEIGHT, MAP_WIDTH, projectCountries, shadeOf, type CountryShape } from '../../../../shared/world-map.ts';
import { plain } from '../../i18n/plain.ts';
import { ChartCard } from './ChartCard.tsx';
import { countryName } from './dimension-labels.ts';
import { ScrollingList } from './StatsTables.tsx';

// Projected once per window: the shapes do not change, only their shading.
let shapes: CountryShape[] | undefined;
const countryShapes = () => (shapes ??= projectCountries(world, 0.25));

const m = plain(defineMessages({
  said: { id: 'app.stats.map.country', defaultMessage: '{country}: {count, plural, one {# click} other {# clicks}}{share, select, none {} other { ({share})}}' },
  title: { id: 'app.stats.map.title', defaultMessage: 'Clicks by country' },
  hint: { id: 'app.stats.map.hint', defaultMessage: 'Point at a country, or tab to the map and use the arrow keys, to read its clicks.' },
  label: { id: 'app.stats.map.label', defaultMessage: 'World map of clicks by country' },
  country: { id: 'app.stats.map.column', defaultMessage: 'Country' },
  none: { id: 'app.stats.noClicksInRange', defaultMessage: 'No clicks in this range.' },
  legendMax: { id: 'app.stats.map.legend.max', defaultMessage: '{count, plural, one {# click} other {# clicks}}' },
}));

const FILL = [
  'var(--mantine-color-default-border)',
  ...[0.25, 0.42, 0.6, 0.8, 1].map((a) => `color-mix(in srgb, var(--mantine-color-indigo-6) ${a * 100}%, transparent)`),
];

export function WorldMap({ countries, pngName }: { countries: CountRow[]; pngName: string }) {
  const intl = useIntl();
  const t = (d: (typeof m)[keyof typeof m]) => intl.formatMessage(d);
  const [active, setActive] = useState<string | null>(null);
  const counts = useMemo(() => new Map(countries.map((c) => [c.value.toUpperCase(), c.count])), [countries]);
  const max = Math.max(0, ...countries.filter((c) => c.value.length === 2).map((c) => c.count));
  const total = countries.reduce((n, c) => n + c.count, 0);
  const rows = [...countries].sort((a, b) => b.count - a.count).map((c) => ({ name: countryName(c.value, intl), Clicks: c.count }));
  const said = (code: string, name: string) => {
    const n = counts.get(code) ?? 0;
    const share = n && total ? intl.formatNumber(Math.round((n / total) * 100) / 100, { style: 'percent' }) : 'none';
    return intl.formatMessage(m.said, { country: code ? countryName(code, intl) : name, count: n, share });
  };
  const activeShape = active ? countryShapes().find((c) => c.code === active) : undefined;
  const svg = useRef<SVGSVGElement>(null);
  const [roving, setRoving] = useState<string | null>(null);
  const order = useMemo(() => {
    const drawn = new Set(countryShapes().map((c) => c.code));
    return [...counts].filter(([code, n]) => n > 0 && drawn.has(code)).sort((a, b) => b[1] - a[1]).map(([code]) => code);
  }, [counts]);
  const tabStop = roving && order.includes(roving) ? roving : order[0];
  const move = (e: KeyboardEvent<SVGSVGElement>) => {
    const at = order.indexOf((e.target as Element).getAttribute('data-country') ?? '');
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
    const next = e.key === 'Home' ? order[0] : e.key === 'End' ? order.at(-1) : step && at >= 0 ? order[(at + step + order.length) % order.length] : undefined;
    if (!next) return;
    e.preventDefault();
    setRoving(next);
    svg.current?.querySelector<SVGPathElement>(`path[data-country="${next}"]`)?.focus();
  };

  return (
    <ChartCard testId="map" title={t(m.title)} png={pngName}>
      <Grid>
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Text size="sm" c="dimmed" mb={4} aria-live="polite" data-testid="map-active" mih={22}>
            {activeShape ? said(activeShape.code, activeShape.name) : t(m.hint)}
          </Text>
          <svg ref={svg} onKeyDown={move} data-png viewBox={`0 0 ${MAP_WIDTH} ${MAP_HEIGHT}`} width="100%" role="group" aria-label={t(m.label)}
            style={{ display: 'block', maxHeight: 420 }} data-testid="world-map">
            {countryShapes().map((c) => {
              const n = c.code ? counts.get(c.code) ?? 0 : 0;
              const shade = shadeOf(n, max);
              const on = active !== null && active === c.code;
              return (
                <path key={`${c.code}:${c.name}`} d={c.d} data-country={c.code} data-shade={shade}
                  style={{ fill: FILL[shade], stroke: on ? 'var(--mantine-color-text)' : 'var(--mantine-color-body)', strokeWidth: on ? 1.5 : 0.5, outline: 'none' }}
                  {...(n ? { tabIndex: c.code === tabStop ? 0 : -1, role: 'img', 'aria-label': said(c.code, c.name) } : {})}
                  onMouseEnter={() => setActive(c.code || null)} onMouseLeave={() => setActive(null)}
                  onFocus={() => setActive(c.code)} onBlur={() => setActive(null)}>
                  <title>{said(c.code, c.name)}</title>
                </path>
              );
            })}
          </svg>
          <MapLegend max={max} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }} data-testid="chart-countries">
          {rows.length ? <ScrollingList label={t(m.title)} head={t(m.country)} rows={rows} maxHeight={380} />
            : <Text size="sm" c="dimmed">{t(m.none)}</Text>}
        </Grid.Col>
      </Grid>
    </ChartCard>
  );
}

function MapLegend({ max }: { max: number }) {
  const intl = useIntl();
  if (max <= 0) return null;
  // Fewer to more: the shades run by the square root of the busiest country's clicks.
  return (
    <Text component="div" size="xs" c="dimmed" mt={4} style={{ display: 'flex', gap: 4, alignItems: 'center' }} data-testid="map-legend">
      <span>{intl.formatNumber(1)}</span>
      {FILL.slice(1).map((f) => <span key={f} aria-hidden style={{ width: 16, height: 10, borderRadius: 2, background: f, display: 'inline-block' }} />)}
      <span>{intl.formatMessage(m.legendMax, { count: max })}</span>
    </Text>
  );
}
