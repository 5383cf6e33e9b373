// Settings → Language: the system's (named with the language it resolves to)
// or one of the twelve, each in its own name. The choice applies at once, in
// every window (main pushes the new locale to each). The pseudo-locale is for
// screenshot tests: offered in development, or when it is already chosen.
import { Select, Text } from '@mantine/core';
import { defineMessages, useIntl } from 'react-intl';
import { ENDONYMS, LOCALES, PSEUDO_LOCALE, isLocale, pickLocale } from '../../../../shared/i18n/locales.ts';
import type { LanguageSetting, SettingsView } from '../../../../shared/native.ts';
import { plain } from '../../i18n/plain.ts';

const m = plain(defineMessages({
  label: { id: 'app.settings.language.label', defaultMessage: 'Language' },
  description: { id: 'app.settings.language.description', defaultMessage: 'The language of every window, the tray, menus and notifications. Dates and numbers follow it.' },
  system: { id: 'app.settings.language.system', defaultMessage: 'System ({language})', description: "The option that follows the operating system's language; {language} is that language's own name" },
  pseudo: { id: 'app.settings.language.pseudo', defaultMessage: 'Pseudo-locale (en-XA, for testing)' },
}));

/** The language "System" stands for: the one Linkdesk resolved, or the browser's preference when another is chosen. */
function systemLocale(view: SettingsView): string {
  if (view.settings.language === 'system') return view.locale;
  return pickLocale(typeof navigator === 'undefined' ? [] : navigator.languages);
}
const endonym = (l: string) => (isLocale(l) ? ENDONYMS[l] : l);

export function LanguageSelect({ view, error, onChange }: { view: SettingsView; error?: string | null; onChange(l: LanguageSetting): void }) {
  const intl = useIntl();
  const language = view.settings.language;
  const offerPseudo = language === PSEUDO_LOCALE || import.meta.env?.DEV === true;
  const data = [
    { value: 'system', label: intl.formatMessage(m.system, { language: endonym(systemLocale(view)) }) },
    ...LOCALES.map((l) => ({ value: l, label: ENDONYMS[l] })),
    ...(offerPseudo ? [{ value: PSEUDO_LOCALE, label: intl.formatMessage(m.pseudo) }] : []),
  ];
  return (
    <Select w={360} label={intl.formatMessage(m.label)} description={intl.formatMessage(m.description)} data={data} value={language}
      allowDeselect={false} error={error || null} data-testid="language-select"
      // Each language's name is in that language: said so to screen readers.
      renderOption={({ option }) => <Text size="sm" span lang={isLocale(option.value) ? option.value : undefined}>{option.label}</Text>}
      onChange={(v) => v && v !== language && onChange(v as LanguageSetting)} />
  );
}
