/** The bot-check challenge route (the check itself runs for every route, in platform/bot-check.ts). */
export { botCheckRoutes } from './routes.js';
