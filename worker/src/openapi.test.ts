import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerSchema } from '@shared/auth-schemas';
import { type openApiDocument, openApiPath } from './platform/openapi';
import { app } from './index';
import { call } from '@worker-test/helpers';

/**
 * The OpenAPI document (`/api/openapi.json`) and its page (`/api/docs`): every route the app has
 * mounted under /api is in it, with the schemas its validators check.
 */
type Doc = ReturnType<typeof openApiDocument>;
type Operation = Doc['paths'][string][string];

const OPERATION_METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'];

/** Every method and path the real app answers under /api (Hono's own list; ALL is middleware). */
function mountedRoutes() {
  const mounted = new Set<string>();
  for (const route of app.routes) {
    if (!route.path.startsWith('/api/') || !OPERATION_METHODS.includes(route.method)) continue;
    mounted.add(`${route.method.toLowerCase()} ${openApiPath(route.path).path}`);
  }
  return mounted;
}

async function fetchDocument(): Promise<Doc> {
  const res = await call('/api/openapi.json');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('application/json');
  return (await res.json()) as Doc;
}

describe('the OpenAPI document', () => {
  it('has the shape of OpenAPI 3.1: version, info, paths, components with the error and the session', async () => {
    const doc = await fetchDocument();
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    expect(Object.keys(doc.paths).length).toBeGreaterThan(50);
    expect(doc.components.securitySchemes.session).toMatchObject({ type: 'apiKey', in: 'cookie' });
    expect(doc.components.schemas.Error.properties.error.required).toEqual(['code', 'message']);
    for (const [path, item] of Object.entries(doc.paths)) {
      expect(path, path).toMatch(/^\/api\/[^:*]*$/);
      for (const [method, operation] of Object.entries(item) as [string, Operation][]) {
        const where = `${method} ${path}`;
        expect(operation.tags.length, where).toBeGreaterThan(0);
        expect(operation.responses, where).toHaveProperty('default');
        // Every {name} of the path is a declared path parameter, and no other.
        const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
        const declared = (operation.parameters ?? [])
          .filter((p) => p.in === 'path')
          .map((p) => p.name as string)
          .sort();
        expect(declared, where).toEqual(inPath);
      }
    }
  });

  it('has every route the app mounts under /api, each method and path', async () => {
    const doc = await fetchDocument();
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).map((m) => `${m} ${path}`)),
    );
    const mounted = mountedRoutes();
    // Sanity: the list is the real app's (the routes of several resources, the document's own).
    expect(mounted.size).toBeGreaterThan(100);
    expect(mounted).toContain('get /api/openapi.json');
    expect(mounted).toContain('get /api/admin/tape-chart');
    expect([...mounted].filter((route) => !documented.has(route))).toEqual([]);
    expect([...documented].filter((route) => !mounted.has(route))).toEqual([]);
  });

  it("describes a route's request body by the zod schema it validates with", async () => {
    const doc = await fetchDocument();
    const register = doc.paths['/api/auth/register']!.post!;
    expect(register.tags).toEqual(['auth']);
    const body = (register.requestBody as { content: Record<string, { schema: unknown }> }).content[
      'application/json'
    ]!.schema;
    const { $schema: _, ...expected } = z.toJSONSchema(registerSchema, {
      io: 'input',
      unrepresentable: 'any',
    });
    expect(body).toEqual(expected);
    expect(body).toMatchObject({ type: 'object', properties: { email: expect.any(Object) } });
  });

  it('gives query and path parameters from their schemas, and the session where a route needs one', async () => {
    const doc = await fetchDocument();
    const staffRead = doc.paths['/api/admin/tape-chart']!.get!;
    expect(staffRead.security).toEqual([{ session: [] }]);
    expect(staffRead.responses).toHaveProperty('401');
    expect(staffRead.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ in: 'query', name: 'from' })]),
    );
    const publicRead = doc.paths['/api/rooms']!.get!;
    expect(publicRead.security).toBeUndefined();
    const guestUpdate = doc.paths['/api/booking-submissions/{id}']!.patch!;
    expect(guestUpdate.parameters).toEqual([
      expect.objectContaining({
        name: 'id',
        in: 'path',
        required: true,
        schema: expect.objectContaining({ type: 'string' }),
      }),
    ]);
  });

  it('is built once per isolate', async () => {
    const first = await (await call('/api/openapi.json')).text();
    const second = await (await call('/api/openapi.json')).text();
    expect(second).toBe(first);
  });
});

describe('the API reference page', () => {
  it('answers /api/docs with a page whose script and style come from our own origin', async () => {
    const res = await call('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    // The app's strict policy: scripts and styles from our own origin only.
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await res.text();
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    // No inline script (the CSP would refuse it) and nothing from another origin.
    for (const attributes of scripts) expect(attributes).toMatch(/src="\/api-docs\/[\w.-]+\.js"/);
    expect(html).toMatch(/<link rel="stylesheet" href="\/api-docs\/[\w.-]+\.css"/);
    expect(html).not.toMatch(/https?:\/\//);
    expect(html).not.toMatch(/<style/);
  });
});
