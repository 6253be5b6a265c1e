import { createHmac } from 'node:crypto';
import { join } from 'node:path';
import type { Clock } from '../../clock.js';
import type { Config, PaymentSettings } from '../../config.js';
import { kpgwGateway } from './kpgw.js';
import { opnGateway } from './opn.js';
import type { PaymentGateway, ThirdPartyOrigins } from './port.js';
import { type SandboxGateway, sandboxGateway } from './sandbox/sandbox.js';

export interface Payments {
  /** The card and QR gateway; undefined when none is set (production without keys): those methods are off. */
  gateway: PaymentGateway | undefined;
  /** The built-in sandbox, whose pages the server serves, when it is the gateway. */
  sandbox?: SandboxGateway;
}

/** The gateway the settings choose (config.ts decides which, and refuses the sandbox in production). */
export function createPayments(config: Config, clock: Clock): Payments {
  const settings = config.payments;
  switch (settings.gateway) {
    case 'kpgw':
      return { gateway: kpgwGateway(settings.kpgw, clock) };
    case 'opn':
      return { gateway: opnGateway(settings.opn) };
    case 'sandbox': {
      const sandbox = sandboxGateway({
        secret: createHmac('sha256', config.jwtSecret).update('payments-sandbox').digest('hex'),
        publicUrl: config.publicUrl,
        clock,
        // Tests share a data folder and run in parallel: their sandboxes stay in memory.
        file: config.env === 'test' ? undefined : join(config.dataDir, 'sandbox-gateway.json'),
      });
      return { gateway: sandbox.gateway, sandbox };
    }
    case 'none':
      return { gateway: undefined };
  }
}

/**
 * What the web's pages must let the gateway's card form load: KBank's script, its frames and calls (its UI and its
 * API host); Omise.js from Opn's CDN, its vault for tokens. The sandbox is the shop's own origin.
 */
export function gatewayOrigins(settings: PaymentSettings): ThirdPartyOrigins {
  const origin = (url: string) => new URL(url).origin;
  switch (settings.gateway) {
    case 'kpgw': {
      const ui = origin(settings.kpgw.scriptUrl);
      return { scripts: [ui], connect: [ui, origin(settings.kpgw.apiUrl)], frames: [ui] };
    }
    case 'opn': {
      const cdn = origin(settings.opn.scriptUrl);
      return { scripts: [cdn], connect: ['https://vault.omise.co'], frames: [cdn, 'https://vault.omise.co'] };
    }
    case 'sandbox':
    case 'none':
      return { scripts: [], connect: [], frames: [] };
  }
}
