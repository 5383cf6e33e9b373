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

/** `label`: a country's tooltip from its code (or the map's name for a shape without one) and clicks; `title`: the map's text alternative. */
export function mapSvg(countries: CountRow[], label: (country: string, clicks: number) => string, title: string): string {
  const counts = new Map(countries.map((c) => [c.value.toUpperCase(), c.count]));
  const max = Math.max(0, ...[...counts.values()]);
  const quiet: string[] = [];
  const shaded: string[] = [];
  for (const c of countryShapes()) {
    const n = c.code ? counts.get(c.code) ?? 0 : 0;
    const text = esc(label(c.code || c.name, n));
    const shade = shadeOf(n, max);
    if (shade === 0) quiet.push(`<path d="${c.d}"><title>${text}</title></path>`);
    else shaded.push(`<path d="${c.d}" fill-opacity="${OPACITY[shade]}"><title>${text}</title></path>`);
  }
  return `<svg viewBox="0 0 ${MAP_WIDTH} ${MAP_HEIGHT}" width="100%" role="img" aria-labelledby="map-title">`
    + `<title id="map-title">${esc(title)}</title>`
    + `<g fill="currentColor" fill-opacity=".12">${quiet.join('')}</g>`
    + `<g fill="#3b5bdb" stroke="currentColor" stroke-opacity=".3" stroke-width=".5">${shaded.join('')}</g></svg>`;
}
