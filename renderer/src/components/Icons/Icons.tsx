// A handful of stroke icons drawn inline: no icon package, nothing fetched.
import type { SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement> & { size?: number };

function make(paths: string[]) {
  return function Icon({ size = 16, ...rest }: IconProps) {
    return (
      <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2}
        strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" {...rest}>
        {paths.map((d) => <path key={d} d={d} />)}
      </svg>
    );
  };
}

export const IconCopy = make(['M8 8h10a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H10a2 2 0 0 1-2-2z', 'M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2']);
export const IconCheck = make(['M5 12l5 5L20 7']);
export const IconEdit = make(['M4 20h4L18.5 9.5a2.8 2.8 0 0 0-4-4L4 16z', 'M13.5 6.5l4 4']);
export const IconTrash = make(['M4 7h16', 'M10 11v6', 'M14 11v6', 'M5 7l1 12a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2l1-12', 'M9 7V4h6v3']);
export const IconChart = make(['M4 19h16', 'M7 16V10', 'M12 16V5', 'M17 16v-4']);
export const IconPulse = make(['M3 12h4l3-7 4 14 3-7h4']);
export const IconQr = make(['M4 4h6v6H4z', 'M14 4h6v6h-6z', 'M4 14h6v6H4z', 'M14 14h2v2h-2z', 'M18 18h2v2h-2z', 'M18 14h2', 'M14 18h2v2']);
export const IconPlus = make(['M12 5v14', 'M5 12h14']);
export const IconSearch = make(['M10 17a7 7 0 1 0 0-14 7 7 0 0 0 0 14z', 'M21 21l-6-6']);
export const IconArrowUp = make(['M12 19V5', 'M6 11l6-6 6 6']);
export const IconArrowDown = make(['M12 5v14', 'M6 13l6 6 6-6']);
export const IconSelector = make(['M8 9l4-4 4 4', 'M16 15l-4 4-4-4']);
export const IconRefresh = make(['M20 11a8 8 0 1 0-2.3 5.7', 'M20 4v7h-7']);
export const IconChevronDown = make(['M6 9l6 6 6-6']);
export const IconX = make(['M6 6l12 12', 'M18 6L6 18']);
export const IconDownload = make(['M12 4v12', 'M6 11l6 6 6-6', 'M4 20h16']);
export const IconUpload = make(['M12 20V8', 'M6 13l6-6 6 6', 'M4 4h16']);
export const IconLink = make(['M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1', 'M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1']);
export const IconWorld = make(['M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z', 'M3.6 9h16.8', 'M3.6 15h16.8', 'M12 3a15 15 0 0 1 0 18', 'M12 3a15 15 0 0 0 0 18']);
export const IconFolder = make(['M4 5h5l2 2h9a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1z']);
export const IconTarget = make(['M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z', 'M12 16a4 4 0 1 0 0-8 4 4 0 0 0 0 8z']);
export const IconSettings = make(['M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z', 'M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z']);
export const IconServer = make(['M4 4h16v6H4z', 'M4 14h16v6H4z', 'M8 7h.01', 'M8 17h.01']);
export const IconSend = make(['M21 3L10 14', 'M21 3l-7 18-4-7-7-4z']);
export const IconList = make(['M9 6h11', 'M9 12h11', 'M9 18h11', 'M4 6h.01', 'M4 12h.01', 'M4 18h.01']);
export const IconUsers = make(['M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z', 'M3 21v-2a4 4 0 0 1 4-4h4a4 4 0 0 1 4 4v2', 'M16 3.1a4 4 0 0 1 0 7.8', 'M21 21v-2a4 4 0 0 0-3-3.9']);
export const IconKey = make(['M8 15a4 4 0 1 0 0-8 4 4 0 0 0 0 8z', 'M11 11h10', 'M18 11v3', 'M15 11v2']);
export const IconHistory = make(['M12 8v4l3 2', 'M3.1 11a9 9 0 1 1 .9 5', 'M3 4v5h5']);
export const IconShield = make(['M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6z', 'M9 12l2 2 4-4']);
export const IconGripVertical = make(['M9 6h.01', 'M9 12h.01', 'M9 18h.01', 'M15 6h.01', 'M15 12h.01', 'M15 18h.01']);
