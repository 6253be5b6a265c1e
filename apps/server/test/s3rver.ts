import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

/** s3rver (an S3-compatible server in Node, from npm) ships no types: the part of it the tests drive. */
interface S3rverServer {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
const S3rver = createRequire(import.meta.url)('s3rver') as new (options: object) => S3rverServer;

export const S3_BUCKET = 'sikkha-test';

/**
 * An S3 double with one bucket, its objects under `<dir>/bucket`, and the shop's settings for it (STORAGE=s3,
 * objects under the prefix `shop-1`); `endpoint` puts something else (a proxy) between the shop and it.
 */
export async function startS3rver(dir: string) {
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: join(dir, 'bucket'),
    configureBuckets: [{ name: S3_BUCKET }],
  });
  const { port } = await server.run();
  const envFor = (endpointPort: number): Record<string, string> => ({
    STORAGE: 's3',
    S3_ENDPOINT: `http://127.0.0.1:${endpointPort}`,
    S3_BUCKET,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
    S3_PREFIX: 'shop-1',
  });
  return { port, env: envFor(port), envFor, close: () => server.close() };
}
