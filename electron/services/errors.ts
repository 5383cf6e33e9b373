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

