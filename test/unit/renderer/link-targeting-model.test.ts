// The link form's targeting and rules between the API's shape and the
// inputs': rules keep their order and conditions, query pairs become an
// object, date times change only their separator, a seed-only answer reads in
// the current generation, rotation shares add up, and the test box's visitor.
import { describe, expect, it } from 'vitest';
import type { Link } from '../../../shared/api-types.ts';
import { describeMatch, visitorToBody, emptyVisitor } from '../../../renderer/src/screens/Links/LinkDrawer/rule-test.ts';
import {
  emptyCondition, rotationShares, ruleToBody, ruleToForm, targetsOf, targetsToBody, type LinkV2, type RuleBody,
} from '../../../renderer/src/screens/Links/LinkDrawer/targeting-model.ts';

const seedLink = (over: Partial<Link>): LinkV2 => ({
  target_type: 0, country: [], platform: [], language: [], rotation: [], ...over,
}) as LinkV2;

describe('rules between the API and the form', () => {
  const rules: RuleBody[] = [
    { if: { countries: ['DE', 'AT'], devices: ['mobile'], query: { ref: 'mail', utm: 'x' } }, url: 'https://e.x/de-mobile' },
    { if: { between: { from: '2030-12-24 18:00', to: '2030-12-26 00:00' }, browsers: ['Safari'] }, url: 'https://e.x/xmas' },
  ];

  it('round-trips every condition kind in order', () => {
    const form = rules.map(ruleToForm);
    expect(form[0]!.if.query).toEqual([{ param: 'ref', value: 'mail' }, { param: 'utm', value: 'x' }]);
    expect(form[1]!.if.between).toEqual({ from: '2030-12-24T18:00', to: '2030-12-26T00:00' });
    expect(Object.keys(form[1]!.if)).toEqual(['between', 'browsers']);
    expect(form.map(ruleToBody)).toEqual(rules);
  });

  it('drops query pairs without a parameter and trims the URL', () => {
    expect(ruleToBody({ if: { query: [{ param: ' ref ', value: 'a' }, { param: '', value: 'b' }] }, url: ' https://e.x/ ' }))
      .toEqual({ if: { query: { ref: 'a' } }, url: 'https://e.x/' });
  });

  it('starts a new condition empty, a date range as the given day', () => {
    expect(emptyCondition('countries', '2030-01-02')).toEqual([]);
    expect(emptyCondition('query', '2030-01-02')).toEqual([{ param: '', value: '' }]);
    expect(emptyCondition('between', '2030-01-02')).toEqual({ from: '2030-01-02T00:00', to: '2030-01-02T23:59' });
  });
});

describe('targets', () => {
  it('reads the current generation when the server answers it', () => {
    const l = seedLink({ target_type: 1 }) as LinkV2;
    l.targets_type = 'continents';
    l.targets = [{ key: 'EU', value: 'https://e.x/eu' }];
    expect(targetsOf(l)).toEqual({ targets_type: 'continents', targets: [{ key: 'EU', value: 'https://e.x/eu', weight: 1 }] });
  });

  it('reads a seed-only answer through its target_type', () => {
    expect(targetsOf(seedLink({ target_type: 2, platform: [{ key: 'iOS', value: 'https://e.x/i' }] })))
      .toEqual({ targets_type: 'operating_systems', targets: [{ key: 'iOS', value: 'https://e.x/i', weight: 1 }] });
    expect(targetsOf(seedLink({ target_type: 4, rotation: [{ value: 'https://e.x/a' }] })).targets_type).toBe('rotations');
    expect(targetsOf(seedLink({}))).toEqual({ targets_type: '', targets: [] });
  });

  it('sends keys for keyed types and whole weights (default 1) for rotations', () => {
    expect(targetsToBody('countries', [{ key: 'DE', value: ' https://e.x/de ', weight: 5 }])).toEqual([{ key: 'DE', value: 'https://e.x/de' }]);
    expect(targetsToBody('rotations', [{ key: 'x', value: 'https://a/', weight: '' }, { key: '', value: 'https://b/', weight: 3 }]))
      .toEqual([{ value: 'https://a/', weight: 1 }, { value: 'https://b/', weight: 3 }]);
    expect(targetsToBody('', [{ key: 'DE', value: 'https://e.x/', weight: 1 }])).toEqual([]);
  });

  it('shows each rotation row its share in percent; an unusable weight gets none', () => {
    expect(rotationShares([{ weight: 1 }, { weight: 2 }, { weight: 1 }])).toEqual([25, 50, 25]);
    expect(rotationShares([{ weight: 1 }, { weight: 2 }])).toEqual([33.3, 66.7]);
    expect(rotationShares([{ weight: 3 }, { weight: -1 }])).toEqual([100, 0]);
    expect(rotationShares([{ weight: 0 }])).toEqual([null]);
  });
});

describe('the test box', () => {
  it('sends what was given, the query string as an object', () => {
    expect(visitorToBody({ ...emptyVisitor(), country: 'DE', device: 'mobile', query: '?ref=mail&x=1' }))
      .toEqual({ country: 'DE', device: 'mobile', query: { ref: 'mail', x: '1' } });
    expect(visitorToBody(emptyVisitor())).toEqual({});
  });

  it('says which part decided', () => {
    expect(describeMatch({ url: 'https://a/', matched: { kind: 'rule', index: 1, key: null } }, '')).toBe('Rule 2 matched.');
    expect(describeMatch({ url: 'https://a/', matched: { kind: 'target', index: 0, key: 'DE' } }, 'countries')).toBe('Target Germany (DE) matched.');
    expect(describeMatch({ url: 'https://a/', matched: { kind: 'default', index: null, key: null } }, 'countries'))
      .toBe('No rule or target matched: the destination URL.');
    expect(describeMatch({
      url: 'https://a/', matched: { kind: 'target', index: 0, key: null },
      rotation: [{ url: 'https://a/', weight: 1, share: 0.25 }, { url: 'https://b/', weight: 3, share: 0.75 }],
    }, 'rotations')).toBe('Rotation: https://a/ 25%, https://b/ 75%.');
  });
});
