import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, normalize, sep } from 'node:path';
import type { FastifyRequest } from 'fastify';
import {
  ACCOUNT_MESSAGES,
  UPLOAD_IMAGE_TYPES,
  UPLOAD_MAX_BYTES,
  UPLOAD_TYPES_BY_KIND,
  sniffImageType,
  type UploadKind,
} from '@ledgerleaf/domain';
import { AppError, validationError } from '../../../lib/errors';
import { SERVER_MESSAGES } from '../../../lib/messages';

/** Where each kind of upload lives under the uploads folder (served under /storage/). */
const FOLDERS: Record<UploadKind, string> = { avatar: 'avatars', logo: 'logos' };

/**
 * Reads the one file of a multipart request, refusing a missing file (422), a file over
 * UPLOAD_MAX_BYTES (422) and anything whose first bytes are not PNG, JPEG or WebP (422), whatever
 * its declared type or name.
 */
export async function readImageUpload(
  request: FastifyRequest,
  kind: UploadKind,
): Promise<{ bytes: Buffer; extension: string }> {
  if (!request.isMultipart()) throw new AppError(415, SERVER_MESSAGES.unsupportedMediaType);
  let bytes: Buffer;
  try {
    const part = await request.file({ limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 0, parts: 2 } });
    if (!part) throw validationError({ file: [ACCOUNT_MESSAGES.uploadMissing] });
    bytes = await part.toBuffer();
    if (part.file.truncated) throw validationError({ file: [ACCOUNT_MESSAGES.uploadTooLarge] });
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code =
      typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw validationError({ file: [ACCOUNT_MESSAGES.uploadTooLarge] });
    if (code.startsWith('FST_')) throw validationError({ file: [ACCOUNT_MESSAGES.uploadMissing] });
    throw error;
  }
  if (bytes.length === 0) throw validationError({ file: [ACCOUNT_MESSAGES.uploadMissing] });
  const type = sniffImageType(bytes);
  if (!type)
    throw validationError({ file: [kind === 'logo' ? ACCOUNT_MESSAGES.logoType : ACCOUNT_MESSAGES.uploadType] });
  if (!UPLOAD_TYPES_BY_KIND[kind].includes(type)) throw validationError({ file: [ACCOUNT_MESSAGES.logoType] });
  return { bytes, extension: UPLOAD_IMAGE_TYPES[type] };
}

/** Writes the file under a random name; answers the path stored in the database (`logos/12/<random>.png`). */
export function storeUpload(
  uploadsDir: string,
  params: { kind: UploadKind; businessId: number; bytes: Buffer; extension: string },
): string {
  const relative = `${FOLDERS[params.kind]}/${params.businessId}/${randomBytes(24).toString('base64url')}.${params.extension}`;
  const file = join(uploadsDir, relative);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, params.bytes, { flag: 'wx' });
  return relative;
}

/** The file of a stored path, only when it lies inside the uploads folder (never an http URL or `..`). */
export function uploadFile(uploadsDir: string, path: string | null | undefined): string | null {
  if (!path || /^https?:\/\//i.test(path)) return null;
  const file = normalize(join(uploadsDir, path.replace(/^\/?(storage\/)?/, '')));
  return file.startsWith(normalize(uploadsDir) + sep) ? file : null;
}

export function removeUpload(uploadsDir: string, path: string | null | undefined): void {
  const file = uploadFile(uploadsDir, path);
  if (file) rmSync(file, { force: true });
}

/** Removes every upload of a business (when it is deleted). */
export function removeBusinessUploads(uploadsDir: string, businessId: number): void {
  for (const folder of Object.values(FOLDERS))
    rmSync(join(uploadsDir, folder, String(businessId)), { recursive: true, force: true });
}
