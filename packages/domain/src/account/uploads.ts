/**
 * Images people upload (avatar, company logo). The server decides the type from the first bytes
 * (magic numbers), never from the declared type or the file name, and stores the file under a
 * random name with the extension of the detected type.
 */
export const UPLOAD_MAX_BYTES = 2 * 1024 * 1024;

export const UPLOAD_IMAGE_TYPES = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
} as const;
export type UploadImageType = keyof typeof UPLOAD_IMAGE_TYPES;

/** `accept` attribute of the file inputs. */
export const UPLOAD_ACCEPT = Object.keys(UPLOAD_IMAGE_TYPES).join(',');

/** The image types each upload accepts: the logo is printed on invoice PDFs, which take PNG and JPEG only. */
export const UPLOAD_TYPES_BY_KIND: Record<'avatar' | 'logo', readonly UploadImageType[]> = {
  avatar: ['image/png', 'image/jpeg', 'image/webp'],
  logo: ['image/png', 'image/jpeg'],
};

export const UPLOAD_KINDS = ['avatar', 'logo'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

/** The image type the bytes really are (PNG, JPEG, WebP), or null. */
export function sniffImageType(bytes: Uint8Array): UploadImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  // RIFF <size> WEBP
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return 'image/webp';
  return null;
}
