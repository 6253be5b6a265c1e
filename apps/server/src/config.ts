import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { TOKEN_MAX_AGE_SECONDS } from '@sikkha/contract/rules';
import { z } from 'zod';

/** A signing secret shorter than this is refused everywhere. */
const SECRET_BYTES = 32;
const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z.url().optional(),
    PUBLIC_URL: z.url().optional(),
    JWT_SECRET: z
      .string()
      .refine((v) => Buffer.byteLength(v) >= SECRET_BYTES, `JWT_SECRET must be at least ${SECRET_BYTES} bytes`)
      .optional(),
    SMTP_URL: z.url().optional(),
    MAIL_FROM: z.string().default('Sikkha <no-reply@sikkha.local>'),
    DEMO: z.enum(['true', 'false', '1', '0']).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    BODY_LIMIT: z.coerce.number().int().min(1024).default(1_048_576),
    TRUST_PROXY: z.enum(['true', 'false', '1', '0']).default('false'),
    TOKEN_MAX_AGE: z.coerce.number().int().min(10).max(2_592_000).default(TOKEN_MAX_AGE_SECONDS),
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
    GOOGLE_ISSUER: z.string().default('https://accounts.google.com'),
    FACEBOOK_APP_ID: z.string().optional(),
    FACEBOOK_APP_SECRET: z.string().optional(),
    FACEBOOK_GRAPH_URL: z.url().default('https://graph.facebook.com/v19.0'),
    FFMPEG_PATH: z.string().optional(),
  })
  .superRefine((env, ctx) => {
    // Instances sharing a database must share one secret: none can be made up on one machine.
    if (env.DATABASE_URL && !env.JWT_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'required with DATABASE_URL' });
    }
  });

/**
 * The embedded shop's secret when none is set: made at random on the first start and kept in the data folder, so
 * sessions survive a restart and no published value ever signs a token.
 */
function embeddedSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  try {
    const kept = readFileSync(file, 'utf8').trim();
    if (Buffer.byteLength(kept) >= SECRET_BYTES) return kept;
  } catch {
    // first start
  }
  mkdirSync(dataDir, { recursive: true });
  const made = randomBytes(48).toString('base64url');
  try {
    writeFileSync(file, `${made}\n`, { mode: 0o600, flag: 'wx' });
    return made;
  } catch {
    // Another process made it first: theirs is the one.
    return readFileSync(file, 'utf8').trim();
  }
}

export type Config = ReturnType<typeof loadConfig>;

/** Reads the environment once at start; a bad value stops the start with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  // An empty variable (`DATABASE_URL= npm start`) means unset, as in most shells' habits.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const dataDir = resolve(c.DATA_DIR);
  return {
    env: c.NODE_ENV,
    port: c.PORT,
    host: c.HOST,
    dataDir,
    databaseUrl: c.DATABASE_URL,
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    jwtSecret: c.JWT_SECRET ?? embeddedSecret(dataDir),
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
    /** Demo content is on by default only for the embedded database outside production; DEMO=true forces it. */
    demo: c.DEMO === undefined ? !c.DATABASE_URL && c.NODE_ENV !== 'production' : c.DEMO === 'true' || c.DEMO === '1',
    logLevel: c.LOG_LEVEL,
    bodyLimit: c.BODY_LIMIT,
    tokenMaxAge: c.TOKEN_MAX_AGE,
    /** Behind a reverse proxy, the client address comes from X-Forwarded-For; exposed directly, never. */
    trustProxy: c.TRUST_PROXY === 'true' || c.TRUST_PROXY === '1',
    /** Google sign-in is offered when a client id is set. */
    google: c.GOOGLE_CLIENT_ID
      ? { clientId: c.GOOGLE_CLIENT_ID, jwksUrl: c.GOOGLE_JWKS_URL, issuer: c.GOOGLE_ISSUER }
      : undefined,
    /** ffmpeg for packaging videos; the npm-installed binary when unset. */
    ffmpegPath: c.FFMPEG_PATH,
    /** Facebook sign-in is offered when the app id and secret are set. */
    facebook:
      c.FACEBOOK_APP_ID && c.FACEBOOK_APP_SECRET
        ? {
            appId: c.FACEBOOK_APP_ID,
            appSecret: c.FACEBOOK_APP_SECRET,
            graphUrl: c.FACEBOOK_GRAPH_URL.replace(/\/$/, ''),
          }
        : undefined,
  };
}
