// An event stream's text cut into its events (blocks ending in a blank line),
// linear and bounded: each piece of text is scanned once, only itself (the
// event being gathered is kept as its pieces, never rescanned or joined until
// it ends), and an instance that never ends an event cannot grow the process:
// an event over `maxEvent` characters, or text held over `maxBuffer`, throws
// SseOverflow (the caller drops the connection and says why).
import { ServiceError } from './errors.ts';

export const MAX_EVENT = 64 * 1024;
export const MAX_BUFFER = 1024 * 1024;

/** The stream broke its bounds: `contract`, since waiting does not mend an instance that sends such things. */
export class SseOverflow extends ServiceError {
  constructor(message: string) {
    super('contract', message);
  }
}

const size = (n: number) => (n >= 1024 * 1024 ? `${Math.round(n / 1024 / 1024)} MB` : `${Math.round(n / 1024)} KB`);

/**
 * A function taking the stream's text as it comes (any split: one character at a time parses the
 * same as all at once) and calling `onEvent` with each event's text, without its blank line.
 */
export function sseEvents(onEvent: (block: string) => void, { maxEvent = MAX_EVENT, maxBuffer = MAX_BUFFER } = {}): (text: string) => void {
  let parts: string[] = [];
  let held = 0;
  /** Whether the held text ends with a newline: the next piece starting with one ends the event. */
  let endsInNewline = false;
  const tooLarge = () => {
    parts = [];
    held = 0;
    endsInNewline = false;
    return new SseOverflow(`The instance sent a live event over ${size(maxEvent)}: the connection was dropped.`);
  };
  const emit = (last: string) => {
    if (held + last.length > maxEvent) throw tooLarge();
    parts.push(last);
    const block = parts.join('');
    parts = [];
    held = 0;
    onEvent(block);
  };
  return (text) => {
    if (!text) return;
    if (held + text.length > maxBuffer) {
      throw new SseOverflow(`The instance sent over ${size(maxBuffer)} of live data without ending an event: the connection was dropped.`);
    }
    let start = 0;
    if (endsInNewline && text[0] === '\n') {
      // The blank line was split between two pieces: the held text, less its newline, is the event.
      parts[parts.length - 1] = parts[parts.length - 1]!.slice(0, -1);
      held -= 1;
      emit('');
      start = 1;
    }
    for (let end: number; (end = text.indexOf('\n\n', start)) >= 0; start = end + 2) emit(text.slice(start, end));
    const rest = text.slice(start);
    endsInNewline = rest.endsWith('\n');
    if (!rest) return;
    held += rest.length;
    if (held - (endsInNewline ? 1 : 0) > maxEvent) throw tooLarge(); // a trailing newline may be half the blank line
    parts.push(rest);
  };
}
