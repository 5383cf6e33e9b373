import { Checkbox, Fieldset, Group, PasswordInput, Radio, Switch } from '@mantine/core';
import { LIMITS } from '../../../../../shared/constants.ts';
import type { SectionProps } from './form-context.ts';

/**
 * Secrets are write-only: the API says only whether one is set.
 * PasswordInput marks errors with data-invalid only; aria-invalid is set here
 * so assistive tech (and the focus-the-first-error logic) sees them.
 */
export function ProtectionFields({ form, link }: SectionProps) {
  // redirect_password: `password` is the statistics page's on an instance run with --api-generation current.
  const hasPassword = (link?.redirect_password ?? link?.password) === true;
  const hasPrivacyPassword = link?.privacy_password === true;
  return (
    <Fieldset legend="Access">
      <PasswordInput label="Password" maxLength={LIMITS.passwordLength} autoComplete="new-password"
        description={hasPassword ? 'A password is set. Type a new one to replace it.' : 'Visitors must enter it before they are forwarded.'}
        placeholder={hasPassword ? '••••••••' : 'No password'}
        disabled={form.values.remove_password} {...form.getInputProps('password')}
        aria-invalid={form.errors.password ? true : undefined} />
      {hasPassword ? (
        <Checkbox mt="xs" label="Remove the password" {...form.getInputProps('remove_password', { type: 'checkbox' })} />
      ) : null}
      <Radio.Group mt="sm" label="Statistics page" description="Who may see the link's public statistics page (short URL followed by +)."
        {...form.getInputProps('privacy')}>
        <Group mt={6} gap="lg">
          <Radio value="0" label="Public" />
          <Radio value="1" label="Private" />
          <Radio value="2" label="Password" />
        </Group>
      </Radio.Group>
      {form.values.privacy === '2' ? (
        <PasswordInput mt="sm" label="Statistics password" maxLength={LIMITS.passwordLength} autoComplete="new-password"
          required={!hasPrivacyPassword}
          description={hasPrivacyPassword ? 'A statistics password is set. Type a new one to replace it.' : 'Required for a password-protected statistics page.'}
          {...form.getInputProps('privacy_password')} aria-invalid={form.errors.privacy_password ? true : undefined} />
      ) : null}
      <Switch mt="md" label="Disabled" description="A disabled link answers 404 and is not counted."
        {...form.getInputProps('disabled', { type: 'checkbox' })} />
      <Switch mt="md" label="Sensitive content" description="Visitors see a warning first and continue only if they choose to."
        {...form.getInputProps('sensitive_content', { type: 'checkbox' })} />
    </Fieldset>
  );
}
