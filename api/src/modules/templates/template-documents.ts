/**
 * Template documents: received as the multipart file field 'document', kept on disk under
 * DATA_DIR/files/templates/<template id>/ by names the server chooses, and sent back as downloads
 * with the uploader's file name and content type.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart, { type MultipartFile } from '@fastify/multipart';
import { TEMPLATE_DOCUMENT } from '@meridian/shared/contract/template';
import { ERROR_CODES } from '@meridian/shared/contract/envelope';
import { fileTooLargeMessage, MESSAGES } from '@meridian/shared/messages';
import { idSchema } from '@meridian/shared/validation';
import { AppError, fieldError } from '../../http/errors';

export interface UploadedDocument {
  /** The uploader's file name, reduced to its last path segment; never used as a path here. */
  fileName: string;
  contentType: string;
  data: Buffer;
}

export interface StoredDocument extends Omit<UploadedDocument, 'data'> {
  /** The file's name inside the template's folder. */
  storedName: string;
  size: number;
}

const uploads = new WeakMap<FastifyRequest, UploadedDocument>();

/** The document that came with this request, if any. */
export const uploadedDocument = (request: FastifyRequest) => uploads.get(request) ?? null;

const FALLBACK_CONTENT_TYPE = 'application/octet-stream';
const MEDIA_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/i;
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

const safeFileName = (name: string) => (name.split(/[\\/]/).pop() ?? '').replace(CONTROL_CHARACTERS, '').trim().slice(-255) || 'document';
const safeContentType = (type: string) => (MEDIA_TYPE.test(type) ? type.toLowerCase() : FALLBACK_CONTENT_TYPE);

const tooLarge = () => {
  const message = fileTooLargeMessage(TEMPLATE_DOCUMENT.maxBytes);
  return new AppError(413, ERROR_CODES.VALIDATION, message, { fieldErrors: { [TEMPLATE_DOCUMENT.field]: [message] } });
};

async function receiveDocument(this: FastifyRequest, part: MultipartFile) {
  if (part.fieldname !== TEMPLATE_DOCUMENT.field || uploads.has(this)) throw fieldError(part.fieldname, MESSAGES.templateOneDocumentOnly);
  // A form whose file input was left empty still sends the part, with no file name.
  if (!part.filename) {
    part.file.resume();
    return;
  }
  const data = await part.toBuffer();
  if (part.file.truncated) throw tooLarge();
  uploads.set(this, { fileName: safeFileName(part.filename), contentType: safeContentType(part.mimetype), data });
}

/**
 * Lets the plugin's routes take multipart forms: the text fields become the body (validated by the
 * route's schema like JSON), the document is kept aside for uploadedDocument().
 */
export async function acceptDocumentUploads(app: FastifyInstance) {
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    onFile: receiveDocument,
    // receiveDocument refuses an oversize file itself, once the rest of it has been read past (not kept), so
    // the sender gets the answer instead of a reset connection; the library's own error would race it with a vaguer text.
    throwFileSizeLimit: false,
    // files: 2 lets receiveDocument refuse a second file with a clear message; busboy's limit is only the backstop.
    // A text field is cut at fieldSize without an error, but 1 MB of UTF-8 always exceeds the schema's longest text.
    limits: { fileSize: TEMPLATE_DOCUMENT.maxBytes, files: 2, fields: 20, parts: 22, fieldSize: 1024 * 1024 },
  });
}

/** RFC 6266: an ASCII fallback name for old clients and the exact name, percent-encoded, for the rest. */
export function attachmentDisposition(fileName: string) {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export type DocumentStore = ReturnType<typeof templateDocumentStore>;

export function templateDocumentStore(dataDir: string, log: (message: string) => void) {
  const folderOf = (templateId: string) => {
    // Folder names come from our own ids only; anything else would be a bug that could escape the folder.
    if (!idSchema.safeParse(templateId).success) throw new Error(`Not a template id: ${templateId}`);
    return path.join(dataDir, 'files', 'templates', templateId);
  };
  const fileOf = (templateId: string, storedName: string) => path.join(folderOf(templateId), path.basename(storedName));
  const warnIfFailed = (what: string) => (error: unknown) => log(`${what}: ${(error as Error).message}`);

  const store = {
    async write(templateId: string, upload: UploadedDocument): Promise<StoredDocument> {
      const folder = folderOf(templateId);
      await fs.mkdir(folder, { recursive: true });
      const storedName = randomUUID();
      await fs.writeFile(path.join(folder, storedName), upload.data, { flag: 'wx' });
      return { storedName, fileName: upload.fileName, contentType: upload.contentType, size: upload.data.length };
    },

    /** Removes a document no row points at any more, and the template's folder once it is empty. Never fails the caller. */
    discard(templateId: string, storedName: string) {
      fs.rm(fileOf(templateId, storedName), { force: true })
        .then(() => fs.rmdir(folderOf(templateId)).catch(() => undefined))
        .catch(warnIfFailed(`template document ${templateId}/${storedName} not removed`));
    },

    discardAll(templateId: string) {
      fs.rm(folderOf(templateId), { recursive: true, force: true }).catch(warnIfFailed(`template folder ${templateId} not removed`));
    },

    /** A read stream and its size, or null when the file is missing. */
    async open(templateId: string, storedName: string) {
      const file = fileOf(templateId, storedName);
      const stat = await fs.stat(file).catch(() => null);
      return stat?.isFile() ? { size: stat.size, stream: createReadStream(file) } : null;
    },

    /**
     * Writes the upload before `save` runs, so a saved row never points at a file that is not there;
     * when `save` fails, the file is removed again.
     */
    async saveWith<T>(
      templateId: string,
      upload: UploadedDocument | null,
      save: (document: StoredDocument | null) => Promise<T>,
    ): Promise<T> {
      if (!upload) return save(null);
      const document = await store.write(templateId, upload);
      try {
        return await save(document);
      } catch (error) {
        store.discard(templateId, document.storedName);
        throw error;
      }
    },
  };
  return store;
}
