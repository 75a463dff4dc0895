import { DurableObject } from 'cloudflare:workers';
import type { LiveEvent } from '@shared/conversation-schemas';
import type { Env } from '../../platform/env';
import type { EndedSessions } from '../../platform/session-hooks';

/** The close code of a socket whose session ended: the app does not open it again by itself. */
export const SESSION_ENDED_CLOSE = 4401;

/**
 * The hotel's live inbox (docs/decisions/088-conversations.md): ONE Durable Object per hotel
 * (`idFromName('hotel')`) holding the staff tablets' and the guest apps' WebSockets with the
 * hibernation API: the object sleeps while its sockets stay open and wakes for a message. Each
 * socket carries tags, set by the worker after it checked the session on the server:
 * `staff` and `staff:<userId>` for staff; `user:<id>` or `booking:<id>` for a guest (the keys of
 * their thread); `session:<id>` and `account:<id>` for a socket a session opened, which closes when
 * that session (or every session of the account) ends. After a message commits, the worker calls `publish(tags, event)` (RPC, under
 * `waitUntil`): the object sends the small event to every socket that has one of the tags, and the
 * screen reads what changed through the API. `ping` is answered `pong` without waking it.
 */
export class ConversationHub extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('ping', 'pong'));
  }

  /** The upgrade, forwarded by the worker (`/api/live`) with the socket's tags in `x-live-tags`. */
  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get('upgrade')?.toLowerCase() !== 'websocket') {
      return new Response('Expected a WebSocket upgrade', { status: 426 });
    }
    const tags = (request.headers.get('x-live-tags') ?? '').split(',').filter(Boolean).slice(0, 10);
    if (tags.length === 0) return new Response('No audience', { status: 400 });
    const pair = new WebSocketPair();
    const [client, server] = Object.values(pair) as [WebSocket, WebSocket];
    this.ctx.acceptWebSocket(server, tags);
    // A socket a session opened lasts no longer than the session (checked at each event).
    const until = Number(request.headers.get('x-live-until') ?? 0);
    server.serializeAttachment({ until: Number.isFinite(until) && until > 0 ? until : null });
    server.send(JSON.stringify({ type: 'hello' }));
    return new Response(null, { status: 101, webSocket: client });
  }

  /** Sends `event` to every socket holding one of `tags` (each socket once). Answers how many. */
  async publish(tags: string[], event: LiveEvent): Promise<number> {
    const sockets = new Set<WebSocket>();
    for (const tag of tags) for (const ws of this.ctx.getWebSockets(tag)) sockets.add(ws);
    const data = JSON.stringify(event);
    const now = Date.now();
    let sent = 0;
    for (const ws of sockets) {
      const { until } = (ws.deserializeAttachment() ?? {}) as { until?: number | null };
      if (until && until <= now) {
        closeQuietly(ws, SESSION_ENDED_CLOSE, 'session ended');
        continue;
      }
      try {
        ws.send(data);
        sent += 1;
      } catch {
        // A socket closing meanwhile: its client refetches when it reconnects.
      }
    }
    return sent;
  }

  /** Closes every socket holding one of `tags` (a session ended): answers how many. */
  async closeTags(tags: string[]): Promise<number> {
    let closed = 0;
    for (const tag of tags)
      for (const ws of this.ctx.getWebSockets(tag)) {
        closeQuietly(ws, SESSION_ENDED_CLOSE, 'session ended');
        closed += 1;
      }
    return closed;
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    // Clients only listen; anything but the auto-answered ping is ignored.
    if (message === 'ping') ws.send('pong');
  }

  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, 'closed');
    } catch {
      // Already closed.
    }
  }
}

function closeQuietly(ws: WebSocket, code: number, reason: string) {
  try {
    ws.close(code, reason);
  } catch {
    // Already closed.
  }
}

/** The hotel's hub (one per hotel). */
export function hotelHub(env: Env): DurableObjectStub<ConversationHub> | null {
  if (!env.CONVERSATION_HUB) return null;
  const ns = env.CONVERSATION_HUB as unknown as DurableObjectNamespace<ConversationHub>;
  return ns.get(ns.idFromName('hotel'));
}

/**
 * The tags of a thread's guest (their sockets): a booking's thread its booking's holders only
 * (never the profile's: other bookings share it through a typed phone); else by account and by
 * profile.
 */
export function guestTags(thread: {
  userId: number | null;
  profileId: number | null;
  bookingId?: number | null;
}): string[] {
  if (thread.bookingId) return [`booking:${thread.bookingId}`];
  const tags: string[] = [];
  if (thread.userId !== null) tags.push(`user:${thread.userId}`);
  if (thread.profileId !== null) tags.push(`profile:${thread.profileId}`);
  return tags;
}

/**
 * Tells the connected screens of a change, after the answer (the caller's `waitUntil`); a hub that
 * is not there or fails loses nothing: every screen reads the thread again when it reconnects.
 */
export async function publishLive(env: Env, tags: string[], event: LiveEvent): Promise<void> {
  const hub = hotelHub(env);
  if (!hub || tags.length === 0) return;
  try {
    await hub.publish(tags, event);
  } catch (err) {
    console.log(JSON.stringify({ msg: 'live-publish-failed', error: String(err) }));
  }
}

/** The tags of the sockets a session opened (`session:`) and of every session of an account (`account:`). */
export function sessionTags(session: { idHash: string; user: { id: number } }): string[] {
  return [`session:${session.idHash}`, `account:${session.user.id}`];
}

/**
 * Closes the sockets of sessions that ended (platform/session-hooks.ts, installed by the entry): a
 * logout's own, or every one of an account (a password reset, a staff account disabled or its role
 * changed, an erasure). The app takes the close code as "signed out" and does not reconnect.
 */
export async function closeEndedSessions(env: Env, ended: EndedSessions): Promise<void> {
  const hub = hotelHub(env);
  if (!hub) return;
  await hub.closeTags(['idHash' in ended ? `session:${ended.idHash}` : `account:${ended.userId}`]);
}
