export function compileServer(dir: string): string;
