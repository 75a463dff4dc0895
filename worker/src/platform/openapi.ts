import type { RouterRoute } from 'hono/types';
import type { ZodType } from 'zod';
import { z } from '@shared/zod';

/**
 * The API's OpenAPI 3.1 document, read from the app itself: every route Hono has mounted
 * (its method and path), the zod schemas its validators check (platform/validation.ts notes each
 * one here) and whether it needs a session (platform/auth-middleware.ts notes its guards). A route nobody
 * described still appears, with its path parameters; nothing is written by hand per route, so
 * the document cannot leave a route out (worker/src/openapi.test.ts holds it).
 */

type Target = 'json' | 'query' | 'param' | 'form' | 'header' | 'cookie';
type Guard = { role: string };

/** The middleware handlers that validate a request part, with their schema. */
const validators = new WeakMap<object, { target: Target; schema: ZodType }>();
/** The middleware handlers that refuse a request without a session (and a role). */
const guards = new WeakMap<object, Guard>();

/** Notes that `middleware` validates `target` against `schema` (returns the middleware). */
export function noteSchema<M extends object>(middleware: M, target: string, schema: ZodType): M {
  validators.set(middleware, { target: target as Target, schema });
  return middleware;
}

/** Notes that `middleware` answers 401 without a session, 403 below `role`. */
export function noteGuard<M extends object>(middleware: M, role: string): M {
  guards.set(middleware, { role });
  return middleware;
}

/**
 * Every schema a route of `routes` validates with: its method, path and the request part it
 * checks (worker/src/text-rule.test.ts walks them).
 */
export function routeSchemas(routes: readonly RouterRoute[]) {
  const found: { method: string; path: string; target: Target; schema: ZodType }[] = [];
  for (const route of routes) {
    const validator = validators.get(unwrap(route.handler));
    if (validator) found.push({ method: route.method, path: route.path, ...validator });
  }
  return found;
}

/** Hono wraps a sub-app's handler when that app has its own error handler; the original is kept. */
const unwrap = (handler: object): object =>
  (handler as { __COMPOSED_HANDLER?: object }).__COMPOSED_HANDLER ?? handler;

type Json = Record<string, unknown>;
type Operation = {
  tags: string[];
  summary?: string;
  operationId: string;
  description?: string;
  parameters?: Json[];
  requestBody?: Json;
  responses: Json;
  security?: Json[];
};

/** The methods an OpenAPI path item has; Hono's ALL entries are middleware or catch-alls. */
const METHODS = new Set(['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE']);

/** Hono's `/:id{[0-9]+}/x` as OpenAPI's `/{id}/x`; the parameter names in order. */
export function openApiPath(path: string): { path: string; params: string[] } {
  const params: string[] = [];
  const converted = path.replace(/:(\w+)(\{(?:[^{}]|\{[^}]*\})*\})?\??/g, (_, name: string) => {
    params.push(name);
    return `{${name}}`;
  });
  return { path: converted.length > 1 ? converted.replace(/\/$/, '') : converted, params };
}

/** Does a middleware's path (`/api/admin/*`, `/api/x/:id/*`) cover a route's path? */
function covers(pattern: string, path: string): boolean {
  if (pattern === path) return true;
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+'))
    .join('.*');
  return new RegExp(`^${source.replace(/\/\.\*$/, '(/.*)?')}$`).test(path);
}

/** A zod schema as JSON Schema (draft 2020-12, OpenAPI 3.1's own): what a client may send. */
function jsonSchema(schema: ZodType): Json {
  try {
    const { $schema: _, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json;
    return rest;
  } catch {
    // A schema JSON Schema cannot say (a custom check): any value, the route still described.
    return {};
  }
}

/** The resource a path belongs to: its first segment after /api, or admin/<that>. */
function tagOf(path: string): string {
  const [first = '', second = ''] = path.replace(/^\/api\/?/, '').split('/');
  return first === 'admin' && second ? `admin/${second}` : first || 'api';
}

function operationId(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w[0]!.toUpperCase() + w.slice(1))].join('');
}

/** A guarded operation's summary, by the least role it needs. */
const ACCESS: Record<string, string> = {
  guest: 'Signed in',
  housekeeper: 'Housekeepers and up',
  staff: 'Front desk staff, managers and admins',
  manager: 'Managers and admins',
  admin: 'Admins only',
};

/** The error every route may answer with, described once. */
const components = {
  schemas: {
    Error: {
      type: 'object',
      description: "The API's one error shape, its message in the request's language (?lang=ar|en).",
      required: ['error'],
      properties: {
        error: {
          type: 'object',
          required: ['code', 'message'],
          properties: {
            code: { type: 'string', description: 'A stable code, e.g. validation_failed, not_signed_in.' },
            message: { type: 'string', description: 'The code translated for people.' },
            fields: {
              type: 'object',
              description: 'For validation_failed: each failing field (dotted path) and its message.',
              additionalProperties: { type: 'string' },
            },
            requestId: { type: 'string' },
          },
        },
      },
    },
  },
  responses: {
    Error: {
      description: 'An error: `{ error: { code, message, fields? } }`.',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    },
  },
  securitySchemes: {
    session: {
      type: 'apiKey',
      in: 'cookie',
      name: 'session',
      description:
        'The session cookie set by signing in (named `__Host-session` in production). HttpOnly; a browser sends it itself.',
    },
  },
};

/**
 * The document for `routes` (a Hono app's `routes`): each method and path under /api once.
 * Built on demand; the caller keeps it (it does not change while the isolate lives).
 */
export function openApiDocument(routes: readonly RouterRoute[]) {
  // A route's handlers in the order they run, with the middleware of `use()` that covers it.
  const chains = new Map<string, { method: string; path: string; handlers: object[] }>();
  // Only the middleware registered before a route runs before it (a public route mounted ahead of a
  // guarded sub-app under the same prefix answers first: GET /api/outlets/menus).
  const middleware = routes.map((r, at) => ({ ...r, at })).filter((r) => r.method === 'ALL');
  for (const [at, route] of routes.entries()) {
    if (!METHODS.has(route.method) || !route.path.startsWith('/api/')) continue;
    const key = `${route.method} ${route.path}`;
    let chain = chains.get(key);
    if (!chain) {
      chain = {
        method: route.method,
        path: route.path,
        handlers: middleware.filter((m) => m.at < at && covers(m.path, route.path)).map((m) => m.handler),
      };
      chains.set(key, chain);
    }
    chain.handlers.push(route.handler);
  }

  const paths: Record<string, Record<string, Operation>> = {};
  for (const { method, path, handlers } of chains.values()) {
    const { path: openPath, params } = openApiPath(path);
    const parameters = new Map<string, Json>();
    for (const name of params) {
      parameters.set(`path:${name}`, { name, in: 'path', required: true, schema: { type: 'string' } });
    }
    let requestBody: Json | undefined;
    let guard: Guard | undefined;
    for (const handler of handlers) {
      guard = guards.get(unwrap(handler)) ?? guard;
      const validator = validators.get(unwrap(handler));
      if (!validator) continue;
      const schema = jsonSchema(validator.schema);
      if (validator.target === 'json' || validator.target === 'form') {
        const type = validator.target === 'json' ? 'application/json' : 'multipart/form-data';
        requestBody = { required: true, content: { [type]: { schema } } };
        continue;
      }
      const where = validator.target === 'param' ? 'path' : validator.target;
      const properties = (schema.properties ?? {}) as Record<string, Json>;
      const required = new Set((schema.required ?? []) as string[]);
      for (const [name, property] of Object.entries(properties)) {
        parameters.set(`${where}:${name}`, {
          name,
          in: where,
          required: where === 'path' || required.has(name),
          schema: property,
        });
      }
    }
    const resource = tagOf(path);
    const operation: Operation = {
      tags: [resource],
      operationId: operationId(method, path),
      ...(parameters.size > 0 && { parameters: [...parameters.values()] }),
      ...(requestBody && { requestBody }),
      responses: {
        '200': { description: 'Success.' },
        ...(requestBody || parameters.size > 0 ? { '400': { $ref: '#/components/responses/Error' } } : {}),
        ...(guard && { '401': { $ref: '#/components/responses/Error' } }),
        default: { $ref: '#/components/responses/Error' },
      },
      // Who may call it, where a guard says so (a route that reads the session itself has none).
      ...(guard && {
        summary: ACCESS[guard.role] ?? `Role ${guard.role}`,
        security: [{ session: [] }],
        description:
          guard.role === 'guest' ? 'Needs a signed-in session.' : `Needs a ${guard.role} session or higher.`,
      }),
    };
    (paths[openPath] ??= {})[method.toLowerCase()] = operation;
  }

  const tags = [
    ...new Set(Object.values(paths).flatMap((item) => Object.values(item).flatMap((o) => o.tags))),
  ]
    .sort()
    .map((name) => ({ name }));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Al Maabila Hotel API',
      version: '1',
      description:
        'The JSON API of the guest app and the back office, generated from the schemas the routes validate with. Answers are in Arabic or English (`?lang=` or Accept-Language). Writes from other sites are refused (CSRF).',
    },
    servers: [{ url: '/' }],
    tags,
    paths,
    components,
  };
}
