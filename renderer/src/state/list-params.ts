// A list screen's filters, sort and page live in the URL hash. Values read
// from the URL are checked against what the API allows, so a hand-edited or
// stale hash falls back to defaults instead of producing a 422.
import { useMemo } from 'react';
import { PER_PAGE_VALUES, SORT_DIRECTIONS } from '../../../shared/constants.ts';
import type { ListQuery } from '../api/types.ts';
import { useRoute, type Params } from './route.ts';

export interface ParamSpec {
  default: string;
  allowed?: readonly (string | number)[];
  /** A positive integer (ids, page); '' when unset. */
  id?: boolean;
  numeric?: boolean;
}
export type Spec<K extends string> = Record<K, ParamSpec>;

export const PAGING = {
  search: { default: '' },
  sort_by: { default: 'id' },
  sort: { default: 'desc', allowed: SORT_DIRECTIONS },
  per_page: { default: '10', allowed: PER_PAGE_VALUES, numeric: true },
  page: { default: '1', id: true, numeric: true },
} satisfies Spec<string>;

function readOne(spec: ParamSpec, raw: string | undefined): string {
  if (raw === undefined) return spec.default;
  const v = raw.trim();
  if (spec.id) return /^[1-9]\d{0,14}$/.test(v) ? v : spec.default;
  if (spec.allowed) return spec.allowed.map(String).includes(v) ? v : spec.default;
  return v.slice(0, 255);
}

export function readParams<K extends string>(spec: Spec<K>, params: Params): Record<K, string> {
  const out = {} as Record<K, string>;
  for (const key of Object.keys(spec) as K[]) out[key] = readOne(spec[key], params[key]);
  return out;
}

export function toQuery<K extends string>(spec: Spec<K>, values: Record<K, string>): ListQuery {
  const q: ListQuery = {};
  for (const key of Object.keys(spec) as K[]) {
    const v = values[key];
    if (v === '') continue;
    q[key] = spec[key].numeric || spec[key].id ? Number(v) : v;
  }
  return q;
}

/** Only what differs from the defaults goes into the hash. */
function compact<K extends string>(spec: Spec<K>, values: Record<K, string>): Params {
  const out: Params = {};
  for (const key of Object.keys(spec) as K[]) if (values[key] !== spec[key].default) out[key] = values[key];
  return out;
}

/** `onChange`: told of each change the screen makes (not of one the address brings), e.g. to remember it. */
export function useListParams<K extends string>(spec: Spec<K | 'page'>, onChange?: (params: Params) => void) {
  const params = useRoute((s) => s.route.params);
  const setParams = useRoute((s) => s.setParams);
  const values = useMemo(() => readParams(spec, params), [spec, params]);
  const query = useMemo(() => toQuery(spec, values), [spec, values]);
  /** Any change but a page change starts again at page 1. */
  const update = (patch: Partial<Record<K | 'page', string>>) => {
    const next = { ...values, ...patch } as Record<K | 'page', string>;
    if (!('page' in patch)) next.page = '1';
    const params = compact(spec, next);
    setParams(params);
    onChange?.(params);
  };
  return { values, query, update };
}
