/** A problem with the whole file (not one row), said for the person who chose it. */
export class TransferError extends Error {
  override name = 'TransferError';
}
