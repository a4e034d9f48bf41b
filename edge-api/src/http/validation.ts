/**
 * Request validation with the shared zod contract: a 400 whose `details.fields` maps each
 * invalid field (dotted path) to its messages, e.g. `{"orderedProduct.0.cartQuantity":["At least 1 kg"]}`.
 */
import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { z } from 'zod';
import { errorResponse } from './errors';

/** Field path → messages, for a failed zod parse. */
export function fieldErrors(error: {
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>;
}): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}

/** Validates `target` (json, query, param) with `schema`; unknown fields are dropped by the schemas. */
export const validate = <T extends z.ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) =>
  zValidator(target, schema, (result, c) => {
    if (!result.success) {
      const fields = fieldErrors(result.error);
      return errorResponse(c, 400, 'validation_failed', 'Some fields are invalid; see details.fields.', { fields });
    }
    return undefined;
  });
