// The one IPC channel between preload and main. Its own module so the preload
// bundle gets this string without pulling in zod and the contract's schemas.
export const IPC_CHANNEL = 'linkdesk:invoke';
/** Main → window: an AppCommand (shared/native.ts), checked by preload before the page sees it. */
export const COMMAND_CHANNEL = 'linkdesk:command';
