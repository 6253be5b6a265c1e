import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { banks, FACEBOOK_GRAPH_VERSION } from '@sikkha/contract';
import { FEE_FACTOR, HEAD_OFFICE, isThaiId, TOKEN_MAX_AGE_SECONDS, VAT_PERCENT } from '@sikkha/contract/rules';
import { z } from 'zod';
import { loadShopSigner } from './lib/shop-signer.js';

/** A signing secret shorter than this is refused everywhere. */
const SECRET_BYTES = 32;
/** The video players staff paste most (YouTube's and Vimeo's), allowed unless VIDEO_HOSTS says otherwise. */
const DEFAULT_VIDEO_HOSTS = 'https://www.youtube.com,https://www.youtube-nocookie.com,https://player.vimeo.com';
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
    // Operations: the Prometheus scrape token, and how long a SIGTERM may wait for requests and jobs under way.
    METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
    SHUTDOWN_TIMEOUT: z.coerce.number().int().min(1).max(3600).default(30),
    // Uploaded files and packaged video: the data folder's disk, or an S3-compatible bucket.
    STORAGE: z.enum(['local', 's3']).default('local'),
    S3_ENDPOINT: z.url().optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'an S3 bucket name')
      .optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: z.enum(['true', 'false', '1', '0']).default('false'),
    S3_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/, 'folder names separated by /, without a leading or trailing /')
      .optional(),
    BODY_LIMIT: z.coerce.number().int().min(1024).default(1_048_576),
    TRUST_PROXY: z.enum(['true', 'false', '1', '0']).default('false'),
    TOKEN_MAX_AGE: z.coerce.number().int().min(10).max(2_592_000).default(TOKEN_MAX_AGE_SECONDS),
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
    GOOGLE_ISSUER: z.string().default('https://accounts.google.com'),
    FACEBOOK_APP_ID: z.string().optional(),
    FACEBOOK_APP_SECRET: z.string().optional(),
    FACEBOOK_GRAPH_URL: z.url().default(`https://graph.facebook.com/${FACEBOOK_GRAPH_VERSION}`),
    FFMPEG_PATH: z.string().optional(),
    // Where lessons hosted elsewhere play from (video_HLS, video_iframe, video_embed): the pages' CSP lets them in.
    VIDEO_HOSTS: z
      .string()
      .default(DEFAULT_VIDEO_HOSTS)
      .transform((list, ctx) => {
        const origins: string[] = [];
        for (const entry of list
          .split(',')
          .map((e) => e.trim())
          .filter(Boolean)) {
          const url = URL.canParse(entry) ? new URL(entry) : null;
          if (url?.protocol !== 'https:') {
            ctx.addIssue({ code: 'custom', message: `VIDEO_HOSTS: ${entry} is not an https origin` });
            return z.NEVER;
          }
          origins.push(url.origin);
        }
        return origins;
      }),
    // Messaging (Send screen, group-code requests): the LINE Messaging API channel and the Facebook Page.
    LINE_API_URL: z.url().default('https://api.line.me'),
    LINE_CHANNEL_ACCESS_TOKEN: z.string().optional(),
    LINE_CHANNEL_SECRET: z.string().optional(),
    LINE_BASIC_ID: z
      .string()
      .regex(/^@[a-z0-9._-]{3,30}$/i, "the official account's basic id, like @sikkha")
      .optional(),
    LINE_STAFF_GROUP_ID: z
      .string()
      .regex(/^C[0-9a-f]{32}$/, 'a LINE group id (C and 32 hex digits), logged when the account joins a group')
      .optional(),
    FACEBOOK_PAGE_ID: z
      .string()
      .regex(/^\d{5,30}$/)
      .optional(),
    FACEBOOK_PAGE_ACCESS_TOKEN: z.string().optional(),
    FACEBOOK_VERIFY_TOKEN: z.string().min(16).optional(),
    SHOP_BANK: z.enum(banks).default('KBANK'),
    SHOP_ACCOUNT_NAME: z.string().min(1).max(100).optional(),
    SHOP_ACCOUNT_NUMBER: z
      .string()
      .regex(/^[\d-]{6,20}$/)
      .optional(),
    PROMPTPAY_ID: z
      .string()
      .regex(/^(\d{10}|\d{13}|\d{15})$/, 'a phone number (10 digits), a national or tax id (13) or an e-wallet id (15)')
      .optional(),
    PROMPTPAY_BILLER_ID: z
      .string()
      .regex(/^\d{15}$/, 'a tax id and its 2-digit suffix (15 digits)')
      .optional(),
    FEE_FACTOR: z.coerce.number().min(1).max(1.5).default(FEE_FACTOR),
    ORDER_EXPIRY_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 30)
      .default(72),
    GATEWAY_ORDER_EXPIRY_MINUTES: z.coerce
      .number()
      .int()
      .min(5)
      .max(24 * 60)
      .default(60),
    /** What one coin pays, in baht (the spec gives no rate). */
    COIN_BAHT_RATE: z.coerce.number().min(0.01).max(1_000_000).default(1),
    // The seller printed on receipts and tax invoices; the defaults are a demo shop's, a real shop sets its own.
    SELLER_NAME: z.string().trim().min(1).max(200).default('บริษัท สิกขา จำกัด'),
    SELLER_ADDRESS: z.string().trim().min(1).max(500).default('99 ถนนพญาไท แขวงทุ่งพญาไท เขตราชเทวี กรุงเทพมหานคร 10400'),
    SELLER_TAX_ID: z
      .string()
      .refine(isThaiId, '13 digits with the check digit of a Thai tax id')
      .default('0105569000002'),
    SELLER_BRANCH: z
      .string()
      .regex(/^\d{5}$/, 'the Revenue Department branch number, 5 digits (00000 is the head office)')
      .default(HEAD_OFFICE),
    // The seller's address as the e-Tax XML needs it beside the text above (ETDA's Schematron wants a seller's house
    // number, TISI 1099 sub-district code and postcode): the district and province codes are the sub-district's first
    // four and two digits. The defaults are the demo address's (แขวงทุ่งพญาไท เขตราชเทวี).
    SELLER_BUILDING_NUMBER: z.string().trim().min(1).max(16).default('99'),
    SELLER_SUBDISTRICT_CODE: z
      .string()
      .regex(/^\d{6}$/, 'the TISI 1099 code of the sub-district (ตำบล/แขวง), 6 digits')
      .default('103701'),
    SELLER_POSTCODE: z
      .string()
      .regex(/^\d{5}$/, 'the postcode, 5 digits')
      .default('10400'),
    SELLER_VAT_REGISTERED: z.enum(['true', 'false', '1', '0']).default('true'),
    VAT_RATE: z.coerce.number().int().min(0).max(30).default(VAT_PERCENT),
    PAYMENT_GATEWAY: z.enum(['kpgw', 'opn', 'sandbox', 'none']).optional(),
    PAYMENT_SANDBOX: z.enum(['true', 'false', '1', '0']).optional(),
    KPGW_API_URL: z.url().default('https://kpaymentgateway-services.kasikornbank.com'),
    KPGW_SCRIPT_URL: z.url().default('https://kpaymentgateway.kasikornbank.com/ui/v2/kpayment.min.js'),
    KPGW_PUBLIC_KEY: z.string().optional(),
    KPGW_SECRET_KEY: z.string().optional(),
    KPGW_MERCHANT_ID: z.string().optional(),
    KPGW_SMARTPAY_ID: z.string().optional(),
    OPN_API_URL: z.url().default('https://api.omise.co'),
    OPN_SCRIPT_URL: z.url().default('https://cdn.omise.co/omise.js'),
    OPN_PUBLIC_KEY: z.string().optional(),
    OPN_SECRET_KEY: z.string().optional(),
    OPN_WEBHOOK_SECRET: z.base64().optional(),
    /** How long a call to KPGW or Opn may take before the person is told the gateway is unavailable. */
    PAYMENT_TIMEOUT_MS: z.coerce.number().int().min(1).max(60_000).optional(),
    // The shop's certificate for signing e-Tax documents (XAdES XML, PDF): a PKCS#12 file (.p12/.pfx) and its
    // password. Without it the documents are issued unsigned.
    ETAX_CERT_P12_PATH: z.string().optional(),
    ETAX_CERT_PASSWORD: z.string().optional(),
    // e-Tax Invoice by Email (ETDA's time-stamp route for a small seller): every mail carrying an e-Tax document
    // also goes, as a copy (Cc), to this mailbox, which stamps the time and sends it on (docs/ETAX.md).
    ETAX_TIMESTAMP_MAILBOX: z.email('an e-mail address, such as csemail@etax.teda.th').optional(),
  })
  .superRefine((env, ctx) => {
    if (env.STORAGE === 's3' && !env.S3_BUCKET) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'required with STORAGE=s3' });
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_SECRET_ACCESS_KEY'],
        message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
      });
    }
    if (Boolean(env.LINE_CHANNEL_ACCESS_TOKEN) !== Boolean(env.LINE_CHANNEL_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: ['LINE_CHANNEL_SECRET'],
        message: 'LINE_CHANNEL_ACCESS_TOKEN and LINE_CHANNEL_SECRET go together',
      });
    }
    if (env.FACEBOOK_PAGE_ACCESS_TOKEN) {
      for (const name of ['FACEBOOK_PAGE_ID', 'FACEBOOK_APP_SECRET', 'FACEBOOK_VERIFY_TOKEN'] as const) {
        if (!env[name])
          ctx.addIssue({ code: 'custom', path: [name], message: 'required with FACEBOOK_PAGE_ACCESS_TOKEN' });
      }
    }
    // Instances sharing a database must share one secret: none can be made up on one machine.
    if (env.DATABASE_URL && !env.JWT_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'required with DATABASE_URL' });
    }
    if (env.ETAX_CERT_PASSWORD && !env.ETAX_CERT_P12_PATH) {
      ctx.addIssue({ code: 'custom', path: ['ETAX_CERT_P12_PATH'], message: 'required with ETAX_CERT_PASSWORD' });
    }
    if (Boolean(env.SHOP_ACCOUNT_NAME) !== Boolean(env.SHOP_ACCOUNT_NUMBER)) {
      ctx.addIssue({
        code: 'custom',
        path: ['SHOP_ACCOUNT_NUMBER'],
        message: 'SHOP_ACCOUNT_NAME and SHOP_ACCOUNT_NUMBER go together',
      });
    }
    const gateway = paymentGatewayOf(env);
    for (const name of gatewayKeys[gateway]) {
      if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: `required with the ${gateway} gateway` });
    }
    // The sandbox takes no money: a production shop must never show it by accident.
    if (gateway === 'sandbox' && env.NODE_ENV === 'production' && !isTrue(env.PAYMENT_SANDBOX)) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENT_GATEWAY'],
        message: 'sandbox in production needs PAYMENT_SANDBOX=true',
      });
    }
  });

const isTrue = (value: string | undefined) => value === 'true' || value === '1';
const isFalse = (value: string | undefined) => value === 'false' || value === '0';

type GatewayName = 'kpgw' | 'opn' | 'sandbox' | 'none';
type GatewayKey =
  | 'KPGW_PUBLIC_KEY'
  | 'KPGW_SECRET_KEY'
  | 'KPGW_MERCHANT_ID'
  | 'OPN_PUBLIC_KEY'
  | 'OPN_SECRET_KEY'
  | 'OPN_WEBHOOK_SECRET';
interface GatewayEnv extends Partial<Record<GatewayKey, string>> {
  NODE_ENV: string;
  DATABASE_URL?: string;
  DEMO?: string;
  PAYMENT_GATEWAY?: GatewayName;
  PAYMENT_SANDBOX?: string;
}

/** What each gateway cannot work without. */
const gatewayKeys: Record<GatewayName, readonly GatewayKey[]> = {
  kpgw: ['KPGW_PUBLIC_KEY', 'KPGW_SECRET_KEY', 'KPGW_MERCHANT_ID'],
  opn: ['OPN_PUBLIC_KEY', 'OPN_SECRET_KEY', 'OPN_WEBHOOK_SECRET'],
  sandbox: [],
  none: [],
};

/**
 * The card and QR gateway: as set, or KPGW or Opn when its secret key is set, or the built-in sandbox for the
 * embedded demo shop (no DATABASE_URL, not production, DEMO not off) or with PAYMENT_SANDBOX=true, or none. A shop on
 * PostgreSQL is a real one: a sandbox there would let anyone buy any course with a test card.
 */
function paymentGatewayOf(env: GatewayEnv): GatewayName {
  if (env.PAYMENT_GATEWAY) return env.PAYMENT_GATEWAY;
  if (env.KPGW_SECRET_KEY) return 'kpgw';
  if (env.OPN_SECRET_KEY) return 'opn';
  const embeddedDemo = !env.DATABASE_URL && env.NODE_ENV !== 'production' && !isFalse(env.DEMO);
  return embeddedDemo || isTrue(env.PAYMENT_SANDBOX) ? 'sandbox' : 'none';
}

/** The demo shop's transfer account, shown only by a demo shop that sets none. */
const DEMO_ACCOUNT = { name: 'บริษัท สิกขา จำกัด', number: '000-0-00000-0' } as const;

/**
 * The account transfers go to: the one set (SHOP_ACCOUNT_NAME and SHOP_ACCOUNT_NUMBER), the demo's placeholder in a
 * demo shop, or none, and then transfers are not offered: a member would pay into an account nobody owns.
 */
function shopAccountOf(c: z.infer<typeof schema>, demo: boolean) {
  if (c.SHOP_ACCOUNT_NAME && c.SHOP_ACCOUNT_NUMBER) {
    return { bank: c.SHOP_BANK, name: c.SHOP_ACCOUNT_NAME, number: c.SHOP_ACCOUNT_NUMBER };
  }
  return demo ? { bank: c.SHOP_BANK, ...DEMO_ACCOUNT } : undefined;
}

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
  const demo = c.DEMO === undefined ? !c.DATABASE_URL && c.NODE_ENV !== 'production' : isTrue(c.DEMO);
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
    /** ETDA's time-stamp mailbox (e-Tax Invoice by Email): a copy of every mail that carries an e-Tax document. */
    etaxTimestampMailbox: c.ETAX_TIMESTAMP_MAILBOX,
    /** Demo content is on by default only for the embedded database outside production; DEMO=true forces it. */
    demo,
    logLevel: c.LOG_LEVEL,
    /** The bearer token `/metrics` answers; without it `/metrics` is not served. */
    metricsToken: c.METRICS_TOKEN,
    /** After SIGTERM: how long requests and jobs under way may take before the process exits anyway. */
    shutdownTimeoutMs: c.SHUTDOWN_TIMEOUT * 1000,
    storage: storageSettings(c),
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
    /** Origins of externally hosted lessons (VIDEO_HOSTS): HLS fetched by the player, iframe players. */
    videoHosts: c.VIDEO_HOSTS,
    /** One coin pays this many baht (COIN_BAHT_RATE, 1 by default). */
    coinBahtRate: c.COIN_BAHT_RATE,
    /** Facebook sign-in is offered when the app id and secret are set. */
    facebook:
      c.FACEBOOK_APP_ID && c.FACEBOOK_APP_SECRET
        ? {
            appId: c.FACEBOOK_APP_ID,
            appSecret: c.FACEBOOK_APP_SECRET,
            graphUrl: c.FACEBOOK_GRAPH_URL.replace(/\/$/, ''),
          }
        : undefined,
    payments: paymentSettings(c),
    /**
     * Who issues the receipts and tax invoices: name, address, tax id and branch. A VAT-registered seller issues
     * full tax invoices with the VAT (VAT_RATE percent, inside the price) shown apart; one that is not issues receipts.
     */
    seller: {
      name: c.SELLER_NAME,
      address: c.SELLER_ADDRESS,
      taxId: c.SELLER_TAX_ID,
      branch: c.SELLER_BRANCH,
      vatRegistered: isTrue(c.SELLER_VAT_REGISTERED),
      vatPercent: c.VAT_RATE,
    },
    /** The seller's address in the codes the e-Tax XML needs (see modules/documents/etax). */
    sellerAddressCodes: {
      buildingNumber: c.SELLER_BUILDING_NUMBER,
      subdistrict: c.SELLER_SUBDISTRICT_CODE,
      postcode: c.SELLER_POSTCODE,
    },
    /** The shop's LINE official account (Messaging API), when its channel token and secret are set. */
    line:
      c.LINE_CHANNEL_ACCESS_TOKEN && c.LINE_CHANNEL_SECRET
        ? {
            apiUrl: c.LINE_API_URL.replace(/\/$/, ''),
            accessToken: c.LINE_CHANNEL_ACCESS_TOKEN,
            channelSecret: c.LINE_CHANNEL_SECRET,
            basicId: c.LINE_BASIC_ID,
            /** Where group-code requests go: the staff's LINE group with the official account in it. */
            staffGroupId: c.LINE_STAFF_GROUP_ID,
          }
        : undefined,
    /** The shop's Facebook Page on Messenger, when its Page token is set (with the app secret and verify token). */
    facebookPage:
      c.FACEBOOK_PAGE_ACCESS_TOKEN && c.FACEBOOK_PAGE_ID && c.FACEBOOK_APP_SECRET && c.FACEBOOK_VERIFY_TOKEN
        ? {
            graphUrl: c.FACEBOOK_GRAPH_URL.replace(/\/$/, ''),
            pageId: c.FACEBOOK_PAGE_ID,
            accessToken: c.FACEBOOK_PAGE_ACCESS_TOKEN,
            appSecret: c.FACEBOOK_APP_SECRET,
            verifyToken: c.FACEBOOK_VERIFY_TOKEN,
          }
        : undefined,
    /** What the order and payment screens need: the shop's account, PromptPay, the card fee, unpaid-order expiry. */
    shop: {
      /** Where transfers go; undefined when the shop has set none (transfers are then not offered). */
      account: shopAccountOf(c, demo),
      /** Personal PromptPay (no gateway): the QR pays this id; the order then waits for a slip and staff. */
      promptPayId: c.PROMPTPAY_ID,
      /** With a biller id the QR is a bill payment (tag 30) with the order's SPSK reference as ref1. */
      promptPayBillerId: c.PROMPTPAY_BILLER_ID,
      feeFactor: c.FEE_FACTOR,
      orderExpiryMs: c.ORDER_EXPIRY_HOURS * 3_600_000,
      gatewayOrderExpiryMs: c.GATEWAY_ORDER_EXPIRY_MINUTES * 60_000,
    },
    /**
     * The certificate that signs e-Tax documents, read and checked here so a bad file or password stops the start;
     * undefined when none is set (documents are then issued unsigned, and the back office says so).
     */
    etaxSigner: c.ETAX_CERT_P12_PATH
      ? loadShopSigner(resolve(c.ETAX_CERT_P12_PATH), c.ETAX_CERT_PASSWORD ?? '')
      : undefined,
  };
}

export type StorageSettings = ReturnType<typeof storageSettings>;

/**
 * Where uploaded files and packaged video live: `DATA_DIR` on local disk, or an S3-compatible bucket (AWS, MinIO,
 * Cloudflare R2, ...). Without keys the AWS SDK's own chain (environment, instance role) provides them.
 */
function storageSettings(c: z.infer<typeof schema>) {
  if (c.STORAGE === 'local') return { kind: 'local' } as const;
  return {
    kind: 's3',
    endpoint: c.S3_ENDPOINT,
    region: c.S3_REGION,
    bucket: c.S3_BUCKET ?? '',
    credentials:
      c.S3_ACCESS_KEY_ID && c.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: c.S3_ACCESS_KEY_ID, secretAccessKey: c.S3_SECRET_ACCESS_KEY }
        : undefined,
    /** MinIO and most self-hosted stores address buckets by path, not by host name. */
    forcePathStyle: isTrue(c.S3_FORCE_PATH_STYLE),
    /** Keys start with this folder, so one bucket can hold several shops. */
    prefix: c.S3_PREFIX,
  } as const;
}

export type PaymentSettings = ReturnType<typeof paymentSettings>;

/** The chosen gateway and its settings (checked complete by the schema). */
function paymentSettings(c: z.infer<typeof schema>) {
  const gateway = paymentGatewayOf(c);
  switch (gateway) {
    case 'kpgw':
      return {
        gateway,
        kpgw: {
          apiUrl: c.KPGW_API_URL,
          scriptUrl: c.KPGW_SCRIPT_URL,
          publicKey: c.KPGW_PUBLIC_KEY ?? '',
          secretKey: c.KPGW_SECRET_KEY ?? '',
          merchantId: c.KPGW_MERCHANT_ID ?? '',
          smartpayId: c.KPGW_SMARTPAY_ID,
          timeoutMs: c.PAYMENT_TIMEOUT_MS,
        },
      } as const;
    case 'opn':
      return {
        gateway,
        opn: {
          apiUrl: c.OPN_API_URL,
          scriptUrl: c.OPN_SCRIPT_URL,
          publicKey: c.OPN_PUBLIC_KEY ?? '',
          secretKey: c.OPN_SECRET_KEY ?? '',
          webhookSecret: c.OPN_WEBHOOK_SECRET ?? '',
          timeoutMs: c.PAYMENT_TIMEOUT_MS,
        },
      } as const;
    case 'sandbox':
    case 'none':
      return { gateway } as const;
  }
}
