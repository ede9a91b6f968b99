/**
 * The round's day in one plugin: the organizer's round edits, marks, results, the floor (heats,
 * couples, running order), the MC's announcements and the public results. The state of a round is
 * written only through transition.ts, by the rules of src/domain/rounds/lifecycle.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import roundRoutes from './routes.ts';
import markRoutes from './marks/routes.ts';
import resultRoutes from './results/routes.ts';
import floorRoutes from './floor/routes.ts';
import announcementRoutes from './announcements/routes.ts';
import publicResultRoutes from './publicResults/routes.ts';
import formatRoutes from './formats/routes.ts';
import judgingReportRoutes from './judgingReport/routes.ts';

const rounds: FastifyPluginAsyncZod = async (app) => {
  await app.register(roundRoutes);
  await app.register(markRoutes);
  await app.register(resultRoutes);
  await app.register(floorRoutes);
  await app.register(announcementRoutes);
  await app.register(publicResultRoutes);
  await app.register(formatRoutes);
  await app.register(judgingReportRoutes);
};
export default rounds;
