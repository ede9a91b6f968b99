/**
 * Messages an organizer sends to dancers: announcements (send, preview the count, history), the
 * unsubscribe link's page read and its one-click POST, and "Your day" (publish the schedule).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { keyParams } from '../../http/params.ts';
import { organizer, routesFor, type RoutesApp } from '../../http/route.ts';
import * as endpoints from '../../../domain/schemas/endpoints.ts';
import { noFields } from '../../../domain/schemas/common.ts';
import {
  announcementCreate,
  announcementHistory as historySchema,
  announcementPreviewRequest,
  announcementSent,
  audienceCount,
  schedulePublished,
  schedulePublishState as publishStateSchema,
  unsubscribeQuery,
  unsubscribeState as unsubscribeStateSchema,
} from '../../../domain/schemas/mailings.ts';
import { siteOrigin } from '../../mail/links.ts';
import { announcementRecipients } from './audience.ts';
import { announcementHistory, sendAnnouncement, unsubscribe, unsubscribeState } from './announce.ts';
import { publishSchedule, schedulePublishState } from './yourDay.ts';

const routes: FastifyPluginAsyncZod = async (app) => {
  const route = routesFor(app, 'messages');

  route.command(endpoints.postMessages, organizer('send announcements'), {
    summary:
      'An announcement to all dancers, one event’s or one team’s: one message per address, the unsubscribed left out',
    schema: { params: keyParams, body: announcementCreate, response: { 201: announcementSent } },
    run: (cmd, req) => sendAnnouncement(cmd, siteOrigin(req), req.body),
  });

  route.read(endpoints.postMessagesPreview, organizer('preview announcements'), {
    summary: 'How many dancers an announcement to this audience would reach; changes nothing',
    schema: { params: keyParams, body: announcementPreviewRequest, response: { 200: audienceCount } },
    answer: async (req) => ({
      recipients: (await announcementRecipients(app.db, req.competition.id, req.body.audience)).length,
    }),
  });

  route.read(endpoints.getMessagesAnnouncements, organizer('see announcements'), {
    summary: 'Sent announcements, newest first, with delivered, failed and pending counts and each failure',
    schema: { params: keyParams, response: { 200: historySchema } },
    answer: async (req) => announcementHistory(app.db, req.competition.id),
  });

  route.read(endpoints.getUnsubscribe, 'public', {
    summary: "An unsubscribe link's competition and whether it is already unsubscribed",
    schema: { params: keyParams, querystring: unsubscribeQuery, response: { 200: unsubscribeStateSchema } },
    answer: async (req) => unsubscribeState(app.db, req.competition, req.query.t),
  });

  // A mail client's one-click unsubscribe posts `List-Unsubscribe=One-Click` as a form (RFC 8058). The
  // form parser lives in a plugin of its own around this one route: a form post is a cross-site
  // "simple" request, which no other command may take. The body is ignored; the link's token says who.
  await app.register(async (oneClick: RoutesApp) => {
    oneClick.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_req, _body, done) => done(null, {}),
    );
    routesFor(oneClick, 'messages').command(endpoints.postUnsubscribe, 'public', {
      summary:
        'One-click unsubscribe from announcements (RFC 8058; the body is ignored): confirmations and results still go',
      schema: { params: keyParams, querystring: unsubscribeQuery, response: { 200: unsubscribeStateSchema } },
      run: (cmd, req) => unsubscribe(cmd, req.query.t),
    });
  });

  route.read(endpoints.getSchedulePublish, organizer('publish the schedule'), {
    summary: 'When "Your day" was last sent, and to how many dancers it would go now',
    schema: { params: keyParams, response: { 200: publishStateSchema } },
    answer: async (req) => schedulePublishState(app.db, req.competition),
  });

  route.command(endpoints.postSchedulePublish, organizer('publish the schedule'), {
    summary: '"Your day": each dancer’s rounds with floors and estimated times, by email (one per address)',
    schema: { params: keyParams, body: noFields, response: { 200: schedulePublished } },
    run: (cmd, req) => publishSchedule(cmd, siteOrigin(req)),
  });
};
export default routes;
