// The test box's visitor as the evaluate call takes it, and the server's
// answer in words. Pure: the box itself only holds inputs and calls.
import type { LinkEvaluation, LinkEvaluateVisitor } from '../../../../../shared/schemas/link-rules.ts';
import { defineMessages, type IntlShape } from 'react-intl';
import { getIntl } from '../../../i18n/current.ts';
import { plain } from '../../../i18n/plain.ts';
import { keyLabel } from './target-keys.ts';
import type { TargetsType } from './targeting-model.ts';

export interface VisitorFields {
  country: string; device: string; operating_system: string; browser: string; language: string;
  /** As typed: `?ref=mail&x=1` or `ref=mail`. */
  query: string;
  /** The datetime-local input's value, in this computer's time; empty: now. */
  at: string;
}

export const emptyVisitor = (): VisitorFields => ({ country: '', device: '', operating_system: '', browser: '', language: '', query: '', at: '' });

export function visitorToBody(v: VisitorFields): LinkEvaluateVisitor {
  const body: LinkEvaluateVisitor = {};
  for (const k of ['country', 'device', 'operating_system', 'browser', 'language'] as const) if (v[k].trim()) body[k] = v[k].trim();
  const query = Object.fromEntries(new URLSearchParams(v.query.trim().replace(/^\?/, '')));
  if (Object.keys(query).length) body.query = query;
  if (v.at.trim()) {
    const at = new Date(v.at.trim());
    if (!Number.isNaN(at.getTime())) body.at = at.toISOString();
  }
  return body;
}

/** Which part of the link decided: "Rule 2", "Target Germany (DE)", "Rotation: …", or the destination. */
const m = plain(defineMessages({
  rule: { id: 'app.rules.test.matched.rule', defaultMessage: 'Rule {n, number} matched.' },
  rotation: { id: 'app.rules.test.matched.rotation', defaultMessage: 'Rotation: {shares}.' },
  share: { id: 'app.rules.test.matched.rotation.share', defaultMessage: '{url} {share, number, ::percent .#}' },
  target: { id: 'app.rules.test.matched.target', defaultMessage: 'Target {label} matched.' },
  entry: { id: 'app.rules.test.matched.entry', defaultMessage: 'entry {n, number}' },
  none: { id: 'app.rules.test.matched.none', defaultMessage: 'No rule or target matched: the destination URL.' },
}));

export function describeMatch(e: LinkEvaluation, targetsType: TargetsType | '', intl: IntlShape = getIntl()): string {
  const { kind, index, key } = e.matched;
  if (kind === 'rule') return intl.formatMessage(m.rule, { n: (index ?? 0) + 1 });
  if (kind === 'target') {
    if (e.rotation?.length) {
      const shares = intl.formatList(e.rotation.map((r) => intl.formatMessage(m.share, { url: r.url, share: Math.round(r.share * 1000) / 1000 })), { type: 'unit' });
      return intl.formatMessage(m.rotation, { shares });
    }
    const label = key && targetsType && targetsType !== 'rotations' ? keyLabel(targetsType, key, intl) : (key ?? intl.formatMessage(m.entry, { n: (index ?? 0) + 1 }));
    return intl.formatMessage(m.target, { label });
  }
  return intl.formatMessage(m.none);
}
