import { Checkbox, Fieldset, Group, PasswordInput, Radio, Switch } from '@mantine/core';
import { LIMITS } from '../../../../../shared/constants.ts';
import { defineMessages, useIntl } from 'react-intl';
import { plain } from '../../../i18n/plain.ts';
import type { SectionProps } from './form-context.ts';

const m = plain(defineMessages({
  legend: { id: 'app.links.form.access', defaultMessage: 'Access' },
  password: { id: 'app.links.form.password', defaultMessage: 'Password' },
  passwordSet: { id: 'app.links.form.password.set', defaultMessage: 'A password is set. Type a new one to replace it.' },
  passwordHelp: { id: 'app.links.form.password.description', defaultMessage: 'Visitors must enter it before they are forwarded.' },
  noPassword: { id: 'app.links.form.password.none', defaultMessage: 'No password' },
  removePassword: { id: 'app.links.form.password.remove', defaultMessage: 'Remove the password' },
  statsPage: { id: 'app.links.form.privacy', defaultMessage: 'Statistics page' },
  statsPageHelp: { id: 'app.links.form.privacy.description', defaultMessage: "Who may see the link's public statistics page (short URL followed by +)." },
  public: { id: 'app.links.form.privacy.public', defaultMessage: 'Public' },
  private: { id: 'app.links.form.privacy.private', defaultMessage: 'Private' },
  byPassword: { id: 'app.links.form.privacy.password', defaultMessage: 'Password' },
  statsPassword: { id: 'app.links.form.privacyPassword', defaultMessage: 'Statistics password' },
  statsPasswordSet: { id: 'app.links.form.privacyPassword.set', defaultMessage: 'A statistics password is set. Type a new one to replace it.' },
  statsPasswordHelp: { id: 'app.links.form.privacyPassword.description', defaultMessage: 'Required for a password-protected statistics page.' },
  disabled: { id: 'app.links.form.disabled', defaultMessage: 'Disabled' },
  disabledHelp: { id: 'app.links.form.disabled.description', defaultMessage: 'A disabled link answers 404 and is not counted.' },
  sensitive: { id: 'app.links.form.sensitive', defaultMessage: 'Sensitive content' },
  sensitiveHelp: { id: 'app.links.form.sensitive.description', defaultMessage: 'Visitors see a warning first and continue only if they choose to.' },
}));

/**
 * Secrets are write-only: the API says only whether one is set.
 * PasswordInput marks errors with data-invalid only; aria-invalid is set here
 * so assistive tech (and the focus-the-first-error logic) sees them.
 */
export function ProtectionFields({ form, link }: SectionProps) {
  // redirect_password: `password` is the statistics page's on an instance run with --api-generation current.
  const hasPassword = (link?.redirect_password ?? link?.password) === true;
  const hasPrivacyPassword = link?.privacy_password === true;
  const intl = useIntl();
  const t = (d: (typeof m)[keyof typeof m]) => intl.formatMessage(d);
  return (
    <Fieldset legend={t(m.legend)}>
      <PasswordInput label={t(m.password)} maxLength={LIMITS.passwordLength} autoComplete="new-password"
        description={t(hasPassword ? m.passwordSet : m.passwordHelp)}
        placeholder={hasPassword ? '••••••••' : t(m.noPassword)}
        disabled={form.values.remove_password} {...form.getInputProps('password')}
        aria-invalid={form.errors.password ? true : undefined} />
      {hasPassword ? (
         <Checkbox mt="xs" label={t(m.removePassword)} {...form.getInputProps('remove_password', { type: 'checkbox' })} />
      ) : null}
      <Radio.Group mt="sm" label={t(m.statsPage)} description={t(m.statsPageHelp)}
        {...form.getInputProps('privacy')}>
        <Group mt={6} gap="lg">
          <Radio value="0" label={t(m.public)} />
          <Radio value="1" label={t(m.private)} />
          <Radio value="2" label={t(m.byPassword)} />
        </Group>
      </Radio.Group>
      {form.values.privacy === '2' ? (
        <PasswordInput mt="sm" label={t(m.statsPassword)} maxLength={LIMITS.passwordLength} autoComplete="new-password"
          required={!hasPrivacyPassword}
          description={t(hasPrivacyPassword ? m.statsPasswordSet : m.statsPasswordHelp)}
          {...form.getInputProps('privacy_password')} aria-invalid={form.errors.privacy_password ? true : undefined} />
      ) : null}
      <Switch mt="md" label={t(m.disabled)} description={t(m.disabledHelp)}
        {...form.getInputProps('disabled', { type: 'checkbox' })} />
      <Switch mt="md" label={t(m.sensitive)} description={t(m.sensitiveHelp)}
        {...form.getInputProps('sensitive_content', { type: 'checkbox' })} />
    </Fieldset>
  );
}
