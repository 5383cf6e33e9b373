// How the import screen names formats and link fields.
import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';
import type { ImportField, ImportFormat } from '../../../../shared/transfer.ts';

/** The formats, in the user's language (product names stay as they are). */
export const formats = (intl: IntlShape): { value: ImportFormat; label: string }[] => [
  { value: 'linkdesk', label: intl.formatMessage({ id: 'app.import.format.linkdesk', defaultMessage: 'Linkdesk (CSV or JSON)' }) },
  { value: 'bitly', label: 'Bitly' },
  { value: 'dub', label: 'Dub' },
  { value: 'shlink', label: 'Shlink' },
  { value: 'shortio', label: 'Short.io' },
  { value: 'yourls', label: 'YOURLS' },
  { value: 'kutt', label: 'Kutt' },
  { value: 'csv', label: intl.formatMessage({ id: 'app.import.format.csv', defaultMessage: 'Any other CSV' }) },
];

export const FIELD_LABELS: Record<ImportField, MessageDescriptor> = defineMessages({
  url: { id: 'app.import.field.url', defaultMessage: 'Destination URL' },
  alias: { id: 'app.import.field.alias', defaultMessage: 'Alias' },
  domain: { id: 'app.import.field.domain', defaultMessage: 'Domain' },
  title: { id: 'app.import.field.title', defaultMessage: 'Title' },
  created_at: { id: 'app.import.field.createdAt', defaultMessage: 'Created date' },
  space: { id: 'app.import.field.space', defaultMessage: 'Space' },
  space_color: { id: 'app.import.field.spaceColor', defaultMessage: 'Space colour' },
  pixels: { id: 'app.import.field.pixels', defaultMessage: 'Pixels (JSON list)' },
  disabled: { id: 'app.import.field.disabled', defaultMessage: 'Disabled' },
  privacy: { id: 'app.import.field.privacy', defaultMessage: 'Statistics privacy (0, 1, 2)' },
  password_protected: { id: 'app.import.field.passwordProtected', defaultMessage: 'Password protected' },
  privacy_password_protected: { id: 'app.import.field.privacyPasswordProtected', defaultMessage: 'Statistics password protected' },
  expiration_url: { id: 'app.import.field.expirationUrl', defaultMessage: 'Expired: go to URL' },
  expiration_date: { id: 'app.import.field.expirationDate', defaultMessage: 'Expiration date' },
  expiration_time: { id: 'app.import.field.expirationTime', defaultMessage: 'Expiration time' },
  expiration_clicks: { id: 'app.import.field.expirationClicks', defaultMessage: 'Expires after clicks' },
  target_type: { id: 'app.import.field.targetType', defaultMessage: 'Target type (0–4)' },
  country: { id: 'app.import.field.country', defaultMessage: 'Country targets (JSON list)' },
  platform: { id: 'app.import.field.platform', defaultMessage: 'Platform targets (JSON list)' },
  language: { id: 'app.import.field.language', defaultMessage: 'Language targets (JSON list)' },
  rotation: { id: 'app.import.field.rotation', defaultMessage: 'Rotation (JSON list)' },
  preview_title: { id: 'app.import.field.previewTitle', defaultMessage: 'Preview title' },
  preview_description: { id: 'app.import.field.previewDescription', defaultMessage: 'Preview description' },
  preview_image: { id: 'app.import.field.previewImage', defaultMessage: 'Preview image' },
});

/** Fields most files have, first in the list. */
const COMMON: ImportField[] = ['url', 'alias', 'domain', 'title', 'created_at', 'space', 'disabled', 'expiration_date', 'expiration_clicks', 'expiration_url'];
export const fieldOptions = (intl: IntlShape) => [
  {
    group: intl.formatMessage({ id: 'app.import.fields.common', defaultMessage: 'Common', description: 'A group of import fields' }),
    items: COMMON.map((f) => ({ value: f, label: intl.formatMessage(FIELD_LABELS[f]) })),
  },
  {
    group: intl.formatMessage({ id: 'app.import.fields.more', defaultMessage: 'More', description: 'A group of import fields' }),
    items: (Object.keys(FIELD_LABELS) as ImportField[]).filter((f) => !COMMON.includes(f)).map((f) => ({ value: f, label: intl.formatMessage(FIELD_LABELS[f]) })),
  },
];
export const SKIP = '';
