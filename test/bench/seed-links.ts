// Seeds a data folder with N links for one user, straight through SQL in large
// transactions (the API would take hours for a million). Triggers keep the
// search index in step, exactly as for links created through the API.
import type { Store } from '../../electron/server/db/database.ts';
import { createUsersRepository } from '../../electron/server/db/repositories/users-repository.ts';

export const WORDS = ['alpha', 'bravo', 'garden', 'rocket', 'summer', 'winter', 'market', 'travel', 'recipe', 'guitar', 'planet', 'coffee',
  'silver', 'forest', 'harbor', 'motion', 'violet', 'canyon', 'pixel', 'vector', 'lantern', 'meadow', 'quartz', 'saturn', 'tundra', 'zephyr'];

let seed = 42;
const rand = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
const pick = <T>(a: readonly T[]) => a[Math.floor(rand() * a.length)]!;
const B62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export async function seedLinks(store: Store, count: number, onProgress?: (done: number) => void) {
  const { key, userId } = await createUsersRepository(store.db).createUserWithKey('bench');
  const insert = store.sqlite.prepare(`INSERT INTO links (user_id, alias, url, title, disabled, ends_at, expiration_clicks, created_at, updated_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  // The insert trigger made the counter row; the clicks go there.
  const count_ = store.sqlite.prepare('UPDATE link_clicks SET clicks = ? WHERE link_id = ?');
  const now = Date.now();
  const aliases: string[] = [];
  const batch = store.sqlite.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const alias = `${i.toString(36)}${B62[Math.floor(rand() * 62)]}${B62[Math.floor(rand() * 62)]}`;
      aliases.push(alias);
      const w1 = pick(WORDS), w2 = pick(WORDS);
      const r = rand();
      const created = new Date(now - (count - i) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
      const id = insert.run(userId, alias, `https://www.${w1}${i % 997}.example/${w2}/${i}`, `${w1[0]!.toUpperCase()}${w1.slice(1)} ${w2} guide ${i % 1000}`,
        r < 0.05 ? 1 : 0, r >= 0.05 && r < 0.08 ? now - 86_400_000 : r > 0.9 ? now + 86_400_000 * 365 : null,
        r >= 0.08 && r < 0.1 ? 10 : null, created, created).lastInsertRowid;
      count_.run(Math.floor(rand() * (r >= 0.08 && r < 0.1 ? 20 : 5000)), id);
    }
  });
  const step = 50_000;
  for (let i = 0; i < count; i += step) {
    batch(i, Math.min(count, i + step));
    onProgress?.(Math.min(count, i + step));
  }
  store.sqlite.pragma('wal_checkpoint(TRUNCATE)');
  store.sqlite.exec('ANALYZE');
  return { key, userId, aliases };
}
