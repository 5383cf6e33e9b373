// The link form's values use the API's field names, so a 422 keyed
// `country.0.value` lands on the input at that same path.
import type { Body } from '../../../api/types.ts';
import { labels, type Labels } from '../../../forms/screen-words.ts';
import {
  LIST_CONDITIONS, ruleToBody, ruleToForm, targetsOf, targetsToBody, inputToInstant, instantToInput, type LinkV2, type RuleRow, type TargetRow, type TargetsType,
} from './targeting-model.ts';

const BASE_WORDS = {
  url: 'destination URL', alias: 'alias', domain_id: 'domain', password: 'password', privacy: 'statistics page setting',
  privacy_password: 'statistics password', disabled: 'disabled setting', expiration_date: 'expiration date',
  expiration_time: 'expiration time', expiration_clicks: 'click limit', expiration_url: 'expiration URL',
  targets_type: 'target type', targets: 'target list',
  rules: 'rule list', 'rules.*.url': (n: number) => `URL for rule ${n}`, 'rules.*.if': (n: number) => `conditions of rule ${n}`,
  // The schema says "The countries condition needs …": the label takes the place of "countries".
  'rules.*.if.query': (n: number) => `rule ${n} query`, 'rules.*.if.between': (n: number) => `rule ${n} date`,
  'rules.*.if.between.from': (n: number) => `start of rule ${n}`, 'rules.*.if.between.to': (n: number) => `end of rule ${n}`,
  ...Object.fromEntries(LIST_CONDITIONS.map((c) => [`rules.*.if.${c}`, (n: number) => `rule ${n} ${c.replace('_', ' ')}`])),
  sensitive_content: 'sensitive content setting', active_period_start_at: 'active-from date and time',
  space_id: 'space', pixel_ids: 'pixels', preview_title: 'preview title', preview_description: 'preview description',
  preview_image: 'preview image URL',
};

/** Each field as the form's labels name it, for the form's own checks and the server's 422s alike; a target row as its type names it. */
export function linkWords(type: TargetsType | ''): Labels {
  // English words inside the form's English checks (forms/screen-words.ts); the server's 422s are English too.
  const noun = type && type !== 'rotations' ? type.replace(/_/g, ' ').replace(/ies$/, 'y').replace(/s$/, '') : 'target';
  return labels({
    ...BASE_WORDS,
    'targets.*.key': (n) => `${noun} ${n}`,
    'targets.*.value': (n) => (type === 'rotations' ? `rotation URL ${n}` : `URL for ${noun} ${n}`),
    'targets.*.weight': (n) => `weight ${n}`,
  });
}
export const LINK_WORDS = linkWords('');

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
  targets_type: TargetsType | '';
  targets: TargetRow[];
  rules: RuleRow[];
  sensitive_content: boolean;
  /** The datetime-local input's `YYYY-MM-DDTHH:MM`; `Y-m-d H:i` in the body. */
  active_period_start_at: string;
  space_id: string;
  pixel_ids: string[];
  preview_title: string;
  preview_description: string;
  preview_image: string;
}

export const emptyLinkForm = (): LinkFormValues => ({
  url: '', domain_id: '', alias: '', password: '', remove_password: false, privacy: '0', privacy_password: '',
  disabled: false, expiration_date: '', expiration_time: '', expiration_clicks: '', expiration_url: '',
  targets_type: '', targets: [], rules: [], sensitive_content: false, active_period_start_at: '', space_id: '', pixel_ids: [],
  preview_title: '', preview_description: '', preview_image: '',
});

export function linkToForm(l: LinkV2): LinkFormValues {
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
    ...targetsOf(l),
    rules: (l.rules ?? []).map(ruleToForm),
    sensitive_content: Boolean(l.sensitive_content),
    active_period_start_at: instantToInput(l.active_period_start_at),
    space_id: l.space ? String(l.space.id) : '',
    pixel_ids: l.pixels.map((p) => String(p.id)),
    preview_title: l.preview_title ?? '',
    preview_description: l.preview_description ?? '',
    preview_image: l.preview_image ?? '',
  };
}

/** The API takes JSON as typed: digits the number input left as text (past 2^53, say) go as the number they spell. */
const clicksOf = (v: number | string): number | string | null => {
  if (typeof v === 'number') return v;
  const t = v.trim();
  return t === '' ? null : /^\d+$/.test(t) ? Number(t) : t;
};

/**
 * The request body. Create leaves out what is empty; update sends `null` to
 * clear a field and leaves out the secrets that were not retyped, so a stored
 * password is kept unless the user enters a new one or removes it. Targeting
 * is written in phpShort's current generation (`targets_type` + `targets`).
 */
export function formToBody(v: LinkFormValues, editing: boolean): Body {
  const t = (s: string) => s.trim();
  const body: Body = { url: t(v.url), disabled: v.disabled ? 1 : 0, privacy: Number(v.privacy) };
  const optional = (key: string, value: unknown) => {
    if (value !== '' && value !== null) body[key] = value;
    else if (editing) body[key] = null;
  };
  if (!editing && v.domain_id) body.domain_id = Number(v.domain_id);
  if (t(v.alias)) body.alias = t(v.alias);
  if (v.privacy === '2' && v.privacy_password) body.privacy_password = v.privacy_password;
  // Always `redirect_password`: `password` is the statistics page's in a request of current phpShort's generation
  // (one with targets_type, say) and on an instance run with --api-generation current; redirect_password is the link's in both.
  const linkPassword = 'redirect_password';
  if (v.remove_password && editing) body[linkPassword] = null;
  else if (v.password) body[linkPassword] = v.password;
  optional('expiration_date', t(v.expiration_date));
  optional('expiration_time', t(v.expiration_date) ? t(v.expiration_time) : '');
  optional('expiration_clicks', clicksOf(v.expiration_clicks));
  optional('expiration_url', t(v.expiration_url));
  optional('space_id', v.space_id ? Number(v.space_id) : '');
  optional('preview_title', t(v.preview_title));
  optional('preview_description', t(v.preview_description));
  optional('preview_image', t(v.preview_image));
  if (editing || v.pixel_ids.length) body.pixel_ids = v.pixel_ids.map(Number);
  if (editing || v.targets_type) {
    body.targets_type = v.targets_type;
    body.targets = targetsToBody(v.targets_type, v.targets);
  }
  if (editing || v.rules.length) body.rules = v.rules.map(ruleToBody);
  if (editing || v.sensitive_content) body.sensitive_content = v.sensitive_content;
  optional('active_period_start_at', t(v.active_period_start_at) ? inputToInstant(v.active_period_start_at) : '');
  return body;
}
