// The link form's own checks: the API's schema, applied to the body the form
// would send, each problem on its input in the form's words.
import { describe, expect, it } from 'vitest';
import { linkCreateSchema } from '../../../shared/schemas/links.ts';
import { schemaValidator } from '../../../renderer/src/forms/schema-check.ts';
import { inScreenWords } from '../../../renderer/src/forms/screen-words.ts';
import { emptyLinkForm, formToBody, linkWords, type LinkFormValues } from '../../../renderer/src/screens/Links/LinkDrawer/link-form-model.ts';

const validate = schemaValidator<LinkFormValues>({
  schema: linkCreateSchema, toBody: (v) => formToBody(v, false), words: linkWords('countries'), aliases: { domain: 'domain_id' }, whole: ['pixel_ids'],
});

describe('the link form checked with the shared schema', () => {
  it('says what is wrong in the form\'s labels, never the API\'s field names', () => {
    const errors = validate({
      ...emptyLinkForm(), url: 'ftp://x', alias: 'no spaces', preview_image: 'not a url', targets_type: 'countries',
      targets: [{ key: 'DE', value: 'https://example.de', weight: 1 }, { key: 'AT', value: 'javascript:alert(1)', weight: 1 }],
    });
    expect(errors).toEqual({
      url: 'The destination URL must be a web address starting with http:// or https://.',
      alias: 'The alias may only contain letters, numbers, dashes and underscores.',
      preview_image: 'The preview image URL must be a web address starting with http:// or https://.',
      'targets.1.value': 'The URL for country 2 must be a web address starting with http:// or https://.',
    });
    for (const message of Object.values(errors)) expect(message).not.toMatch(/preview_image|_id|country value/);
  });

  it('asks for what is required and is content with a valid link', () => {
    expect(validate(emptyLinkForm())).toEqual({ url: 'Enter the destination URL.' });
    expect(validate({ ...emptyLinkForm(), url: 'https://example.com/a' })).toEqual({});
  });

  it('puts a rule\'s problems on its condition or URL, in the rule\'s words', () => {
    const errors = validate({
      ...emptyLinkForm(), url: 'https://example.com/a',
      rules: [
        { if: { countries: [], query: [{ param: '', value: 'x' }] }, url: 'https://example.com/r1' },
        { if: {}, url: 'ftp://x' },
      ],
    });
    expect(errors).toEqual({
      'rules.0.if.countries': 'The rule 1 countries condition needs at least one value.',
      'rules.0.if.query': 'The rule 1 query condition needs 1 to 100 parameters.',
      'rules.1.if': 'A rule needs at least one condition.',
      'rules.1.url': 'The URL for rule 2 must be a web address starting with http:// or https://.',
    });
  });

  it('words a server message the same way, and keeps one it cannot place', () => {
    expect(inScreenWords('The alias has already been taken.', 'alias')).toBe('The alias has already been taken.');
    expect(inScreenWords('The preview_title may not be greater than 200 characters.', 'preview title'))
      .toBe('The preview title can be at most 200 characters long.');
    expect(inScreenWords('The selected privacy is invalid; allowed: 0, 1, 2.', 'statistics page setting')).toBe('Choose a valid statistics page setting.');
    expect(inScreenWords('Something else entirely.', 'alias')).toBe('Something else entirely.');
    expect(inScreenWords('The privacy_password field is required when privacy is 2 (password).', 'statistics password'))
      .toBe('Enter the statistics password.');
    expect(inScreenWords('The expiration_time needs an expiration_date.', 'expiration time')).toBe('The expiration time needs an expiration date.');
    expect(inScreenWords('The country field needs at least one entry when target_type is 1.', 'country list'))
      .toBe('The country list needs at least one entry.');
  });
});
