// Start-up (loading modules, migrations, caches filled) leaves garbage behind
// and grows V8's young generation to its largest: after it, the idle server
// held a 16 MB young generation with 2.6 MB in use, and nothing idle ever
// shrinks it (V8 does at a full collection that finds memory to give back,
// and an idle server makes too little garbage to get one). One collection
// that gives memory back, once, before the server listens: no request waits
// for it, and the young generation grows again under load as before.
import v8 from 'node:v8';
import vm from 'node:vm';

type Gc = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

/** Collects the start-up garbage and gives its memory back to the system. */
export function releaseStartMemory(): void {
  // V8's gc() without --expose-gc on the command line: the flag holds for contexts made after it.
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as Gc;
  gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}
