import type { FastifyInstance } from 'fastify';
import { adminCategoryRoutes } from './routes/admin-categories';
import { adminFaqRoutes } from './routes/admin-faqs';
import { adminTicketRoutes } from './routes/admin-tickets';
import { attachmentRoutes } from './routes/attachments';
import { faqRoutes } from './routes/faqs';
import { messageRoutes } from './routes/messages';
import { ticketRoutes } from './routes/tickets';
import { ticketUploadRoutes } from './routes/uploads';
import { visitorTicketRoutes } from './routes/visitor';

/**
 * Support (spec 3 §7 "FAQs and contact", "Tickets"): the FAQs and the contact information (public), the customer's
 * tickets, the visitor's ticket, and the back office's routes (routes/admin-*.ts). docs/support.md. Each resource's
 * routes are registered in this context, in this order.
 */
export async function supportRoutes(fastify: FastifyInstance) {
  await faqRoutes(fastify);
  await ticketRoutes(fastify);
  await attachmentRoutes(fastify);
  await messageRoutes(fastify);
  await ticketUploadRoutes(fastify);
  await visitorTicketRoutes(fastify);
  // the back office (operators with the support role; admin holds every role)
  await adminTicketRoutes(fastify);
  await adminFaqRoutes(fastify);
  await adminCategoryRoutes(fastify);
}
