/**
 * The uploaded files: received as the multipart field 'file' and streamed to DATA_DIR/files/csv-imports/
 * under a name the server chooses (never the sender's), refused when over the size limit or not a CSV.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { CSV_IMPORT_LIMITS } from '@meridian/shared/contract/csv-import';
import { ERROR_CODES } from '@meridian/shared/contract/envelope';
import { fileTooLargeMessage } from '@meridian/shared/messages';
import { AppError, badRequest } from '../../http/errors';

const field = CSV_IMPORT_LIMITS.field;
const refuse = (message: string) => badRequest(message, { [field]: [message] });
export const NO_FILE = `Send the CSV file as multipart/form-data in the field '${field}'.`;
export const NOT_CSV = 'Send a CSV file (a .csv name, or the text/csv type): spreadsheets must be saved as CSV UTF-8 first.';

/** Spreadsheet programs and browsers name a CSV's type several ways; a .csv name is enough on its own. */
const CSV_TYPES = new Set(['text/csv', 'application/csv', 'text/comma-separated-values', 'application/vnd.ms-excel']);
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;
const safeFileName = (name: string) => (name.split(/[\\/]/).pop() ?? '').replace(CONTROL_CHARACTERS, '').trim().slice(-255) || 'upload.csv';

export const csvFolder = (dataDir: string) => path.join(dataDir, 'files', 'csv-imports');
export const csvFileOf = (dataDir: string, storedName: string) => path.join(csvFolder(dataDir), path.basename(storedName));

export interface ReceivedCsv {
  fileName: string;
  storedName: string;
  file: string;
}

/** Streams the request's one file to disk; the caller removes it when the upload is refused later. */
export async function receiveCsv(request: FastifyRequest, dataDir: string): Promise<ReceivedCsv> {
  if (!request.isMultipart()) throw refuse(NO_FILE);
  const part = await request.file({ limits: { fileSize: CSV_IMPORT_LIMITS.maxBytes, files: 1, fields: 5 } });
  if (!part || part.fieldname !== field || !part.filename) {
    part?.file.resume();
    throw refuse(NO_FILE);
  }
  const fileName = safeFileName(part.filename);
  if (!fileName.toLowerCase().endsWith('.csv') && !CSV_TYPES.has(part.mimetype.toLowerCase())) {
    part.file.resume();
    throw refuse(NOT_CSV);
  }
  await fs.mkdir(csvFolder(dataDir), { recursive: true });
  const storedName = `${randomUUID()}.csv`;
  const file = csvFileOf(dataDir, storedName);
  await pipeline(part.file, createWriteStream(file, { flags: 'wx' }));
  if (part.file.truncated) {
    await fs.rm(file, { force: true });
    const message = fileTooLargeMessage(CSV_IMPORT_LIMITS.maxBytes);
    throw new AppError(413, ERROR_CODES.VALIDATION, message, { fieldErrors: { [field]: [message] } });
  }
  return { fileName, storedName, file };
}
