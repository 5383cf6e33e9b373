export function adviceFor(step: string, error: unknown, electron?: { version?: string; arch?: string }): string;
export function unpackedName(): string;
