// V8's allocation-site pretenuring watches each place in the code that makes
// objects (a literal in Node's HTTP parser, in Fastify's request) and, once
// most of that place's objects outlive two young-generation collections,
// makes all its later objects straight in the old generation. A server that
// opens long-lived requests first (live statistics streams reconnecting after
// a restart: 100 of them are enough) teaches V8 that request objects live
// long, and from then on every redirect's request objects were made in the
// old generation: on the main thread old-space growth went from ~2 to ~29 MB/s,
// mark-compacts from 2-5 to 8-18 a run, and CPU per redirect up 20-50%
// (bench:redirect --live-streams 100 --live-idle). A request server's objects
// are short-lived by nature; without pretenuring the streams cost nothing.
import { setFlagsFromString } from 'node:v8';

let done = false;

/** Turns pretenuring off for this process (every isolate, workers included). Idempotent. */
export function tuneV8ForRequests(): void {
  if (done) return;
  done = true;
  // The flag is read each time V8 weighs the feedback, so setting it after start-up takes effect.
  setFlagsFromString('--no-allocation-site-pretenuring');
}
