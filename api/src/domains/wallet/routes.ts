import { endpoints, mutationsFileName } from '@tunehouse/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuard, callerOf } from '../../platform/auth-guard.js';
import { endpointRegistrar } from '../../platform/endpoint-routes.js';
import type { WalletService } from './service.js';
import { type ExportFile, statementFile } from './statement-export.js';

/** Sends an export as a download: never cached, since it is one account's money. */
function attachment(reply: FastifyReply, file: ExportFile) {
  reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'private, no-store');
  return { status: 200 as const, body: file.body };
}

/**
 * The signed-in account's wallet, its mutations and its period statements, and their exports: every read is of
 * the caller's own account, so nobody can read another account's.
 */
export function walletRoutes({
  wallet,
  auth,
}: {
  wallet: WalletService;
  auth: AuthGuard;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const route = endpointRegistrar(app, auth);
    route(endpoints.wallet.get, async (request) => ({
      status: 200,
      body: await wallet.summary(callerOf(request).user.account.id),
    }));
    route(endpoints.wallet.earnings, async (request) => ({
      status: 200,
      body: await wallet.earnings(callerOf(request).user.account.id),
    }));
    route(endpoints.wallet.mutations, async (request) => ({
      status: 200,
      body: await wallet.mutations(callerOf(request).user.account.id, request.query),
    }));
    route(endpoints.wallet.mutationsExport, async (request, reply) =>
      attachment(reply, {
        body: await wallet.mutationsCsv(callerOf(request).user.account.id, request.query),
        contentType: 'text/csv; charset=utf-8',
        fileName: mutationsFileName(request.query),
      }),
    );
    route(endpoints.wallet.statement, async (request) => ({
      status: 200,
      body: await wallet.statement(callerOf(request).user.account.id, request.params.id, request.query),
    }));
    route(endpoints.wallet.statementExport, async (request, reply) => {
      const { user } = callerOf(request);
      const { format, ...query } = request.query;
      const statement = await wallet.statement(user.account.id, request.params.id, query);
      const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
      return attachment(reply, await statementFile(statement, format, name));
    });
  };
}
