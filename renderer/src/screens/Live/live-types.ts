// The live stream's pushes as the desktop sends them (shared/native.ts).
import type { AppCommand } from '../../../../shared/native.ts';

export type { LiveClick } from '../../../../shared/native.ts';
export type LivePush = Extract<AppCommand, { type: 'live-clicks' }>;
export type LiveStatePush = Extract<AppCommand, { type: 'live-state' }>;
export type LiveConnection = LiveStatePush['state'];
