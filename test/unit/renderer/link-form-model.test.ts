// The link form's values to the request body: what create leaves out, what
// update clears with null, and that stored secrets are kept unless retyped.
import { describe, expect, it } from 'vitest';
import { emptyLinkForm, formToBody, linkToForm } from '../../../renderer/src/screens/Links/LinkDrawer/link-form-model.ts';
import type { LinkV2 } from '../../../renderer/src/screens/Links/LinkDrawer/targeting-model.ts';

// As a server of the seed's generation answers it: no targets_type, rules, sensitive_content or active period.
const stored: LinkV2 = {
  id: 7, alias: 'promo', url: 'https://example.com/', short_url: 'http://go.example.com/promo', title: null,
  domain: { id: 3, name: 'go.example.com' }, space: { id: 4, name: 'S', color: '#000000' }, pixels: [{ id: 5, name: 'P', type: 'x' }],
  disabled: 0, privacy: 2, password: true, privacy_password: true, expiration_url: null, expiration_date: '2030-01-02',
  expiration_time: '10:00', ends_at: '2030-01-02T10:00:00Z', expiration_clicks: 9, target_type: 2,
  country: [{ key: 'DE', value: 'https://de.example/' }], platform: [{ key: 'iOS', value: 'https://ios.example/' }], language: [], rotation: [],
  preview_title: 'Spring sale', preview_description: null, preview_image: 'https://cdn.example/card.png',
  clicks: 0, status: 1, health: 'unknown', health_detail: null, health_checked_at: null, banned: null,
  created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z',
};

describe('formToBody on create', () => {
  it('sends only what was filled in', () => {
    expect(formToBody({ ...emptyLinkForm(), url: ' https://example.com/x ' }, false)).toEqual({
      url: 'https://example.com/x', disabled: 0, privacy: 0,
    });
  });

  it('sends every group when filled, targeting in the current generation', () => {
    const body = formToBody({
      ...emptyLinkForm(), url: 'https://e.x/', domain_id: '3', alias: 'a', password: 'pw', privacy: '2', privacy_password: 'pp',
      disabled: true, expiration_date: '2031-01-01', expiration_time: '08:15', expiration_clicks: 5, expiration_url: 'https://e.x/gone',
      targets_type: 'languages', targets: [{ key: 'de', value: ' https://e.x/de ', weight: 1 }],
      space_id: '4', pixel_ids: ['5', '6'], sensitive_content: true, active_period_start_at: '2030-12-24T18:00',
    }, false);
    expect(body).toEqual({
      url: 'https://e.x/', domain_id: 3, alias: 'a', redirect_password: 'pw', privacy: 2, privacy_password: 'pp', disabled: 1,
      expiration_date: '2031-01-01', expiration_time: '08:15', expiration_clicks: 5, expiration_url: 'https://e.x/gone',
      targets_type: 'languages', targets: [{ key: 'de', value: 'https://e.x/de' }], space_id: 4, pixel_ids: [5, 6],
      // The instant of this computer's 18:00, which the server takes whatever its time zone.
      sensitive_content: true, active_period_start_at: new Date('2030-12-24T18:00').toISOString().replace('.000Z', 'Z'),
    });
  });

  it('sends the social preview fields trimmed, and leaves out empty ones', () => {
    const body = formToBody({ ...emptyLinkForm(), url: 'https://e.x/', preview_title: ' Sale ', preview_description: '  ', preview_image: 'https://cdn/x.png' }, false);
    expect(body).toMatchObject({ preview_title: 'Sale', preview_image: 'https://cdn/x.png' });
    expect(body).not.toHaveProperty('preview_description');
  });

  it('sends a click limit typed as digits as a number: the API takes JSON as typed', () => {
    expect(formToBody({ ...emptyLinkForm(), url: 'https://a.example/', expiration_clicks: ' 12 ' }, false).expiration_clicks).toBe(12);
    expect(formToBody({ ...emptyLinkForm(), url: 'https://a.example/', expiration_clicks: '99999999999999999' }, false).expiration_clicks).toBe(1e17);
  });

  it('keeps empty target rows so the server can name the row that is wrong', () => {
    const body = formToBody({
      ...emptyLinkForm(), url: 'https://e.x/', targets_type: 'rotations', targets: [{ key: '', value: '', weight: 3 }, { key: '', value: 'https://b/', weight: '' }],
    }, false);
    expect(body.targets).toEqual([{ value: '', weight: 3 }, { value: 'https://b/', weight: 1 }]);
  });
});

describe('formToBody on update', () => {
  it('round-trips a stored link without touching its secrets or its domain; a seed-only answer is read in the current generation', () => {
    const body = formToBody(linkToForm(stored), true);
    expect(body).not.toHaveProperty('password');
    expect(body).not.toHaveProperty('privacy_password');
    expect(body).not.toHaveProperty('domain_id');
    expect(body).toMatchObject({
      url: 'https://example.com/', alias: 'promo', privacy: 2, targets_type: 'operating_systems', targets: [{ key: 'iOS', value: 'https://ios.example/' }],
      rules: [], sensitive_content: false, active_period_start_at: null,
      expiration_date: '2030-01-02', expiration_time: '10:00', expiration_clicks: 9, expiration_url: null, space_id: 4, pixel_ids: [5],
      preview_title: 'Spring sale', preview_description: null, preview_image: 'https://cdn.example/card.png',
    });
  });

  it('clears the social preview fields with null when they are emptied', () => {
    const v = { ...linkToForm(stored), preview_title: '', preview_image: ' ' };
    expect(formToBody(v, true)).toMatchObject({ preview_title: null, preview_description: null, preview_image: null });
  });

  it('always sends the link password as redirect_password, which every generation and --api-generation read as the link\'s', () => {
    expect(formToBody({ ...linkToForm(stored), password: 'new-link-pw' }, true)).toMatchObject({ redirect_password: 'new-link-pw', privacy: 2 });
    expect(formToBody({ ...linkToForm(stored), password: 'new-link-pw' }, true)).not.toHaveProperty('password');
    expect(formToBody({ ...linkToForm(stored), remove_password: true }, true)).toMatchObject({ redirect_password: null });
    expect(formToBody({ ...linkToForm(stored), password: 'a', privacy_password: 'b' }, true)).toMatchObject({ redirect_password: 'a', privacy_password: 'b' });
    expect(formToBody({ ...linkToForm(stored), password: 'a', privacy: '1' }, true)).toMatchObject({ redirect_password: 'a' });
    expect(formToBody({ ...linkToForm(stored), password: 'a', privacy: '1' }, true)).not.toHaveProperty('password');
  });

  it('shows an active period answered as an instant on this computer\'s clock, and an older server\'s Y-m-d H:i as it is', () => {
    const at = new Date(2031, 2, 1, 9, 30); // 09:30 here
    const iso = at.toISOString().replace('.000Z', '.000000Z');
    expect(linkToForm({ ...stored, active_period_start_at: iso }).active_period_start_at).toBe('2031-03-01T09:30');
    expect(linkToForm({ ...stored, active_period_start_at: '2031-03-01 09:30' }).active_period_start_at).toBe('2031-03-01T09:30');
  });

  it('clears with null and removes a password only when asked', () => {
    const v = { ...linkToForm(stored), expiration_date: '', expiration_time: '10:00', expiration_clicks: '', space_id: '', pixel_ids: [], remove_password: true };
    expect(formToBody(v, true)).toMatchObject({
      redirect_password: null, expiration_date: null, expiration_time: null, expiration_clicks: null, space_id: null, pixel_ids: [],
    });
  });
});
