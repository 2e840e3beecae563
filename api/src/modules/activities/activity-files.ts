/**
 * Files of an activity's assignments, kept in activity_files: received as multipart file parts
 * (ACTIVITY_FILES.fields, at most 10 MB each, 413 beyond), removed by id (kept, marked removed), and
 * each addition or removal recorded as an agent action (2 file added, 3 file removed) on the activity.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart, { type MultipartFile } from '@fastify/multipart';
import { ACTIVITY_FILES, isUsablePosition, type ActivityFileInfo, type FilesUpdateResult } from '@meridian/shared/contract/activity';
import { ERROR_CODES } from '@meridian/shared/contract/envelope';
import { AGENT_ACTION } from '@meridian/shared/constants';
import { fileTooLargeMessage } from '@meridian/shared/messages';
import type { Queryable } from '../../db/database';
import { AppError, fieldError, forbidden, notFound } from '../../http/errors';
import { FILE_COLUMNS } from './activity-read';

export interface UploadedFile {
  fileName: string;
  contentType: string;
  data: Buffer;
}

const uploads = new WeakMap<FastifyRequest, UploadedFile[]>();

/** The files that came with this request. */
export const uploadedFiles = (request: FastifyRequest) => uploads.get(request) ?? [];

const FALLBACK_CONTENT_TYPE = 'application/octet-stream';
const MEDIA_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/i;
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

const safeFileName = (name: string) => (name.split(/[\\/]/).pop() ?? '').replace(CONTROL_CHARACTERS, '').trim().slice(-255) || 'file';
const safeContentType = (type: string) => (MEDIA_TYPE.test(type) ? type.toLowerCase() : FALLBACK_CONTENT_TYPE);

const tooLarge = (field: string) => {
  const message = fileTooLargeMessage(ACTIVITY_FILES.maxBytes);
  return new AppError(413, ERROR_CODES.VALIDATION, message, { fieldErrors: { [field]: [message] } });
};

async function receiveFile(this: FastifyRequest, part: MultipartFile) {
  if (!ACTIVITY_FILES.fields.includes(part.fieldname)) {
    part.file.resume();
    throw fieldError(part.fieldname, `Send files in the field '${ACTIVITY_FILES.fields[0]}'.`);
  }
  // A form whose file input was left empty still sends the part, with no file name.
  if (!part.filename) {
    part.file.resume();
    return;
  }
  const files = uploads.get(this) ?? [];
  if (files.length >= ACTIVITY_FILES.maxFiles) {
    part.file.resume();
    throw fieldError(ACTIVITY_FILES.fields[0]!, `At most ${ACTIVITY_FILES.maxFiles} files at once.`);
  }
  const data = await part.toBuffer();
  if (part.file.truncated) throw tooLarge(ACTIVITY_FILES.fields[0]!);
  files.push({ fileName: safeFileName(part.filename), contentType: safeContentType(part.mimetype), data });
  uploads.set(this, files);
}

/** Lets the plugin's routes take multipart forms: text fields become the body, files are kept for uploadedFiles(). */
export async function acceptFileUploads(app: FastifyInstance) {
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    onFile: receiveFile,
    // As for template documents: an oversize file is refused by receiveFile with a clear 413, once read past.
    throwFileSizeLimit: false,
    limits: {
      fileSize: ACTIVITY_FILES.maxBytes,
      files: ACTIVITY_FILES.maxFiles + 1,
      fields: 20,
      parts: ACTIVITY_FILES.maxFiles + 21,
      fieldSize: 1024 * 1024,
    },
  });
}

export interface FileChange {
  activityId: string;
  tenantId: string;
  userId: string;
  /** The caller's assignment of the activity, if they have one; the files are filed under it. */
  assignmentId: string | null;
  added: UploadedFile[];
  removedIds: string[];
  /** A manager may remove anyone's files; an assignee only the ones they added. */
  mayRemoveOthers: boolean;
  position: { latitude?: number; longitude?: number; accuracy?: number };
}

/** Adds and removes the files, with an agent action for each; every removed id must be a live file of the activity. */
export async function changeFiles(q: Queryable, change: FileChange): Promise<FilesUpdateResult> {
  if (change.removedIds.length) {
    const live = await q.query<{ id: string; uploaded_by_user_id: string | null }>(
      `select id, uploaded_by_user_id from activity_files where activity_id = $1 and id = any($2::uuid[]) and removed_at is null for update`,
      [change.activityId, change.removedIds],
    );
    const found = new Set(live.map((r) => r.id));
    const missing = change.removedIds.filter((id) => !found.has(id));
    if (missing.length) throw fieldError('removedFiles', `These files are not files of this activity: ${missing.join(', ')}.`);
    if (!change.mayRemoveOthers && live.some((r) => r.uploaded_by_user_id !== change.userId)) {
      throw forbidden('Only the user who added a file, or a manager, may remove it.');
    }
    await q.query(`update activity_files set removed_at = now(), removed_by_user_id = $2 where id = any($1::uuid[])`, [
      change.removedIds,
      change.userId,
    ]);
  }
  const added: ActivityFileInfo[] = [];
  for (const file of change.added) {
    const row = await q.one<ActivityFileInfo>(
      `insert into activity_files as f (activity_id, assignment_id, file_name, content_type, size_bytes, content, uploaded_by_user_id)
       values ($1, $2, $3, $4, $5, $6, $7) returning ${FILE_COLUMNS}`,
      [change.activityId, change.assignmentId, file.fileName, file.contentType, file.data.length, file.data, change.userId],
    );
    added.push(row!);
  }
  const positioned = isUsablePosition(change.position.latitude, change.position.longitude);
  const actions = [...added.map(() => AGENT_ACTION.FILE_ADDED), ...change.removedIds.map(() => AGENT_ACTION.FILE_REMOVED)];
  if (actions.length) {
    await q.query(
      `insert into agent_actions (tenant_id, performed_by_user_id, action, latitude, longitude, accuracy, entity_id, entity_type)
       select $1, $2, unnest($3::smallint[]), $4, $5, $6, $7, 'activity'`,
      [
        change.tenantId,
        change.userId,
        actions,
        positioned ? change.position.latitude : null,
        positioned ? change.position.longitude : null,
        positioned ? (change.position.accuracy ?? null) : null,
        change.activityId,
      ],
    );
  }
  return { added, removed: change.removedIds };
}

/** A live file of an activity the caller sees, with its bytes. */
export async function fileWithContent(q: Queryable, fileId: string, activityVisible: (activityId: string) => Promise<unknown>) {
  const file = await q.one<{ activity_id: string; file_name: string; content_type: string; content: Buffer }>(
    `select activity_id, file_name, content_type, content from activity_files where id = $1 and removed_at is null`,
    [fileId],
  );
  if (!file) throw notFound('File');
  await activityVisible(file.activity_id).catch(() => {
    throw notFound('File');
  });
  return file;
}
