// How the import screen names formats and link fields.
import type { ImportField, ImportFormat } from '../../../../shared/transfer.ts';

export const FORMATS: { value: ImportFormat; label: string }[] = [
  { value: 'linkdesk', label: 'Linkdesk (CSV or JSON)' },
  { value: 'bitly', label: 'Bitly' },
  { value: 'dub', label: 'Dub' },
  { value: 'shlink', label: 'Shlink' },
  { value: 'shortio', label: 'Short.io' },
  { value: 'yourls', label: 'YOURLS' },
  { value: 'kutt', label: 'Kutt' },
  { value: 'csv', label: 'Any other CSV' },
];

export const FIELD_LABELS: Record<ImportField, string> = {
  url: 'Destination URL',
  alias: 'Alias',
  domain: 'Domain',
  title: 'Title',
  created_at: 'Created date',
  space: 'Space',
  space_color: 'Space colour',
  pixels: 'Pixels (JSON list)',
  disabled: 'Disabled',
  privacy: 'Statistics privacy (0, 1, 2)',
  password_protected: 'Password protected',
  privacy_password_protected: 'Statistics password protected',
  expiration_url: 'Expired: go to URL',
  expiration_date: 'Expiration date',
  expiration_time: 'Expiration time',
  expiration_clicks: 'Expires after clicks',
  target_type: 'Target type (0–4)',
  country: 'Country targets (JSON list)',
  platform: 'Platform targets (JSON list)',
  language: 'Language targets (JSON list)',
  rotation: 'Rotation (JSON list)',
  preview_title: 'Preview title',
  preview_description: 'Preview description',
  preview_image: 'Preview image',
};

/** Fields most files have, first in the list. */
const COMMON: ImportField[] = ['url', 'alias', 'domain', 'title', 'created_at', 'space', 'disabled', 'expiration_date', 'expiration_clicks', 'expiration_url'];
export const FIELD_OPTIONS = [
  { group: 'Common', items: COMMON.map((f) => ({ value: f, label: FIELD_LABELS[f] })) },
  {
    group: 'More',
    items: (Object.keys(FIELD_LABELS) as ImportField[]).filter((f) => !COMMON.includes(f)).map((f) => ({ value: f, label: FIELD_LABELS[f] })),
  },
];
export const SKIP = '';
