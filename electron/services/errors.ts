// A failure the screens can show: it carries the contract's IpcError, whose
// message is written for the person using the app and never holds a key.
import type { IpcError, IpcErrorKind } from '../../shared/contract.ts';

export class ServiceError extends Error {
  readonly error: IpcError;
  constructor(kind: IpcErrorKind, message: string, extra: Omit<IpcError, 'kind' | 'message'> = {}) {
    super(message);
    this.name = 'ServiceError';
    this.error = { kind, message, ...extra };
  }
}


/** A 404 that can mean a route the server does not have: its JSON "Resource not found." or a web server's own page. */
export const isMissingRoute = (err: unknown): err is ServiceError =>
  err instanceof ServiceError && err.error.status === 404 && (err.error.kind === 'not-found' || err.error.kind === 'not-linkdesk');
