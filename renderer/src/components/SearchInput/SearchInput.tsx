import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { IconSearch } from '../Icons/Icons.tsx';

/** Commits after a pause in typing, or at once on Enter. */
export function SearchInput({ value, onChange, label, placeholder, w = 220 }: {
  value: string; onChange(value: string): void; label?: string; placeholder?: string; w?: number;
}) {
  const intl = useIntl();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const commit = useDebouncedCallback((v: string) => onChange(v.trim()), 350);

  return (
    <TextInput
      label={label ?? intl.formatMessage({ id: 'app.search.label', defaultMessage: 'Search' })}
      placeholder={placeholder}
      value={text}
      leftSection={<IconSearch />}
      onChange={(e) => {
        setText(e.currentTarget.value);
        commit(e.currentTarget.value);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          commit.cancel();
          onChange(text.trim());
        }
      }}
      rightSection={text ? <CloseButton aria-label={intl.formatMessage({ id: 'app.search.clear', defaultMessage: 'Clear search' })} size="sm" onClick={() => { setText(''); commit.cancel(); onChange(''); }} /> : null}
      maxLength={255}
      w={w}
    />
  );
}
