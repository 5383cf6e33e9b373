import { describe, expect, it } from 'vitest';
import { placeErrors } from '../../../renderer/src/forms/field-errors.ts';

const values = { url: '', alias: '', domain_id: '', country: [{ key: 'DE', value: '' }, { key: '', value: '' }], pixel_ids: ['1', '2'] };
const validation = (fields: Record<string, string[]>) => ({ kind: 'validation' as const, message: 'first', fields });

describe('placeErrors', () => {
  it('puts each 422 field error on the input at the same path', () => {
    expect(placeErrors(validation({ url: ['bad url'], 'country.1.key': ['bad key', 'more'] }), values)).toEqual({
      fields: { url: 'bad url', 'country.1.key': 'bad key' }, general: null,
    });
  });

  it('uses the nearest input for paths below one, aliases and whole-list inputs', () => {
    const r = placeErrors(validation({ 'country.5.value': ['no row 5'], domain: ['bad domain'], 'pixel_ids.1': ['not yours'] }), values,
      { domain: 'domain_id' }, ['pixel_ids']);
    expect(r.fields).toEqual({ country: 'no row 5', domain_id: 'bad domain', pixel_ids: 'not yours' });
  });

  it('shows what has no input, and non-field errors, above the form', () => {
    expect(placeErrors(validation({ body: ['The body must be an object.'] }), values)).toEqual({ fields: {}, general: 'The body must be an object.' });
    expect(placeErrors({ kind: 'unreachable', message: 'down' }, values)).toEqual({ fields: {}, general: 'down' });
    expect(placeErrors({ kind: 'validation', message: 'first', fields: {} }, values)).toEqual({ fields: {}, general: 'first' });
  });
});
