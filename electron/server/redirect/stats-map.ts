// The public statistics page's world map: inline SVG drawn here, since the
// page runs no script. Presentation attributes (fill, fill-opacity) are not
// styles, so the page's CSP needs nothing new. The shapes are projected once
// per process on a 1-unit grid, which keeps the map near 45 KB of the page.
import { createRequire } from 'node:module';
import type { CountRow } from '../../../shared/api-types.ts';
import { MAP_HEIGHT, MAP_WIDTH, projectCountries, shadeOf, type CountryShape } from '../../../shared/world-map.ts';
import { esc } from './html.ts';

let shapes: CountryShape[] | undefined;
const countryShapes = (): CountryShape[] =>
  (shapes ??= projectCountries(createRequire(import.meta.url)('world-atlas/countries-110m.json'), 1));

// One blue that reads on a light and a dark page alike; the shade is its opacity.
const OPACITY = ['', '.25', '.42', '.6', '.8', '1'];

/** `name`: how the page names a country code. */
export function mapSvg(countries: CountRow[], name: (code: string) => string): string {
  const counts = new Map(countries.map((c) => [c.value.toUpperCase(), c.count]));
  const max = Math.max(0, ...[...counts.values()]);
  const quiet: string[] = [];
  const shaded: string[] = [];
  for (const c of countryShapes()) {
    const n = c.code ? counts.get(c.code) ?? 0 : 0;
    const label = `${c.code ? name(c.code) : c.name}: ${n}`;
    const shade = shadeOf(n, max);
    if (shade === 0) quiet.push(`<path d="${c.d}"><title>${esc(label)}</title></path>`);
    else shaded.push(`<path d="${c.d}" fill-opacity="${OPACITY[shade]}"><title>${esc(label)}</title></path>`);
  }
  return `<svg viewBox="0 0 ${MAP_WIDTH} ${MAP_HEIGHT}" width="100%" role="img" aria-labelledby="map-title">`
    + '<title id="map-title">World map: countries shaded by clicks, darker for more</title>'
    + `<g fill="currentColor" fill-opacity=".12">${quiet.join('')}</g>`
    + `<g fill="#3b5bdb" stroke="currentColor" stroke-opacity=".3" stroke-width=".5">${shaded.join('')}</g></svg>`;
}
