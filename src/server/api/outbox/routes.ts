import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noFields } from '../../../domain/schemas/common.ts';
import { outboxList, outboxMessage, outboxQuery, unsentResent } from '../../../domain/schemas/outbox.ts';
import { keyParams, rowId } from '../../http/params.ts';
import { organizer, routesFor } from '../../http/route.ts';
import * as endpoints from '../../../domain/schemas/endpoints.ts';
import { retryMessage, sendUnsentMessages } from './commands.ts';
import { listMessages } from './queries.ts';

const messageParams = keyParams.extend({ messageId: rowId });

const routes: FastifyPluginAsyncZod = async (app) => {
  const route = routesFor(app, 'messages');

  route.read(endpoints.getMessages, organizer("see the competition's messages"), {
    summary: "The competition's emails and what became of each, newest first",
    schema: { params: keyParams, querystring: outboxQuery, response: { 200: outboxList } },
    answer: async (req) => listMessages(app.db, req.competition.id, req.query),
  });

  route.command(endpoints.postMessagesRetry, organizer('send a message again'), {
    summary: 'Send a failed or unsent message again',
    schema: { params: messageParams, body: noFields, response: { 200: outboxMessage } },
    run: (ctx, req) => retryMessage(ctx, req.params.messageId, app.mail.configured),
    answer: (message) => {
      // Committed: the sender takes it now rather than at its next look.
      app.mail.wake();
      return message;
    },
  });

  route.command(endpoints.postMessagesSendUnsent, organizer('send the messages kept unsent'), {
    summary: 'Send every message kept unsent while no mail server was configured',
    schema: { params: keyParams, body: noFields, response: { 200: unsentResent } },
    run: (ctx) => sendUnsentMessages(ctx, app.mail.configured),
    answer: (sent) => {
      app.mail.wake();
      return sent;
    },
  });
};
export default routes;
