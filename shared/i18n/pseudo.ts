// The pseudo-locale (en-XA): English made visibly foreign for screenshot tests.
// Literal text gets accented letters and 40% more length inside brackets, so a
// string that escaped translation shows plainly (it has no accents), a layout
// that breaks with longer words breaks on screen, and a clipped string loses its
// closing bracket. Arguments, plural/select keys, `#` and tag names are left as
// they are, so the messages still format with the same values.
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { printAST } from '@formatjs/icu-messageformat-parser/printer.js';

const ACCENTED: Record<string, string> = {
  a: 'å', b: 'ƀ', c: 'ç', d: 'ð', e: 'é', f: 'ƒ', g: 'ĝ', h: 'ĥ', i: 'î', j: 'ĵ', k: 'ķ', l: 'ļ', m: 'ɱ',
  n: 'ñ', o: 'ö', p: 'þ', q: 'ǫ', r: 'ŕ', s: 'š', t: 'ţ', u: 'û', v: 'ṽ', w: 'ŵ', x: 'ẋ', y: 'ý', z: 'ž',
  A: 'Å', B: 'Ɓ', C: 'Ç', D: 'Ð', E: 'É', F: 'Ƒ', G: 'Ĝ', H: 'Ĥ', I: 'Î', J: 'Ĵ', K: 'Ķ', L: 'Ļ', M: 'Ṁ',
  N: 'Ñ', O: 'Ö', P: 'Þ', Q: 'Ǫ', R: 'Ŕ', S: 'Š', T: 'Ţ', U: 'Û', V: 'Ṽ', W: 'Ŵ', X: 'Ẋ', Y: 'Ý', Z: 'Ž',
};
const VOWEL = /[aeiouyAEIOUY]/;

/** One run of literal text, accented and lengthened by 40% (vowels doubled, then filler). */
export function pseudoText(text: string): string {
  if (!text.trim()) return text;
  let extra = Math.ceil(text.replace(/\s/g, '').length * 0.4);
  let out = '';
  for (const ch of text) {
    const accented = ACCENTED[ch] ?? ch;
    out += accented;
    if (extra > 0 && VOWEL.test(ch)) {
      out += accented;
      extra--;
    }
  }
  // Filler goes before trailing space, so it stays with its word.
  return extra > 0 ? out.replace(/(\s*)$/, `${'·'.repeat(extra)}$1`) : out;
}

function transform(ast: MessageFormatElement[]): MessageFormatElement[] {
  return ast.map((el) => {
    if (el.type === TYPE.literal) return { ...el, value: pseudoText(el.value) };
    if (el.type === TYPE.tag) return { ...el, children: transform(el.children) };
    if (el.type === TYPE.plural || el.type === TYPE.select) {
      const options = Object.fromEntries(Object.entries(el.options).map(([k, o]) => [k, { ...o, value: transform(o.value) }]));
      return { ...el, options } as typeof el;
    }
    return el;
  });
}

/** One ICU message in the pseudo-locale. */
export function pseudoMessage(message: string): string {
  return `[${printAST(transform(parse(message)))}]`;
}

/** A whole catalog (English, id → ICU message) in the pseudo-locale. */
export function pseudoMessages(en: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(en).map(([id, m]) => [id, pseudoMessage(m)]));
}
