// The one way a form saves: busy while the request is out, a teal notice and
// onSaved on success; on refusal the API's field errors go onto their inputs
// and whatever has no input comes back as `general`, shown above the form.
import type { UseFormReturnType } from '@mantine/form';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { toIpcError } from '../api/api.ts';
import { placeErrors } from './field-errors.ts';
import { errorsInScreenWords, type Labels } from './screen-words.ts';
import { notify } from '../notify.ts';

export interface SaveFormOptions<V, T> {
  save(values: V): Promise<T>;
  /** The success notice for what was saved. */
  notice(saved: T): { title?: string; message: string };
  onSaved(saved: T): void;
  /** Passed to placeErrors: API field → form path where they differ. */
  aliases?: Record<string, string>;
  /** Passed to placeErrors: list fields edited by one input. */
  whole?: string[];
  /** After a refusal's errors are set, e.g. to move the keyboard to them. */
  onRefused?(): void;
  /** The form's labels: a 422's messages are said in them, as the form's own checks say them. */
  words?: Labels;
}

export function useSaveForm<V extends object, T>(form: UseFormReturnType<V>, options: SaveFormOptions<V, T>) {
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  const [general, setGeneral] = useState<string | null>(null);
  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    setGeneral(null);
    // The last refusal's errors must not outlive a new attempt.
    form.clearErrors();
    try {
      const saved = await options.save(values);
      notify({ color: 'teal', ...options.notice(saved) });
      options.onSaved(saved);
    } catch (e) {
      const placed = placeErrors(toIpcError(e), values, options.aliases, options.whole);
      form.setErrors(options.words ? errorsInScreenWords(placed.fields, options.words, intl) : placed.fields);
      setGeneral(placed.general);
      options.onRefused?.();
    } finally {
      setBusy(false);
    }
  });
  /** Whether Save can be pressed: not while saving, nor while the form's own checks find a problem. */
  const ready = !busy && !Object.keys(form.errors).length && form.isValid();
  return { submit, busy, general, ready };
}
