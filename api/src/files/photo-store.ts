/**
 * Photos of assets and vehicles: received as multipart files (field 'photo'; one per call for assets,
 * several for vehicles), checked to be an image by decoding it (never by its declared type), resized on
 * the server to at most 1600 px on the longest side with a 320 px thumbnail, and kept as files under
 * DATA_DIR/files/<kind>/<owner id>/ by names the server chooses. Photos with transparency are kept as WebP, all others as JPEG. Re-encoding drops the
 * camera's metadata (EXIF, its GPS position among it); the EXIF orientation is applied first.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart, { type MultipartFile } from '@fastify/multipart';
import sharp from 'sharp';
import { ASSET_PHOTOS } from '@meridian/shared/contract/asset';
import { ERROR_CODES } from '@meridian/shared/contract/envelope';
import { fileTooLargeMessage } from '@meridian/shared/messages';
import { idSchema } from '@meridian/shared/validation';
import { AppError, fieldError } from '../http/errors';

export const NOT_AN_IMAGE = 'The photo is not an image this server reads: send a JPEG, PNG, WebP, GIF, TIFF, AVIF or HEIF picture.';
export const NO_PHOTO = `Send the photo as a multipart file in the field '${ASSET_PHOTOS.field}'.`;
const tooManyPhotos = (max: number) => (max === 1 ? 'Send one photo at a time.' : `Send at most ${max} photos at a time.`);
const READABLE_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'tiff', 'avif', 'heif']);
/** A decompression bomb (a small file of enormous pixel size) is refused before it is decoded: 50 megapixels. */
const MAX_INPUT_PIXELS = 50_000_000;
const QUALITY = 82;

interface UploadedPhoto {
  fileName: string;
  data: Buffer;
}

const uploads = new WeakMap<FastifyRequest, UploadedPhoto[]>();
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;
const safeFileName = (name: string) => (name.split(/[\\/]/).pop() ?? '').replace(CONTROL_CHARACTERS, '').trim().slice(-255) || 'photo';

export const uploadedPhotos = (request: FastifyRequest) => uploads.get(request) ?? [];
export const uploadedPhoto = (request: FastifyRequest) => uploadedPhotos(request)[0] ?? null;

const tooLarge = () => {
  const message = fileTooLargeMessage(ASSET_PHOTOS.maxBytes);
  return new AppError(413, ERROR_CODES.VALIDATION, message, { fieldErrors: { [ASSET_PHOTOS.field]: [message] } });
};

async function receivePhoto(request: FastifyRequest, part: MultipartFile, maxFiles: number) {
  if (part.fieldname !== ASSET_PHOTOS.field) {
    part.file.resume();
    throw fieldError(part.fieldname, NO_PHOTO);
  }
  const received = uploads.get(request) ?? [];
  if (received.length >= maxFiles) {
    part.file.resume();
    throw fieldError(ASSET_PHOTOS.field, tooManyPhotos(maxFiles));
  }
  // A form whose file input was left empty still sends the part, with no file name.
  if (!part.filename) {
    part.file.resume();
    return;
  }
  const data = await part.toBuffer();
  if (part.file.truncated) throw tooLarge();
  uploads.set(request, [...received, { fileName: safeFileName(part.filename), data }]);
}

/**
 * Lets the plugin's routes take multipart photos, up to `maxFiles` per call; an oversize one is refused
 * with a clear 413 once read past. One file more than allowed is read, so that it is refused by name.
 */
export async function acceptPhotoUploads(app: FastifyInstance, maxFiles = 1) {
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    onFile(this: FastifyRequest, part: MultipartFile) {
      return receivePhoto(this, part, maxFiles);
    },
    throwFileSizeLimit: false,
    limits: { fileSize: ASSET_PHOTOS.maxBytes, files: maxFiles + 1, fields: 10, parts: maxFiles + 11, fieldSize: 64 * 1024 },
  });
}

export interface ResizedImage {
  data: Buffer;
  width: number;
  height: number;
}

export interface ResizedPhoto {
  contentType: 'image/jpeg' | 'image/webp';
  extension: 'jpg' | 'webp';
  full: ResizedImage;
  thumb: ResizedImage;
}

/** The photo at most `maxSide` and its thumbnail, re-encoded; a 400 for anything that does not decode as an image. */
export async function resizePhoto(data: Buffer): Promise<ResizedPhoto> {
  const source = () => sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
  try {
    const meta = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (!meta.format || !READABLE_FORMATS.has(meta.format)) throw new Error('not a photo format');
    // An alpha channel that is opaque everywhere (common in PNG screenshots) needs no WebP.
    const webp = meta.hasAlpha === true && !(await source().stats()).isOpaque;
    const encode = async (side: number): Promise<ResizedImage> => {
      const resized = source().resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true });
      const { data: out, info } = await (
        webp ? resized.webp({ quality: QUALITY }) : resized.jpeg({ quality: QUALITY, mozjpeg: true })
      ).toBuffer({
        resolveWithObject: true,
      });
      return { data: out, width: info.width, height: info.height };
    };
    return {
      contentType: webp ? 'image/webp' : 'image/jpeg',
      extension: webp ? 'webp' : 'jpg',
      full: await encode(ASSET_PHOTOS.maxSide),
      thumb: await encode(ASSET_PHOTOS.thumbSide),
    };
  } catch {
    throw fieldError(ASSET_PHOTOS.field, NOT_AN_IMAGE);
  }
}

export type PhotoVariant = 'full' | 'thumb';

/** The photo files of one kind of owner (assets, vehicles): written before their row, removed after theirs. */
export function photoStore(dataDir: string, kind: 'assets' | 'vehicles' | 'sightings', log: (message: string) => void) {
  const folderOf = (assetId: string) => {
    // Folder names come from our own ids only; anything else would be a bug that could escape the folder.
    if (!idSchema.safeParse(assetId).success) throw new Error(`Not an id: ${assetId}`);
    return path.join(dataDir, 'files', kind, assetId);
  };
  const fileOf = (assetId: string, storedName: string, variant: PhotoVariant) =>
    path.join(folderOf(assetId), path.basename(variant === 'thumb' ? storedName.replace(/(\.\w+)$/, '-thumb$1') : storedName));

  return {
    /** Writes both files; answers the stored name. */
    async write(assetId: string, photo: ResizedPhoto): Promise<string> {
      const folder = folderOf(assetId);
      await fs.mkdir(folder, { recursive: true });
      const storedName = `${randomUUID()}.${photo.extension}`;
      await fs.writeFile(fileOf(assetId, storedName, 'full'), photo.full.data, { flag: 'wx' });
      await fs.writeFile(fileOf(assetId, storedName, 'thumb'), photo.thumb.data, { flag: 'wx' });
      return storedName;
    },

    /** Removes both files; never fails the caller. */
    discard(assetId: string, storedName: string) {
      for (const variant of ['full', 'thumb'] as const)
        fs.rm(fileOf(assetId, storedName, variant), { force: true }).catch((error: Error) =>
          log(`${kind} photo ${assetId}/${storedName} not removed: ${error.message}`),
        );
    },

    /** A read stream and its size, or null when the file is missing. */
    async open(assetId: string, storedName: string, variant: PhotoVariant) {
      const file = fileOf(assetId, storedName, variant);
      const stat = await fs.stat(file).catch(() => null);
      return stat?.isFile() ? { size: stat.size, stream: createReadStream(file) } : null;
    },
  };
}
export type PhotoStore = ReturnType<typeof photoStore>;
