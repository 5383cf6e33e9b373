// The in-memory blocklist (blocklist.ts) and ctx.abuse (checker.ts): which
// entry names an address, and when the lists are read again.
import { describe, expect, it } from 'vitest';
import { buildIndex } from '../../../../electron/server/abuse/blocklist.ts';
import { createAbuseChecker } from '../../../../electron/server/abuse/checker.ts';
import type { BlockEntry, BlocklistRepository } from '../../../../electron/server/db/repositories/blocklist-repository.ts';

const host = (value: string, source = 'manual'): BlockEntry => ({ kind: 'host', value, source });
const keyword = (value: string): BlockEntry => ({ kind: 'keyword', value, source: 'manual' });

describe('the index', () => {
  const index = buildIndex([host('exact.example'), host('*.wild.example'), host('mal.example', 'urlhaus'), keyword('Bücher'), keyword('casino')]);

  it('an exact host is that host only; *. is the host and every subdomain', () => {
    expect(index.matchUrl('https://exact.example/')).toMatchObject({ kind: 'host', entry: 'exact.example' });
    expect(index.matchUrl('https://sub.exact.example/')).toBeNull();
    expect(index.matchUrl('https://wild.example/')).toMatchObject({ entry: '*.wild.example' });
    expect(index.matchUrl('https://a.b.c.wild.example/')).toMatchObject({ entry: '*.wild.example' });
    expect(index.matchUrl('https://notwild.example/')).toBeNull();
    expect(index.matchUrl('https://wild.example.other/')).toBeNull();
  });

  it('a match says its source', () => {
    expect(index.matchUrl('http://mal.example:8080/x.sh')).toEqual({ kind: 'host', entry: 'mal.example', source: 'urlhaus', legal: false });
  });

  it('keywords: case aside, percent-decoded, and in an internationalised host written as punycode (ValidateBadWordsRule.php:23)', () => {
    expect(index.matchUrl('https://shop.example/CaSiNo')).toMatchObject({ kind: 'keyword', entry: 'casino' });
    expect(index.matchUrl('https://shop.example/%43asino')).toMatchObject({ entry: 'casino' });
    expect(index.matchUrl('https://xn--bcher-kva.example/')).toMatchObject({ entry: 'bücher' });
    expect(index.matchText('BÜCHER-sale')).toMatchObject({ entry: 'bücher' });
    expect(index.matchText('books')).toBeNull();
  });
});

describe('the checker', () => {
  function fakeRepo(entries: BlockEntry[]) {
    const state = { generation: 1, entries, reads: 0 };
    const repo = {
      async generation() { return state.generation; },
      async all() { state.reads++; return state.entries; },
    } as unknown as BlocklistRepository;
    return { repo, state };
  }

  it('reads the lists again only when their generation moved, at most once per poll interval', async () => {
    const { repo, state } = fakeRepo([host('evil.example')]);
    let clock = 0;
    const abuse = createAbuseChecker({ repo, shorteners: null, pollMs: 1_000, now: () => clock });
    let reloads = 0;
    abuse.changed(() => reloads++);
    await abuse.refresh();
    expect(abuse.matchUrl('https://evil.example/')).not.toBeNull();
    state.entries = [host('other.example')];
    state.generation = 2;
    clock = 500;
    await abuse.refresh();
    expect(abuse.matchUrl('https://evil.example/')).not.toBeNull(); // within the interval: not asked
    clock = 1_500;
    await abuse.refresh();
    expect(abuse.matchUrl('https://evil.example/')).toBeNull();
    expect(abuse.matchUrl('https://other.example/')).not.toBeNull();
    clock = 3_000;
    await abuse.refresh();
    expect(state.reads).toBe(2); // generation unchanged: not read again
    expect(reloads).toBe(2);
  });

  it("matchLink (the re-check's verdict) finds a blocked address anywhere in a stored link, named by its field", async () => {
    const { repo } = fakeRepo([host('*.evil.example'), keyword('casino')]);
    const abuse = createAbuseChecker({ repo, shorteners: null });
    const stored = {
      url: 'https://fine.example/', expiration_url: null, alias: 'ok',
      targets: JSON.stringify({ country: [{ key: 'US', value: 'https://fine.example/us' }], rotation: [{ value: 'https://x.EVIL.example./' }] }),
      rules: null,
    };
    expect(await abuse.matchLink(stored)).toEqual({
      field: 'rotation.0.value', url: 'https://x.EVIL.example./', match: { kind: 'host', entry: '*.evil.example', source: 'manual', legal: false },
    });
    expect(await abuse.matchLink({ ...stored, targets: '{}', alias: 'casino-1' })).toMatchObject({ field: 'alias', match: { kind: 'keyword' } });
    expect(await abuse.matchLink({ ...stored, targets: '{}' })).toBeNull();
  });
});
