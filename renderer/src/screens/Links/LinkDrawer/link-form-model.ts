// The link form's values use the API's field names, so a 422 keyed
// `country.0.value` lands on the input at that same path.
import type { KeyValue, Link } from '../../../../../shared/api-types.ts';
import { TARGET_FIELD, type TargetField } from '../../../../../shared/constants.ts';
import type { Body } from '../../../api/types.ts';
import { labels } from '../../../forms/screen-words.ts';

/** Each field as the form's labels name it, for the form's own checks and the server's 422s alike. */
export const LINK_WORDS = labels({
  url: 'destination URL', alias: 'alias', domain_id: 'domain', password: 'password', privacy: 'statistics page setting',
  privacy_password: 'statistics password', disabled: 'disabled setting', expiration_date: 'expiration date',
  expiration_time: 'expiration time', expiration_clicks: 'click limit', expiration_url: 'expiration URL',
  target_type: 'target type', country: 'country list', platform: 'platform list', language: 'language list', rotation: 'rotation list',
  'country.*.key': (n) => `country ${n}`, 'country.*.value': (n) => `URL for country ${n}`,
  'platform.*.key': (n) => `platform ${n}`, 'platform.*.value': (n) => `URL for platform ${n}`,
  'language.*.key': (n) => `language ${n}`, 'language.*.value': (n) => `URL for language ${n}`,
  'rotation.*.value': (n) => `rotation URL ${n}`,
  space_id: 'space', pixel_ids: 'pixels', preview_title: 'preview title', preview_description: 'preview description',
  preview_image: 'preview image URL',
});

export interface LinkFormValues {
  url: string;
  domain_id: string;
  alias: string;
  password: string;
  /** Edit only: drop the stored password. */
  remove_password: boolean;
  privacy: '0' | '1' | '2';
  privacy_password: string;
  disabled: boolean;
  expiration_date: string;
  expiration_time: string;
  expiration_clicks: number | string;
  expiration_url: string;
  target_type: '0' | '1' | '2' | '3' | '4';
  country: KeyValue[];
  platform: KeyValue[];
  language: KeyValue[];
  rotation: { value: string }[];
  space_id: string;
  pixel_ids: string[];
  preview_title: string;
  preview_description: string;
  preview_image: string;
}

export const emptyLinkForm = (): LinkFormValues => ({
  url: '', domain_id: '', alias: '', password: '', remove_password: false, privacy: '0', privacy_password: '',
  disabled: false, expiration_date: '', expiration_time: '', expiration_clicks: '', expiration_url: '',
  target_type: '0', country: [], platform: [], language: [], rotation: [], space_id: '', pixel_ids: [],
  preview_title: '', preview_description: '', preview_image: '',
});

export function linkToForm(l: Link): LinkFormValues {
  return {
    ...emptyLinkForm(),
    url: l.url,
    domain_id: l.domain ? String(l.domain.id) : '',
    alias: l.alias,
    privacy: String(l.privacy) as LinkFormValues['privacy'],
    disabled: l.disabled === 1,
    expiration_date: l.expiration_date ?? '',
    expiration_time: l.expiration_date ? (l.expiration_time ?? '') : '',
    expiration_clicks: l.expiration_clicks ?? '',
    expiration_url: l.expiration_url ?? '',
    target_type: String(l.target_type) as LinkFormValues['target_type'],
    country: l.country.map((e) => ({ ...e })),
    platform: l.platform.map((e) => ({ ...e })),
    language: l.language.map((e) => ({ ...e })),
    rotation: l.rotation.map((e) => ({ ...e })),
    space_id: l.space ? String(l.space.id) : '',
    pixel_ids: l.pixels.map((p) => String(p.id)),
    preview_title: l.preview_title ?? '',
    preview_description: l.preview_description ?? '',
    preview_image: l.preview_image ?? '',
  };
}

export const selectedTargetField = (v: Pick<LinkFormValues, 'target_type'>): TargetField | null =>
  v.target_type === '0' ? null : TARGET_FIELD[Number(v.target_type) as keyof typeof TARGET_FIELD];

const clicksOf = (v: number | string): number | string | null => (v === '' ? null : typeof v === 'number' ? v : v.trim() || null);

/**
 * The request body. Create leaves out what is empty; update sends `null` to
 * clear a field and leaves out the secrets that were not retyped, so a stored
 * password is kept unless the user enters a new one or removes it. Only the
 * selected target type's list is sent: the others do not apply.
 */
export function formToBody(v: LinkFormValues, editing: boolean): Body {
  const t = (s: string) => s.trim();
  const body: Body = { url: t(v.url), disabled: v.disabled ? 1 : 0, privacy: Number(v.privacy), target_type: Number(v.target_type) };
  const optional = (key: string, value: unknown) => {
    if (value !== '' && value !== null) body[key] = value;
    else if (editing) body[key] = null;
  };
  if (!editing && v.domain_id) body.domain_id = Number(v.domain_id);
  if (t(v.alias)) body.alias = t(v.alias);
  if (v.remove_password && editing) body.password = null;
  else if (v.password) body.password = v.password;
  if (v.privacy === '2' && v.privacy_password) body.privacy_password = v.privacy_password;
  optional('expiration_date', t(v.expiration_date));
  optional('expiration_time', t(v.expiration_date) ? t(v.expiration_time) : '');
  optional('expiration_clicks', clicksOf(v.expiration_clicks));
  optional('expiration_url', t(v.expiration_url));
  optional('space_id', v.space_id ? Number(v.space_id) : '');
  optional('preview_title', t(v.preview_title));
  optional('preview_description', t(v.preview_description));
  optional('preview_image', t(v.preview_image));
  if (editing || v.pixel_ids.length) body.pixel_ids = v.pixel_ids.map(Number);
  const field = selectedTargetField(v);
  if (field === 'rotation') body.rotation = v.rotation.map((e) => ({ value: t(e.value) }));
  else if (field) body[field] = v[field].map((e) => ({ key: e.key, value: t(e.value) }));
  return body;
}
