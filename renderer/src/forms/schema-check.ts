// The check a schema form runs (schema-form.ts), apart from React and Mantine's
// form so it runs in Node's unit tests as it runs in the window.
import { zod4Resolver } from 'mantine-form-zod-resolver';
import type { IntlShape } from 'react-intl';
import { z } from 'zod';
import { placeMessages } from './field-errors.ts';
import { errorsInScreenWords, type Labels } from './screen-words.ts';

export interface SchemaFormOptions<V> {
  initialValues: V;
  schema: z.ZodType;
  /** The request body the values make; the schema checks that. */
  toBody(values: V): unknown;
  words: Labels;
  /** API field → form path where they differ. */
  aliases?: Record<string, string>;
  /** List fields edited by one input (`pixel_ids`): their items' errors belong on it. */
  whole?: string[];
}

/** `intl`: the language the problems are said in (English when none is given). */
export function schemaValidator<V extends object>(o: Omit<SchemaFormOptions<V>, 'initialValues'>, intl?: IntlShape) {
  const resolve = zod4Resolver(z.preprocess((v) => o.toBody(v as V), o.schema), { errorPriority: 'first' });
  return (values: V): Record<string, string> => {
    const issues = resolve(values as Record<string, unknown>) as Record<string, string>;
    const { fields } = placeMessages(Object.entries(issues), values, o.aliases, o.whole);
    return errorsInScreenWords(fields, o.words, intl);
  };
}

