import { z } from 'zod';
import { isoDateTime, pageOf } from './common';

/** A line of "Demais eventos": what happened to the account (sign-ins, data changes, documents, limit requests). */
export const EventLog = z.object({ id: z.number().int(), created_at: isoDateTime(), description: z.string() });
export type EventLog = z.infer<typeof EventLog>;

/** GET /api/event-logs?page=N, newest first. */
export const EventLogsResponse = z.object({ event_logs: pageOf(EventLog) });
export type EventLogsResponse = z.infer<typeof EventLogsResponse>;
