import {
  AdminVideoResponse,
  IdParams,
  MessageResponse,
  VideoRequest,
  VideoResponse,
  VideosQuery,
  VideosResponse,
} from '@prata/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authenticate, currentUser, requireStaff } from '@/plugins/auth';
import { createVideo, deleteVideo, findVideo, listVideos, updateVideo } from './service';

/** Educational videos (spec 3 §7): the signed-in customers' grid and player, and the back office's list. */
export async function educationalRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.database.db;

  app.get(
    '/educational/videos',
    {
      preHandler: authenticate,
      schema: { querystring: VideosQuery, response: { 200: VideosResponse }, tags: ['educational'] },
    },
    async (req) => listVideos(db, req.query),
  );
  app.get(
    '/educational/video/:id',
    {
      preHandler: authenticate,
      schema: { params: IdParams, response: { 200: VideoResponse }, tags: ['educational'] },
    },
    async (req) => findVideo(db, req.params.id),
  );

  // Back office (support; admin holds every role)
  const support = requireStaff('support');
  const staff = (req: FastifyRequest) => ({ userId: currentUser(req).id, ip: req.ip });
  app.post(
    '/admin/videos',
    {
      preHandler: support,
      config: { idempotent: true },
      schema: { body: VideoRequest, response: { 201: AdminVideoResponse }, tags: ['admin'] },
    },
    async (req, reply) => reply.status(201).send(await createVideo(app.deps, staff(req), req.body)),
  );
  app.put(
    '/admin/videos/:id',
    {
      preHandler: support,
      schema: { params: IdParams, body: VideoRequest, response: { 200: AdminVideoResponse }, tags: ['admin'] },
    },
    async (req) => updateVideo(app.deps, staff(req), req.params.id, req.body),
  );
  app.delete(
    '/admin/videos/:id',
    { preHandler: support, schema: { params: IdParams, response: { 200: MessageResponse }, tags: ['admin'] } },
    async (req) => deleteVideo(app.deps, staff(req), req.params.id),
  );
}
