import { PIXEL_TYPES, type PixelType } from '../../../../shared/constants.ts';

export const PIXEL_TYPE_LABELS: Record<PixelType, string> = {
  'google-analytics': 'Google Analytics',
  'google-tag-manager': 'Google Tag Manager',
  facebook: 'Facebook',
  bing: 'Bing',
  x: 'X',
  pinterest: 'Pinterest',
  linkedin: 'LinkedIn',
  quora: 'Quora',
  adroll: 'AdRoll',
  tiktok: 'TikTok',
};

export const PIXEL_TYPE_OPTIONS = PIXEL_TYPES.map((t) => ({ value: t, label: PIXEL_TYPE_LABELS[t] }));
