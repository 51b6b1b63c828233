import { FileInput } from '@mantine/core';
import { useTranslation } from '../../i18n';
import { FieldFrame } from '../form/FieldFrame';
import { standalone } from '../form/standalone';
import { type FieldProps, useField } from '../form/useField';
import { AnimatedIcon } from '../icons/AnimatedIcon';
import { type FileValue, fileValidators, readDataUrl } from './files';

export interface FileFieldProps extends FieldProps {
  /** Accepted MIME types or extensions: `['image/png', 'image/jpeg']`, `['.pdf']`. */
  accept?: readonly string[];
  /** Largest size in bytes. */
  maxSize?: number;
}

function FileFieldBody(props: FileFieldProps) {
  const { t } = useTranslation('ui');
  const field = useField<FileValue | null>(props, {
    validators: fileValidators({ maxSize: props.maxSize, accept: props.accept }),
  });
  if (field.hidden) return null;
  const value = field.value ?? null;
  return (
    <FieldFrame {...field.frame}>
      <FileInput
        {...field.input}
        placeholder={props.placeholder ?? t('file.placeholder')}
        accept={props.accept?.join(',')}
        clearable
        clearButtonProps={{ 'aria-label': t('file.clear') }}
        leftSection={<AnimatedIcon name="upload" size={16} />}
        // Mantine's placeholder grey fails WCAG AA contrast; the theme's dimmed text passes in both schemes.
        styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
        value={value?.file ?? null}
        onChange={async (file) => {
          if (!file) return field.setValue(null);
          field.setValue({ file, content: await readDataUrl(file) });
        }}
      />
    </FieldFrame>
  );
}

/** A file input; the value is the file and its base64 data-URL content, within size and type limits. */
export const FileField = /*#__PURE__*/ standalone<FileValue | null, FileFieldProps>(FileFieldBody, null);
