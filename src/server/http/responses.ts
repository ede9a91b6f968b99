/**
 * Routes declare their responses (`schema.response`) with the shared Zod schemas of src/domain/schemas:
 * the OpenAPI document describes every answer and the web's types come from the same schemas.
 * In production an answer is sent as it is (JSON.stringify). With `validate` (the test harness) every
 * answer must match its schema exactly: a missing field, a wrong type or a field the schema does not
 * name fails the request with a 500, so a schema cannot silently drift from what is sent.
 */
import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify';
import type { ZodType } from 'zod';

const isZod = (schema: unknown): schema is ZodType =>
  typeof schema === 'object' && schema !== null && typeof (schema as ZodType).safeParse === 'function';

const plain = (value: unknown): unknown =>
  value === undefined ? undefined : JSON.parse(JSON.stringify(value));

export class ResponseContractError extends Error {
  override readonly name = 'ResponseContractError';
}

export function responseSerializer(validate: boolean): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url }) =>
    (data) => {
      if (validate && isZod(schema)) {
        const sent = plain(data);
        const result = schema.safeParse(sent);
        if (!result.success)
          throw new ResponseContractError(
            `${method} ${url}: the answer does not match its response schema: ${JSON.stringify(result.error.issues).slice(0, 2000)}`,
          );
        if (!isDeepStrictEqual(plain(result.data), sent))
          throw new ResponseContractError(
            `${method} ${url}: the answer has fields its response schema does not describe (or the schema transforms them)`,
          );
      }
      return JSON.stringify(data);
    };
}
