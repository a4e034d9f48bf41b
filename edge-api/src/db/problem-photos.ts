/**
 * The `problem_photos` table (migration 0020, DESIGN.md §19): a photo a shopper took of a problem,
 * its JPEG or WebP bytes kept in the database with the uploader's uid; `problem_id` is set when a
 * claim uses it. A photo no claim used within {@link UNUSED_PHOTO_MS} is deleted by the next upload.
 */
import type { Client, InStatement } from '@libsql/client';
import type { PhotoType } from '../contract/problem';
import { writeGuard, type Guard } from './guarded-batch';

/** How long a photo no claim used is kept (ms): a day, as long as a claim queued offline waits for its photo. */
const UNUSED_PHOTO_MS = 24 * 60 * 60 * 1000;

/**
 * The statements that store photo `id` of account `uid` (`bytes` of `type`, checked by the route)
 * at `nowMs`, and delete in the same batch the photos no claim used that are older than a day
 * (through the `problem_photos_unused` index).
 */
export function insertPhotoStatements(
  photo: { id: string; uid: string; type: PhotoType; bytes: Uint8Array },
  nowMs: number,
): InStatement[] {
  return [
    {
      sql: 'INSERT INTO problem_photos (id, user_id, type, bytes, created_at) VALUES (?, ?, ?, ?, ?)',
      args: [photo.id, photo.uid, photo.type, photo.bytes, nowMs],
    },
    {
      sql: 'DELETE FROM problem_photos WHERE problem_id IS NULL AND created_at < ?',
      args: [nowMs - UNUSED_PHOTO_MS],
    },
  ];
}

/** Photo `id`'s type and bytes, or undefined when there is no such photo. */
export async function readPhoto(
  db: Client,
  id: string,
): Promise<{ type: string; bytes: Uint8Array<ArrayBuffer> } | undefined> {
  const { rows } = await db.execute({ sql: 'SELECT type, bytes FROM problem_photos WHERE id = ?', args: [id] });
  const row = rows[0];
  // A BLOB column reads as an ArrayBuffer (libSQL's client, local and remote alike).
  return row && row.bytes instanceof ArrayBuffer
    ? { type: String(row.type), bytes: new Uint8Array(row.bytes) }
    : undefined;
}

/** Whether photo `id` is account `uid`'s and no claim used it yet (a claim's `photoId` must be). */
export async function isUnusedPhotoOf(db: Client, id: string, uid: string): Promise<boolean> {
  const { rows } = await db.execute({
    sql: 'SELECT 1 FROM problem_photos WHERE id = ? AND user_id = ? AND problem_id IS NULL',
    args: [id, uid],
  });
  return rows.length > 0;
}

/**
 * The steps that give photo `photoId` of account `uid` to problem `problemId`, in the claim's
 * batch: the photo marked used, and a guard that it was still this account's unused photo then
 * (a concurrent claim may have used it, or the day's sweep deleted it); `error` when not.
 */
export function usePhotoSteps(photoId: string, uid: string, problemId: string, error: Error): [InStatement, Guard] {
  return [
    {
      sql: 'UPDATE problem_photos SET problem_id = ? WHERE id = ? AND user_id = ? AND problem_id IS NULL',
      args: [problemId, photoId, uid],
    },
    writeGuard('coalesce((SELECT problem_id = ? FROM problem_photos WHERE id = ?), 0)', [problemId, photoId], error),
  ];
}
