import type { FastifyReply } from 'fastify';

/** A CSV download: the file name is reduced to safe characters; never cached (it may hold fees). */
export function csvReply(reply: FastifyReply, filename: string, csv: string) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename.replace(/[^a-zA-Z0-9._-]/g, '_')}"`)
    .header('cache-control', 'no-store')
    .send(csv);
}
