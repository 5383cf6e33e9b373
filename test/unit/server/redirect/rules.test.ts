// The rules' compiled form and the weighted schedule, without a server: the
// black-box tests (test/integration/redirect/rules*.test.ts) go through HTTP.
import { describe, expect, it } from 'vitest';
import { linkRulesSchema } from '../../../../shared/schemas/link-rules.ts';
import { compiledOf, compileLink, decide, pickTurn, ruleChars, rotationShares, type RuleVisitor } from '../../../../electron/server/redirect/rules.ts';
import type { RedirectLink } from '../../../../electron/server/db/repositories/redirect-repository.ts';
import { rotationSchedule } from '../../../../electron/server/redirect/targeting.ts';

const visitor = (v: Partial<RuleVisitor> = {}): RuleVisitor => ({
  country: null, continent: null, platform: null, browser: null, device: null, languages: [], query: null, at: 0, ...v,
});
const link = (rules: unknown, extra: { target_type?: number; targets?: string } = {}) => {
  const l = { url: 'https://default.example/', rules: JSON.stringify(linkRulesSchema.parse(rules)), target_type: extra.target_type ?? 0, targets: extra.targets ?? '{}' };
  return { l, k: compileLink(l, 'Europe/Berlin') };
};

describe('rotationSchedule', () => {
  it('serves each entry exactly its weight per cycle, interleaved', () => {
    const s = [...rotationSchedule([{ value: 'a', weight: 3 }, { value: 'b', weight: 1 }])];
    expect(s).toEqual([0, 0, 1, 0]);
    const big = rotationSchedule([{ value: 'a', weight: 70 }, { value: 'b', weight: 20 }, { value: 'c' }]);
    expect(big.length).toBe(91);
    expect([0, 1, 2].map((i) => big.filter((x) => x === i).length)).toEqual([70, 20, 1]);
  });
});

describe('decide', () => {
  it('takes the first rule whose conditions all hold, then the link url', () => {
    const { l, k } = link([
      { if: { countries: ['de'], devices: ['mobile'] }, url: 'https://de-mobile.example/' },
      { if: { countries: ['DE', 'AT'] }, url: 'https://de.example/' },
    ]);
    expect(decide(l, k, visitor({ country: 'DE', device: 'mobile' }))).toMatchObject({ kind: 'rule', index: 0, url: 'https://de-mobile.example/' });
    expect(decide(l, k, visitor({ country: 'AT', device: 'mobile' }))).toMatchObject({ kind: 'rule', index: 1 });
    expect(decide(l, k, visitor({ country: 'FR' }))).toEqual({ kind: 'default', index: null, key: null, url: 'https://default.example/' });
  });

  it('reads between in the instance time zone, from inclusive and to exclusive', () => {
    const { l, k } = link([{ if: { between: { from: '2030-06-01 10:00', to: '2030-06-01 12:00' } }, url: 'https://window.example/' }]);
    // Europe/Berlin is UTC+2 in June.
    const from = Date.parse('2030-06-01T08:00:00Z'), to = Date.parse('2030-06-01T10:00:00Z');
    expect(decide(l, k, visitor({ at: from - 1 })).kind).toBe('default');
    expect(decide(l, k, visitor({ at: from })).kind).toBe('rule');
    expect(decide(l, k, visitor({ at: to - 1 })).kind).toBe('rule');
    expect(decide(l, k, visitor({ at: to })).kind).toBe('default');
  });

  it('a rotation gives way to a rule and picks by turn otherwise', () => {
    const targets = JSON.stringify({ rotation: [{ value: 'https://a.example/', weight: 3 }, { value: 'https://b.example/' }] });
    const { l, k } = link([{ if: { query: { ref: 'mail' } }, url: 'https://mail.example/' }], { target_type: 4, targets });
    expect(decide(l, k, visitor({ query: new URLSearchParams('ref=mail') })).kind).toBe('rule');
    expect(decide(l, k, visitor({ query: new URLSearchParams('ref=web') })).kind).toBe('rotation');
    expect([0, 1, 2, 3, 4].map((t) => pickTurn(k, t).url)).toEqual(['https://a.example/', 'https://a.example/', 'https://b.example/', 'https://a.example/', 'https://a.example/']);
    expect(rotationShares(k)).toEqual([{ url: 'https://a.example/', weight: 3, share: 0.75 }, { url: 'https://b.example/', weight: 1, share: 0.25 }]);
  });
});

describe('compiledOf', () => {
  it('compiles rules once for every link that carries the same text, and counts that text once', () => {
    const text = JSON.stringify([{ if: { countries: ['DE'] }, url: 'https://de.example/' }, { if: { query: { n: String(Math.random()) } }, url: 'https://q.example/' }]);
    // Two rows read from the database: equal texts, separate strings.
    const row = () => ({ url: 'https://x.example/', target_type: 0, targets: '{}', rules: (' ' + text).slice(1) }) as RedirectLink;
    const [a, b] = [row(), row()];
    const first = compiledOf(a, 'UTC');
    expect(compiledOf(b, 'UTC').rules).toBe(first.rules);
    expect(compiledOf(a, 'UTC')).toBe(compiledOf(a, 'UTC'));
    expect([ruleChars(a), ruleChars(b)]).toEqual([text.length, 0]);
    // A link with neither rules nor targeting keeps nothing of its own.
    expect(compiledOf({ ...row(), rules: null }, 'UTC')).toBe(compiledOf({ ...row(), rules: null }, 'UTC'));
  });
});

describe('linkRulesSchema', () => {
  it('names the field path of a bad key and takes the JSON text of a form', () => {
    const r = linkRulesSchema.safeParse(JSON.stringify([{ if: { countries: ['DE'] }, url: 'https://x.example/' }, { if: { browsers: ['Netscape'] }, url: 'https://y.example/' }]));
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.path).toEqual([1, 'if', 'browsers']);
    expect(linkRulesSchema.parse([{ if: { operating_systems: ['ios'], languages: ['DE'] }, url: 'https://x.example/' }]))
      .toEqual([{ if: { operating_systems: ['iOS'], languages: ['de'] }, url: 'https://x.example/' }]);
  });
});
