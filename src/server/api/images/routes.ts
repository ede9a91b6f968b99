/**
 * Images an organizer uploads (people's photos), stored in the database and served from Promenade's own
 * origin: visitors' browsers never load another host (the CSP allows images from 'self' only).
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IMAGE_TYPES, MAX_IMAGE_BYTES, imageUploaded } from '../../../domain/schemas/images.ts';
import { HttpError, notFound } from '../../errors.ts';
import { runCommand } from '../../http/command.ts';
import { keyParams } from '../../http/params.ts';
import { nowIso } from '../../db/index.ts';
import { organizer, routesFor } from '../../http/route.ts';
import * as endpoints from '../../../domain/schemas/endpoints.ts';
import { sniffImage } from './sniff.ts';

const imageParams = keyParams.extend({
  file: z.string().regex(/^\d{1,10}-[A-Za-z0-9_-]{1,64}$/, { error: 'not an image address' }),
});

const routes: FastifyPluginAsyncZod = async (app) => {
  const route = routesFor(app, 'images');
  // The upload's body is the file itself (any declared type: the bytes decide), read as a Buffer.
  app.addContentTypeParser(
    [...IMAGE_TYPES, 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: MAX_IMAGE_BYTES },
    (_req, body, done) => done(null, body),
  );

  app.route({
    bodyLimit: MAX_IMAGE_BYTES,
    ...route.options(endpoints.postImages, organizer('upload images'), {
      params: keyParams,
      response: { 201: imageUploaded },
    }),
    handler: async (req, reply) => {
      const bytes = req.body;
      if (!Buffer.isBuffer(bytes) || bytes.length === 0)
        throw new HttpError(400, 'bad_request', 'Send the image file as the body (PNG, JPEG or WebP).');
      const type = sniffImage(bytes);
      if (!type)
        throw new HttpError(415, 'unsupported_media_type', 'Only PNG, JPEG and WebP images can be uploaded.');
      const uploaded = await runCommand(app, req, {
        run: async (ctx) => {
          const token = randomBytes(12).toString('base64url');
          const row = await ctx.trx
            .insertInto('images')
            .values({
              competition_id: ctx.competition.id,
              token,
              content_type: type,
              bytes,
              size: bytes.length,
              created_at: nowIso(),
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await ctx.audit({
            action: 'image.upload',
            entity: 'image',
            entityId: row.id,
            after: { contentType: type, size: bytes.length },
          });
          return {
            id: row.id,
            url: `/api/v1/competitions/${ctx.competition.key}/images/${row.id}-${token}`,
            contentType: type,
            size: bytes.length,
          };
        },
      });
      return reply.status(201).send(uploaded);
    },
  });

  route.read(endpoints.getImagesOne, 'public', {
    schema: {
      params: imageParams,
      produces: [...IMAGE_TYPES],
      response: { 200: z.any().describe('The image (PNG, JPEG or WebP)') },
    },
    answer: async (req, reply) => {
      const dash = req.params.file.indexOf('-');
      const id = req.params.file.slice(0, dash);
      const token = req.params.file.slice(dash + 1);
      const row = await app.db
        .selectFrom('images')
        .select(['content_type', 'bytes'])
        .where('competition_id', '=', req.competition.id)
        .where('id', '=', Number(id))
        .where('token', '=', token)
        .executeTakeFirst();
      if (!row) throw notFound('The image');
      // The address changes with every upload, so the image may be cached for good.
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .type(row.content_type)
        .send(Buffer.from(row.bytes));
    },
  });
};
export default routes;
