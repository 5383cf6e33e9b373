import type { UseFormReturnType } from '@mantine/form';
import type { Link } from '../../../../../shared/api-types.ts';
import type { LinkOptions } from '../use-link-options.ts';
import type { LinkFormValues } from './link-form-model.ts';

export type LinkForm = UseFormReturnType<LinkFormValues>;
export interface SectionProps { form: LinkForm; link: Link | null; options: LinkOptions | undefined }
