// Forms checked with the shared zod schemas before anything is sent: the
// form's values become the request body (`toBody`), the API's own schema
// checks it (through mantine-form-zod-resolver), and each issue lands on the
// input at its path, in the form's words. A field is checked when the user
// leaves it after changing it, and again at each keystroke once it shows an
// error, so the error goes the moment the input is right.
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useRef } from 'react';
import { useIntl } from 'react-intl';
import { schemaValidator, type SchemaFormOptions } from './schema-check.ts';

const valueAt = (values: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((node, part) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), values);

export function useSchemaForm<V extends object>(o: SchemaFormOptions<V>): UseFormReturnType<V> {
  const validate = schemaValidator(o, useIntl());
  const formRef = useRef<UseFormReturnType<V> | null>(null);
  /** Fields the user has typed in (even back to empty): those are checked on leaving. */
  const edited = useRef(new Set<string>());
  const form = useForm<V>({
    initialValues: o.initialValues,
    validate: (values) => validate(values),
    // On leaving a field the user changed: an untouched empty field is not an error
    // yet (and an error appearing under it would move what they are clicking).
    enhanceGetInputProps: ({ field, form: f, inputProps }) => {
      // Taken now: Mantine merges what this returns into that same object.
      const change = inputProps.onChange as (...a: unknown[]) => void;
      return {
        onChange: (...args: unknown[]) => {
          edited.current.add(field);
          change(...args);
        },
        onBlur: () => { if (edited.current.has(field)) f.validateField(field); },
      };
    },
    onValuesChange: (values, previous) => {
      // Re-check the changed fields that show an error, so it leaves as soon as the input is right
      // (a server's refusal of a field stays until that field changes).
      const f = formRef.current;
      if (!f) return;
      for (const path of Object.keys(f.errors)) {
        if (JSON.stringify(valueAt(values, path)) !== JSON.stringify(valueAt(previous, path))) f.validateField(path);
      }
    },
  });
  formRef.current = form;
  return form;
}
