// react-intl 12's defineMessages() types each message's values from a type
// argument (none given: the message takes no values). The screens pass values
// checked by the catalog check (scripts/i18n.mjs: arguments as English's)
// rather than by types, so a group of messages is made plain descriptors:
//   const m = plain(defineMessages({ saved: { id: 'app.x.saved', defaultMessage: 'Saved {name}' } }));
//   intl.formatMessage(m.saved, { name })
// (FormatJS's extractor still reads the defineMessages call inside.)
import type { MessageDescriptor } from 'react-intl';

export type PlainMessage = Readonly<MessageDescriptor & { id: string; defaultMessage: string }>;

export const plain = <T extends object>(messages: T) => messages as unknown as { readonly [K in keyof T]: PlainMessage };
