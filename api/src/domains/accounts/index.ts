/** Accounts: sign-up, e-mail activation and password reset. Exports for app.ts: its routes and service. */
export { accountRoutes } from './routes.js';
export { type AccountService, createAccountService } from './service.js';
