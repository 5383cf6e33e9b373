export function electronBinary(env?: NodeJS.ProcessEnv): { path: string } | { reason: string };
