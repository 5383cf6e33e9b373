// The shell examples of a markdown page, sorted for the examples test: a ```sh
// block that talks to a server ($B or curl) is run; a block right after
// `<!-- example: not run (why) -->` is skipped, with its reason; any other sh
// block is unclassified, which the examples test treats as a failure.
export type DocExamples = {
  /** Commands to run, in page order (continued lines joined, comments and blank lines dropped). */
  run: string[];
  skipped: { line: number; why: string }[];
  unclassified: { line: number; first: string }[];
};

const SKIP = /^<!--\s*example:\s*not run\s*\(([^)]+)\)\s*-->$/;

export function docExamples(markdown: string): DocExamples {
  const lines = markdown.split('\n');
  const out: DocExamples = { run: [], skipped: [], unclassified: [] };
  for (let i = 0; i < lines.length; i++) {
    const fence = /^(\s*)```(\w*)/.exec(lines[i]!);
    if (!fence) continue;
    let end = i + 1;
    while (end < lines.length && !/^\s*```\s*$/.test(lines[end]!)) end++;
    const body = lines.slice(i + 1, end).join('\n');
    if (fence[2] === 'sh') {
      let prev = i - 1;
      while (prev >= 0 && lines[prev]!.trim() === '') prev--;
      const skip = prev >= 0 ? SKIP.exec(lines[prev]!.trim()) : null;
      if (skip) out.skipped.push({ line: i + 1, why: skip[1]! });
      else if (/\$B\b|\bcurl\b/.test(body)) {
        out.run.push(...body.replace(/\\\n\s*/g, ' ').split('\n').map((l) => l.trim()).filter((l) => l !== '' && !l.startsWith('#')));
      } else out.unclassified.push({ line: i + 1, first: body.split('\n').find((l) => l.trim() !== '') ?? '' });
    }
    i = end;
  }
  return out;
}
