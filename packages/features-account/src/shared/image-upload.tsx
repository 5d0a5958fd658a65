import { useRef, useState } from 'react';
import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import {
  ACCOUNT_MESSAGES,
  UPLOAD_MAX_BYTES,
  UPLOAD_TYPES_BY_KIND,
  storageUrl,
  type UploadKind,
} from '@ledgerleaf/domain';
import { fieldErrors, errorMessage, useRemoveImageMutation, useUploadImageMutation } from '@ledgerleaf/api';
import { useToast } from '@ledgerleaf/ui';
import { useAsk } from './confirm';

/** The browser's first check of a chosen file (the server checks the bytes again). */
export function checkImageFile(kind: UploadKind, file: File): string | null {
  if (!(UPLOAD_TYPES_BY_KIND[kind] as readonly string[]).includes(file.type))
    return kind === 'logo' ? ACCOUNT_MESSAGES.logoType : ACCOUNT_MESSAGES.uploadType;
  if (file.size > UPLOAD_MAX_BYTES) return ACCOUNT_MESSAGES.uploadTooLarge;
  if (file.size === 0) return ACCOUNT_MESSAGES.uploadMissing;
  return null;
}

/** An avatar or logo with Upload and Remove; errors show under it. */
export function ImageUpload({
  kind,
  label,
  path,
  fallback,
  readOnly = false,
}: {
  kind: UploadKind;
  label: string;
  path: string | null;
  fallback: string;
  readOnly?: boolean;
}) {
  const [upload, uploadState] = useUploadImageMutation();
  const [remove, removeState] = useRemoveImageMutation();
  const [error, setError] = useState<string | null>(null);
  const toast = useToast();
  const ask = useAsk();
  const reset = useRef<() => void>(null);
  const url = storageUrl(path);
  const types = UPLOAD_TYPES_BY_KIND[kind].map((type) => type.replace('image/', '').toUpperCase()).join(', ');

  const onFile = async (file: File | null) => {
    reset.current?.();
    if (!file) return;
    const problem = checkImageFile(kind, file);
    setError(problem);
    if (problem) return;
    const result = await upload({ kind, file, filename: file.name });
    if ('error' in result) {
      setError(fieldErrors(result.error)?.file?.[0] ?? errorMessage(result.error, 'The image could not be uploaded.'));
      return;
    }
    toast.show({ severity: 'success', summary: `${label} updated` });
  };

  const onRemove = async () => {
    if (
      !(await ask({
        title: `Remove the ${label.toLowerCase()}?`,
        message: 'The image will be deleted.',
        confirmText: 'Remove',
        type: 'danger',
      }))
    )
      return;
    const result = await remove(kind);
    if ('error' in result) setError(errorMessage(result.error, 'The image could not be removed.'));
    else toast.show({ severity: 'success', summary: `${label} removed` });
  };

  return (
    <Group gap="md" align="center" wrap="nowrap">
      <Avatar src={url} alt={url ? label : undefined} size={72} radius={kind === 'avatar' ? 'xl' : 'sm'} color="leaf">
        {fallback}
      </Avatar>
      <Stack gap={4} style={{ minWidth: 0 }}>
        <Text fw={600} size="sm">
          {label}
        </Text>
        {!readOnly && (
          <Group gap="xs">
            <FileButton
              resetRef={reset}
              onChange={(file) => void onFile(file)}
              accept={UPLOAD_TYPES_BY_KIND[kind].join(',')}
            >
              {(props) => (
                <Button
                  {...props}
                  size="xs"
                  variant="default"
                  leftSection={<IconPhotoUp size={14} aria-hidden />}
                  loading={uploadState.isLoading}
                  aria-label={`Upload ${label.toLowerCase()}`}
                >
                  Upload
                </Button>
              )}
            </FileButton>
            {path && (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={14} aria-hidden />}
                loading={removeState.isLoading}
                onClick={() => void onRemove()}
                aria-label={`Remove ${label.toLowerCase()}`}
              >
                Remove
              </Button>
            )}
          </Group>
        )}
        <Text size="xs" c={error ? 'red' : 'dimmed'} role={error ? 'alert' : undefined}>
          {error ?? `${types}, at most 2 MB.`}
        </Text>
      </Stack>
    </Group>
  );
}
