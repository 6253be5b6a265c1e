import type { AppModule } from '../module.js';
import { registerSandboxGatewayRoutes } from './sandbox-gateway.routes.js';

/**
 * The built-in sandbox gateway's pages (the payment provider itself lives in providers/payments/sandbox): served
 * only when the settings choose the sandbox.
 */
export const sandboxGatewayModule: AppModule = {
  name: 'sandbox-gateway',
  async register(app, { providers }) {
    if (providers.paymentSandbox) await registerSandboxGatewayRoutes(app, providers.paymentSandbox);
  },
};
