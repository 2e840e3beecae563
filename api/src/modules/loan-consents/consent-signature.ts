/**
 * The signature of a consent form: a PNG data URL from the browser's canvas, checked to be a real PNG
 * (its signature bytes, then decoded by sharp, never trusted by its declared type), not blank, and of a
 * sane size; re-encoded (dropping any text chunks a crafted file could carry) and kept as a file under
 * DATA_DIR/files/consents/ by the form's id. The file is written before the row and removed if the row
 * is not stored.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { CONSENT_LIMITS, CONSENT_MESSAGES } from '@meridian/shared/contract/loan-consent';
import { idSchema } from '@meridian/shared/validation';
import { fieldError } from '../../http/errors';

const FIELD = 'signaturePng';
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** A pad is at most a few thousand device pixels wide; anything bigger is not a drawn signature. */
const MAX_SIDE = 4_000;
const MIN_SIDE = 16;

/** The decoded, checked and re-encoded PNG; a 400 on the signature field for anything else. */
export async function checkedSignature(dataUrl: string): Promise<Buffer> {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > CONSENT_LIMITS.signatureMaxBytes) throw fieldError(FIELD, CONSENT_MESSAGES.signatureTooBig);
  if (bytes.length < PNG_MAGIC.length || !bytes.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC))
    throw fieldError(FIELD, CONSENT_MESSAGES.signatureNotPng);
  let blank: boolean;
  let png: Buffer;
  try {
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_SIDE * MAX_SIDE });
    const meta = await image.metadata();
    if (meta.format !== 'png' || !meta.width || !meta.height) throw new Error('not a PNG');
    if (meta.width > MAX_SIDE || meta.height > MAX_SIDE || meta.width < MIN_SIDE || meta.height < MIN_SIDE) throw new Error('size');
    const stats = await image.stats();
    // Every channel (the alpha channel too) of one value everywhere: nothing was drawn.
    blank = stats.channels.every((channel) => channel.min === channel.max);
    png = await image.png({ compressionLevel: 9 }).toBuffer();
  } catch {
    throw fieldError(FIELD, CONSENT_MESSAGES.signatureNotPng);
  }
  if (blank) throw fieldError(FIELD, CONSENT_MESSAGES.signatureBlank);
  return png;
}

export function signatureStore(dataDir: string, log: (message: string) => void) {
  const fileOf = (consentId: string) => {
    // File names come from our own ids only; anything else would be a bug that could escape the folder.
    if (!idSchema.safeParse(consentId).success) throw new Error(`Not an id: ${consentId}`);
    return path.join(dataDir, 'files', 'consents', `${consentId}.png`);
  };
  return {
    /** Writes the file; answers its name relative to the folder. */
    async write(consentId: string, png: Buffer): Promise<string> {
      const file = fileOf(consentId);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, png, { flag: 'wx' });
      return path.basename(file);
    },
    /** Removes the file of a form that was not stored; never fails the caller. */
    async discard(consentId: string) {
      await fs
        .rm(fileOf(consentId), { force: true })
        .catch((error: Error) => log(`consent signature ${consentId} not removed: ${error.message}`));
    },
    /** The signature's bytes (a few KB, drawn into the PDF whole), or null when the file is missing. */
    async read(consentId: string): Promise<Buffer | null> {
      return fs.readFile(fileOf(consentId)).catch(() => null);
    },
  };
}
export type SignatureStore = ReturnType<typeof signatureStore>;
