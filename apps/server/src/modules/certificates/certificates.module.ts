import { issueCertificate } from '../../jobs/certificate.job.js';
import type { AppContext, AppModule } from '../module.js';
import { registerCertificateRoutes } from './certificates.routes.js';
import { certificateNumber, certificatesService } from './certificates.service.js';

const serviceOf = (ctx: AppContext) =>
  certificatesService({
    db: ctx.db,
    clock: ctx.clock,
    transact: ctx.transact,
    jobs: ctx.jobs,
    storage: ctx.providers.storage,
    pdf: ctx.providers.pdf,
    publicUrl: ctx.config.publicUrl,
  });

/**
 * Certificates (spec 1 §7): a PDF per member and course, made by the `certificate.issue` job when staff ask for it
 * or when the member completes the course; the order's certificate file; the public verification of a number.
 */
export const certificatesModule: AppModule = {
  name: 'certificates',
  resourceHooks: (ctx) => {
    const certificates = serviceOf(ctx);
    return {
      // A certificate staff create gets its number now, and its PDF from the job unless they uploaded a file.
      certificate: {
        beforeWrite: async (values, { work, id }) => {
          if (id !== undefined) return values;
          if (!values.path) {
            await certificates.request(work, {
              user_id: values.user_id as number,
              product_id: values.product_id as number,
              orders_id: (values.orders_id as number | null | undefined) ?? null,
              reason: 'staff',
            });
          }
          return { ...values, certificate_no: certificateNumber() };
        },
      },
    };
  },
  register(app, ctx) {
    const certificates = serviceOf(ctx);
    ctx.jobs.handle(issueCertificate, (wanted) => certificates.issue(wanted));
    registerCertificateRoutes(app, certificates);
  },
};
