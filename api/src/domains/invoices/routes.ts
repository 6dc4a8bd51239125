import { endpoints } from '@tunehouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuard, callerOf } from '../../platform/auth-guard.js';
import { endpointRegistrar } from '../../platform/endpoint-routes.js';
import type { InvoiceService } from './service.js';

/** The caller's own invoices, as JSON and as a PDF attachment. */
export function invoiceRoutes({
  invoices,
  auth,
}: {
  invoices: InvoiceService;
  auth: AuthGuard;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const route = endpointRegistrar(app, auth);
    route(endpoints.invoices.get, async (request) => ({
      status: 200,
      body: await invoices.get(callerOf(request).user.account.id, request.params.id),
    }));
    route(endpoints.invoices.pdf, async (request, reply) => {
      const { pdf, fileName } = await invoices.pdf(callerOf(request).user.account.id, request.params.id);
      reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store');
      return { status: 200, body: pdf };
    });
  };
}
