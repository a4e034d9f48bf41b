/**
 * Problems after delivery (DESIGN.md §19), thin over orders/problems.ts and
 * orders/decide-problem.ts: the shopper's photo upload (`/api/problem-photos`, read back by admins
 * only), the claim on a delivered order (`POST /api/orders/:id/problems`), the shopper's own
 * problems (`GET /api/users/me/problems`), and the admin's queue and decision (`/api/problems`).
 */
import { z } from 'zod';
import { requireAdmin, requireUser } from '../auth/middleware';
import {
  MAX_PHOTO_BYTES,
  myProblemsAnswerSchema,
  photoTypes,
  problemDecisionSchema,
  problemInputSchema,
  problemListQuery,
  problemPhotoAnswerSchema,
  problemSchema,
  type PhotoType,
} from '../contract/problem';
import { recordIdParam } from '../contract/product';
import { runGuardedBatch } from '../db/guarded-batch';
import { insertPhotoStatements, readPhoto } from '../db/problem-photos';
import { listProblems, listProblemsOf } from '../db/problems';
import { factory } from '../env';
import { limitBody } from '../http/body-limit';
import { ApiError, errorResponse } from '../http/errors';
import { linkNextPage, readCursor } from '../http/paging';
import { validate } from '../http/validation';
import { decideProblem } from '../orders/decide-problem';
import { reportProblem } from '../orders/problems';
import { doc } from './openapi';

/** Problems are one account's (or the admins') data: revalidated on every read, never kept by a shared cache. */
const PROBLEMS_CACHE_CONTROL = 'private, no-cache';

/** A photo never changes once stored: the admin's browser may keep it a day (the queue's deadline is 72 h). */
const PHOTO_CACHE_CONTROL = 'private, max-age=86400';

/**
 * The type `bytes` are by their first bytes: JPEG (FF D8 FF) or WebP (`RIFF` size `WEBP`), or
 * undefined for anything else.
 */
function photoTypeOf(bytes: Uint8Array): PhotoType | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return undefined;
}

/**
 * Markup a browser would run if it ever took the bytes for a page (a polyglot: valid image
 * headers with HTML or SVG inside). Refused even though the photo is served with its own type
 * and `nosniff`: it is no one's camera picture.
 */
// Only tags of five or more characters (and <svg): random compressed bytes hold a short one,
// such as `<a `, often enough to refuse a real photo now and then.
const MARKUP = /<(?:!doctype|html|body|script|iframe|svg)[\s>/]/i;

/** Whether `bytes`, read as Latin-1 (one character a byte), hold {@link MARKUP}. */
const holdsMarkup = (bytes: Uint8Array): boolean => MARKUP.test(new TextDecoder('latin1').decode(bytes));

/** The 415 for a body that is not a JPEG or WebP photo as its Content-Type says. */
const unsupportedPhoto = (reason: string) =>
  new ApiError(415, 'unsupported_photo', 'Send a JPEG or WebP photo.', { types: photoTypes }, { reason });

/** `/api/problem-photos`: a shopper's upload, and the admin's read. */
export const problemPhotos = factory
  .createApp()
  .post(
    '/',
    doc({
      summary: `Upload a photo of a problem (signed in): the raw bytes as the body, \`Content-Type\` ${photoTypes.join(' or ')}, at most ${MAX_PHOTO_BYTES / 1024} KB; the type is checked from the bytes too. Photos no claim used within a day are deleted`,
      auth: 'user',
      ok: { status: 201, description: "The photo's id, for a claim's photoId", schema: problemPhotoAnswerSchema },
      errors: [413, 415],
    }),
    requireUser,
    limitBody(MAX_PHOTO_BYTES, (c) =>
      errorResponse(c, 413, 'payload_too_large', `A photo may be at most ${MAX_PHOTO_BYTES / 1024} KB.`, {
        maxBytes: MAX_PHOTO_BYTES,
      }),
    ),
    async (c) => {
      const declared = (c.req.header('Content-Type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
      const type = photoTypes.find((known) => known === declared);
      if (!type) throw unsupportedPhoto(`Content-Type ${declared.slice(0, 40) || 'none'}`);
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      if (bytes.length > MAX_PHOTO_BYTES)
        return errorResponse(c, 413, 'payload_too_large', `A photo may be at most ${MAX_PHOTO_BYTES / 1024} KB.`, {
          maxBytes: MAX_PHOTO_BYTES,
        });
      const sniffed = photoTypeOf(bytes);
      if (sniffed !== type) throw unsupportedPhoto(`declared ${type}, bytes ${sniffed ?? 'of another type'}`);
      if (holdsMarkup(bytes)) throw unsupportedPhoto('markup in the bytes');
      const photoId = crypto.randomUUID();
      await runGuardedBatch(
        c.var.db,
        insertPhotoStatements({ id: photoId, uid: c.var.user.uid, type, bytes }, Date.now()),
      );
      c.var.log.info('problem photo stored', { photoId, type, bytes: bytes.length });
      return c.json({ photoId }, 201);
    },
  )
  .get(
    '/:id',
    doc({
      summary: 'A problem photo (admins): its bytes with their type, kept by the browser a day',
      auth: 'admin',
      params: recordIdParam,
      ok: {
        status: 200,
        description: 'The photo (`X-Content-Type-Options: nosniff`)',
        schema: z.string(),
        contentType: 'image/jpeg',
      },
      errors: [404],
    }),
    requireAdmin,
    validate('param', recordIdParam),
    async (c) => {
      const photo = await readPhoto(c.var.db, c.req.valid('param').id);
      if (!photo) throw new ApiError(404, 'not_found', 'No such photo.');
      return c.body(photo.bytes, 200, {
        'Content-Type': photo.type,
        'Cache-Control': PHOTO_CACHE_CONTROL,
        'X-Content-Type-Options': 'nosniff',
      });
    },
  );

/** `POST /api/orders/:id/problems`: the owner's claim on a delivered order. */
export const orderProblems = factory.createApp().post(
  '/:id/problems',
  doc({
    summary:
      'Report a problem with your delivered order (DESIGN.md §19): lines with a reason and units, and optionally a photo; within 48 h of delivery. A claim worth at most PROBLEM_AUTO_CREDIT_TK (100 Tk; 2 a month per account) is credited at once, others wait for an admin',
    auth: 'user',
    params: recordIdParam,
    body: problemInputSchema,
    idempotent: true,
    ok: {
      status: 201,
      description:
        'The problem: status credited (store credit given) or open. Another account’s or an unknown order is 404; an order not delivered 409 not_delivered; past 48 h 409 too_late; lines that do not fit the order 400 problem_invalid with details.lines [{_id, reason: not_in_order | more_than_delivered | already_claimed, max?, name?}]; a photoId not yours or used already 400 validation_failed (photoId)',
      schema: problemSchema,
    },
    errors: [404, 409],
  }),
  requireUser,
  validate('param', recordIdParam),
  validate('json', problemInputSchema),
  (c) => reportProblem(c, c.req.valid('param').id, c.req.valid('json')),
);

/** `GET /api/users/me/problems`: the signed-in account's problems. */
export const myProblems = factory.createApp().get(
  '/',
  doc({
    summary: 'Your reported problems, newest first (at most 100), with what was decided',
    auth: 'user',
    ok: {
      status: 200,
      description: 'The problems (`Cache-Control: private, no-cache`)',
      schema: myProblemsAnswerSchema,
    },
  }),
  requireUser,
  async (c) => {
    c.header('Cache-Control', PROBLEMS_CACHE_CONTROL);
    return c.json({ problems: await listProblemsOf(c.var.db, c.var.user.uid) });
  },
);

/** `/api/problems`: the admin's queue and decision. */
export const problems = factory
  .createApp()
  .get(
    '/',
    doc({
      summary:
        'Reported problems with a status (admins; default open): open ones oldest first (their 72 h deadline runs), others newest decided first; `limit` a page',
      auth: 'admin',
      query: problemListQuery,
      ok: {
        status: 200,
        description:
          'A page of problems (`Cache-Control: private, no-cache`). When more follow, header `Link: </api/problems?…&cursor=…>; rel="next"` gives the next page',
        schema: z.array(problemSchema),
      },
    }),
    requireAdmin,
    validate('query', problemListQuery),
    async (c) => {
      const { status, limit, cursor } = c.req.valid('query');
      const page = await listProblems(c.var.db, status, { limit, after: readCursor(cursor) });
      linkNextPage(c, { status, limit: String(limit) }, page.next);
      c.header('Cache-Control', PROBLEMS_CACHE_CONTROL);
      return c.json(page.problems);
    },
  )
  .put(
    '/:id',
    doc({
      summary:
        'Decide an open problem (admins): credit (store credit, up to the claim’s worth), refund (an order paid by bKash or card, through its provider, up to the worth and what is left of the payment) or decline (with a note the shopper reads); the shopper is told by push',
      auth: 'admin',
      params: recordIdParam,
      body: problemDecisionSchema,
      ok: {
        status: 200,
        description:
          'The problem as it is now. An Idempotency-Key is optional; a replay answers 200 with the problem again (`Idempotent-Replayed: true`). A problem decided already is 409 already_decided; a refund of an order not paid by bKash or card 409 not_prepaid; an amount above the worth (or, for a refund, what is left of the payment) 400 validation_failed (amount). 502/503 (retry): the refund was not made yet; a retry of the same request finishes it, never twice',
        schema: problemSchema,
      },
      errors: [404, 409, 422, 502, 503],
    }),
    requireAdmin,
    validate('param', recordIdParam),
    validate('json', problemDecisionSchema),
    (c) => decideProblem(c, c.req.valid('param').id, c.req.valid('json')),
  );
