// Countries of the world as SVG paths, for the app's statistics map and the
// public statistics page (drawn on the server: that page runs no script).
// The shapes are world-atlas's 1:110m Natural Earth countries; the caller
// passes the topology so neither side bundles a loader it cannot use.
import { geoEqualEarth, geoPath } from 'd3-geo';
import countries from 'i18n-iso-countries/index.js';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

export interface CountryShape {
  /** ISO 3166-1 alpha-2 as the statistics name countries; '' for a territory without one (N. Cyprus, Somaliland). */
  code: string;
  name: string;
  /** SVG path data in the map's own units (MAP_WIDTH × MAP_HEIGHT). */
  d: string;
}

export const MAP_WIDTH = 960;
export const MAP_HEIGHT = 420;

// world-atlas names countries by ISO numeric code; Kosovo has none there, DB-IP says XK.
const alpha2 = (id: unknown, name: string): string =>
  (typeof id === 'string' ? countries.numericToAlpha2(id) ?? '' : name === 'Kosovo' ? 'XK' : '');

/**
 * SVG path data on a grid of `grid` map units: each ring's points snapped to
 * it, repeats dropped, relative moves ("l3 -1" is shorter than "L412 230"),
 * and rings that collapse to under three points (islets) left out. A page
 * drawn on the server with grid 1 is a third of d3's own output.
 */
class GridPath {
  private out: string[] = [];
  private ring: [number, number][] = [];
  private grid: number;
  constructor(grid: number) { this.grid = grid; }
  moveTo(x: number, y: number) { this.flush(); this.add(x, y); }
  lineTo(x: number, y: number) { this.add(x, y); }
  closePath() { this.flush(); }
  beginPath() { /* each ring starts with moveTo */ }
  arc() { /* only points are drawn: geoPath calls arc for point geometries, which countries are not */ }
  result(): string { this.flush(); const s = this.out.join(''); this.out = []; return s; }
  private add(x: number, y: number) {
    const g = this.grid, p: [number, number] = [Math.round(x / g), Math.round(y / g)];
    const last = this.ring[this.ring.length - 1];
    if (!last || last[0] !== p[0] || last[1] !== p[1]) this.ring.push(p);
  }
  private flush() {
    const r = this.ring;
    this.ring = [];
    if (r.length > 1 && r[0]![0] === r[r.length - 1]![0] && r[0]![1] === r[r.length - 1]![1]) r.pop();
    if (r.length < 3) return;
    const n = (v: number) => String(Math.round(v * this.grid * 100) / 100);
    let d = `M${n(r[0]![0])} ${n(r[0]![1])}l`;
    for (let i = 1; i < r.length; i++) {
      const dx = r[i]![0] - r[i - 1]![0], dy = r[i]![1] - r[i - 1]![1];
      d += `${i > 1 && dx >= 0 ? ' ' : ''}${n(dx)}${dy >= 0 ? ' ' : ''}${n(dy)}`;
    }
    this.out.push(`${d}z`);
  }
}

/**
 * Projects every country once (Equal Earth: areas compare truly, so a shaded
 * country looks as big as it is). `grid` is the coarsest step kept, in map
 * units: 1 keeps a server-drawn page small, 0.25 is crisp at any size the app shows.
 */
export function projectCountries(topology: unknown, grid = 0.25): CountryShape[] {
  const t = topology as Topology<{ countries: GeometryCollection<{ name: string }> }>;
  const fc = feature(t, t.objects.countries);
  // Antarctica takes a fifth of the height and has no clicks worth the room; the continents table still counts AN.
  const shown = fc.features.filter((f) => f.id !== '010');
  const projection = geoEqualEarth().fitExtent([[4, 4], [MAP_WIDTH - 4, MAP_HEIGHT - 4]], { type: 'FeatureCollection', features: shown });
  const context = new GridPath(grid);
  const path = geoPath(projection, context);
  return shown.map((f) => {
    path(f);
    return { code: alpha2(f.id, f.properties.name), name: f.properties.name, d: context.result() };
  }).filter((c) => c.d !== '');
}

/** 0 for none, then 1…5 by the share of the busiest country (a square root, so one big country does not wash out the rest). */
export function shadeOf(count: number, max: number): number {
  if (count <= 0 || max <= 0) return 0;
  return Math.max(1, Math.ceil(Math.sqrt(count / max) * 5));
}
