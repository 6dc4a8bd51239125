import {
  endpoints,
  STRIPE_SIGNATURE_HEADER,
  SIMULATOR_SIGNATURE_HEADER,
  SIMULATOR_TIMESTAMP_HEADER,
  type SimulatedPaymentEvent,
} from '@tunehouse/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuard, callerOf } from '../../platform/auth-guard.js';
import { endpointRegistrar } from '../../platform/endpoint-routes.js';
import { idempotencyKeyOf } from '../../platform/idempotency-key.js';
import { ApiError } from '../../platform/errors.js';
import { checkoutPage } from './checkout-page.js';
import type { PaymentService } from './service.js';
import { setupPage } from './setup-page.js';
import { SIMULATED_DECLINE_REASON, SIMULATED_SETUP_CANCEL_REASON } from './simulated-payment-provider.js';
import { verifyStripeSignature } from './stripe-payment-provider.js';
import { signWebhook, verifyWebhook } from './webhook-signature.js';

const api = endpoints.payments;

/** The exact bytes of each webhook request: its signature is over them, not over a re-serialised copy. */
const rawBodies = new WeakMap<FastifyRequest, string>();

/** The webhook routes, in a scope of their own that keeps the raw JSON body beside the parsed one. */
function webhookRoutes(payments: PaymentService, auth: AuthGuard): FastifyPluginAsyncZod {
  return async (app) => {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = String(body);
      rawBodies.set(request, text);
      try {
        done(null, JSON.parse(text));
      } catch {
        done(new ApiError(400, 'BAD_REQUEST', 'The webhook body is not valid JSON'), undefined);
      }
    });
    const route = endpointRegistrar(app, auth);
    const rawBodyOf = (request: unknown) => rawBodies.get(request as FastifyRequest) ?? '';
    route(api.simulatorWebhook, async (request) => {
      payments.simulator();
      verifyWebhook(payments.webhookSecret, {
        body: rawBodyOf(request),
        timestamp: request.headers[SIMULATOR_TIMESTAMP_HEADER],
        signature: request.headers[SIMULATOR_SIGNATURE_HEADER],
        now: new Date(),
      });
      return {
        status: 200,
        body: { received: true as const, paymentStatus: await payments.simulatorEvent(request.body) },
      };
    });
    route(api.stripeWebhook, async (request) => {
      const stripe = payments.stripe();
      verifyStripeSignature(stripe.webhookSecret, {
        body: rawBodyOf(request),
        header: request.headers[STRIPE_SIGNATURE_HEADER],
        now: new Date(),
      });
      // Events about anything else (or not about our sessions) are acknowledged, so Stripe stops sending them.
      const event = stripe.eventOf(request.body);
      if (event) await payments.providerEvent(stripe.name, event);
      return { status: 200, body: { received: true as const } };
    });
  };
}

/**
 * The simulated provider's side: its checkout page and the Pay / Decline form posts (an HTML form's
 * urlencoded body, read in this scope only). A choice sends the provider's signed webhook to this API's own
 * webhook route, in the background as a real provider would, while the browser is sent back to the site: the
 * two confirmations race, and the settlement happens once.
 */
function simulatorRoutes(
  payments: PaymentService,
  auth: AuthGuard,
  deliver: (event: SimulatedPaymentEvent) => void,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const route = endpointRegistrar(app, auth);
    const siteOrigin = new URL(payments.returnUrl('x')).origin;
    /** One of the simulator's pages. Its forms post here and are redirected to the site: both are allowed targets. */
    const simulatorPage = (reply: FastifyReply, html: string) => {
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header(
          'content-security-policy',
          `default-src 'self'; style-src 'unsafe-inline'; form-action 'self' ${siteOrigin}; frame-ancestors 'none'`,
        );
      return { status: 200 as const, body: html };
    };

    route(api.checkoutPage, async (request, reply) => {
      const checkout = await payments.simulator().checkout(request.params.id);
      if (!checkout) throw new ApiError(404, 'NOT_FOUND', 'No such checkout');
      return simulatorPage(reply, checkoutPage(checkout, payments.returnUrl(checkout.paymentId)));
    });

    for (const [endpoint, outcome] of [
      [api.checkoutPay, 'PAID'],
      [api.checkoutDecline, 'DECLINED'],
    ] as const) {
      route(endpoint, async (request, reply) => {
        const checkout = await payments.simulator().decide(request.params.id, outcome);
        if (!checkout) throw new ApiError(404, 'NOT_FOUND', 'No such checkout');
        // One event per decision: pressing the button again sends the same event id, which is refused.
        deliver({
          id: `simulated-${checkout.paymentId}-${checkout.outcome}`,
          type: checkout.outcome === 'PAID' ? 'payment.succeeded' : 'payment.failed',
          paymentId: checkout.paymentId,
          ...(checkout.outcome === 'DECLINED' ? { reason: SIMULATED_DECLINE_REASON } : {}),
        });
        reply.header('location', payments.returnUrl(checkout.paymentId));
        return { status: 303, body: undefined };
      });
    }

    route(api.setupPage, async (request, reply) => {
      const setup = await payments.simulator().setup(request.params.id);
      if (!setup) throw new ApiError(404, 'NOT_FOUND', 'No such card set-up');
      return simulatorPage(reply, setupPage(setup, payments.setups.returnUrl(setup.setupId)));
    });

    for (const endpoint of [api.setupSave, api.setupCancel]) {
      route(endpoint, async (request, reply) => {
        const choice = endpoint === api.setupSave ? (request.body.card ?? 'visa') : 'cancel';
        const setup = await payments.simulator().decideSetup(request.params.id, choice);
        if (!setup) throw new ApiError(404, 'NOT_FOUND', 'No such card set-up');
        // One event per decision, as with checkouts: pressing the button again sends the same event id.
        deliver({
          id: `simulated-setup-${setup.setupId}-${setup.outcome}`,
          type: setup.outcome === 'SAVED' ? 'setup.succeeded' : 'setup.failed',
          setupId: setup.setupId,
          ...(setup.outcome === 'CANCELLED' ? { reason: SIMULATED_SETUP_CANCEL_REASON } : {}),
        });
        reply.header('location', payments.setups.returnUrl(setup.setupId));
        return { status: 303, body: undefined };
      });
    }
  };
}

/** Sends a signed simulator event to the API's own webhook route; the app's close waits for those under way. */
function webhookSender(app: FastifyInstance, secret: string) {
  const underWay = new Set<Promise<unknown>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...underWay]);
  });
  return (event: SimulatedPaymentEvent) => {
    const body = JSON.stringify(event);
    const timestamp = Math.floor(Date.now() / 1000);
    const sent = app
      .inject({
        method: 'POST',
        url: api.simulatorWebhook.path,
        headers: {
          'content-type': 'application/json',
          [SIMULATOR_TIMESTAMP_HEADER]: String(timestamp),
          [SIMULATOR_SIGNATURE_HEADER]: signWebhook(secret, timestamp, body),
        },
        payload: body,
      })
      .then((response) => {
        if (response.statusCode >= 300)
          app.log.warn(
            { status: response.statusCode, eventId: event.id },
            'simulated payment webhook refused',
          );
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'simulated payment webhook not delivered'))
      .finally(() => underWay.delete(sent));
    underWay.add(sent);
  };
}

/**
 * POST /v1/payments, GET /v1/payments/{id} and GET /v1/payment-method-setups/{id} (the caller's own; another
 * account's is a 404), the providers' webhooks, the simulator's pages.
 */
export function paymentRoutes({
  payments,
  auth,
}: {
  payments: PaymentService;
  auth: AuthGuard;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const route = endpointRegistrar(app, auth);
    const accountOf = (request: Parameters<typeof callerOf>[0]) => callerOf(request).user.account.id;

    route(api.create, async (request) => {
      return {
        status: 201,
        body: await payments.create(accountOf(request), idempotencyKeyOf(request.headers), request.body),
      };
    });
    route(api.get, async (request) => ({
      status: 200,
      body: await payments.get(accountOf(request), request.params.id),
    }));
    route(api.setup, async (request) => ({
      status: 200,
      body: await payments.setups.get(accountOf(request), request.params.id),
    }));
    await app.register(webhookRoutes(payments, auth));
    await app.register(simulatorRoutes(payments, auth, webhookSender(app, payments.webhookSecret)));
  };
}
