import fastifySwagger from '@fastify/swagger';
import { apiRoutes, type RouteContract, resources } from '@sikkha/contract';
import Fastify from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { testApp } from './app.js';

type Operation = {
  tags?: string[];
  requestBody?: unknown;
  parameters?: unknown;
  responses?: Record<string, { content?: unknown }>;
};
type Document = { paths: Record<string, Record<string, Operation>> };

let t: Awaited<ReturnType<typeof testApp>>;
let served: Document;
let described: Document;

/** The OpenAPI operations the contract's table describes, made the way the app makes its own. */
async function contractDocument(): Promise<Document> {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'contract', version: '1' } },
    transform: jsonSchemaTransform,
  });
  for (const [name, route] of Object.entries(apiRoutes) as [string, RouteContract][]) {
    app.route({
      method: route.method as 'GET' | 'POST' | ('GET' | 'POST')[],
      url: `/api/${name}`,
      schema: {
        ...(route.query ? { querystring: route.query } : {}),
        ...(route.body ? { body: route.body } : {}),
        ...(route.produces ? { produces: [...route.produces] } : {}),
        response: { 200: route.response },
      },
      handler: () => null,
    });
  }
  await app.ready();
  const doc = app.swagger() as unknown as Document;
  await app.close();
  return doc;
}

beforeAll(async () => {
  t = await testApp();
  served = (await t.app.inject({ url: '/api/openapi.json' })).json();
  described = await contractDocument();
});
afterAll(() => t.close());

const operations = (doc: Document) =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );

/**
 * The resource engine's routes (tagged with their resource) take their schemas from the resource table, uploads
 * from the upload kinds; every other route is hand-written.
 */
const generatedTags = new Set<string>([...resources.map((r) => r.name), 'uploads']);
const generated = (operation: Operation) => operation.tags?.some((tag) => generatedTags.has(tag)) ?? false;

describe('every route says what it answers', () => {
  test('each operation of the API declares the body of its 200 answer', () => {
    const undescribed = operations(served)
      .filter(({ operation }) => !operation.responses?.['200']?.content)
      .map(({ path, method }) => `${method.toUpperCase()} ${path}`);
    expect(undescribed).toEqual([]);
  });

  test('every hand-written route is in the contract, and the contract names no route the server lacks', () => {
    const handWritten = operations(served)
      .filter(({ operation }) => !generated(operation))
      .map(({ path, method }) => `${method} ${path}`)
      .sort();
    const contract = operations(described)
      .map(({ path, method }) => `${method} ${path}`)
      .sort();
    expect(handWritten).toEqual(contract);
  });

  test("each hand-written route takes and answers exactly the contract's schemas", () => {
    for (const { path, method, operation } of operations(described)) {
      const actual = served.paths[path]?.[method];
      expect(actual?.responses?.['200'], `${method} ${path}`).toEqual(operation.responses?.['200']);
      expect(actual?.requestBody, `${method} ${path}`).toEqual(operation.requestBody);
      expect(actual?.parameters, `${method} ${path}`).toEqual(operation.parameters);
    }
  });
});
