export function withoutEngineWarnings(stderr: string, nodeVersion?: string): { stderr: string; note: string | null };
export function runNpm(args: string[], options?: { cwd?: string; env?: NodeJS.ProcessEnv; allowFail?: boolean; timeout?: number }): boolean;
