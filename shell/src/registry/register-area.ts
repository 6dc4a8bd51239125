import {
  registerApplication,
  unregisterApplication,
  type Activity,
  type AppError,
  type LifeCycles,
} from 'single-spa';
import { recordAreaFailure, setAreaReloader } from '../services/area-failures.js';
import { classifyLifecycleError } from './failure-details.js';

export interface AreaRegistration {
  app: () => Promise<LifeCycles>;
  activeWhen: Activity;
  customProps: object;
  /** Forgets what the loader cached, before the area is loaded anew. */
  forget?: () => void;
}

/**
 * Registers one area with single-spa, and says how "Try again" loads it anew. single-spa never reloads the
 * lifecycles it was given, inert or broken (and `unloadApplication` leaves a crashed one as it is); an application
 * unregistered and registered again is loaded afresh, at once when its route is showing.
 */
export function registerArea(area: string, { app, activeWhen, customProps, forget }: AreaRegistration): void {
  const register = () => registerApplication({ name: area, app, activeWhen, customProps });
  register();
  setAreaReloader(area, async () => {
    forget?.();
    await unregisterApplication(area);
    register();
  });
}

/** single-spa's error handler: an area that throws is shown as broken, and the rest go on. */
export function recordLifecycleError(error: AppError): void {
  const { kind, detail } = classifyLifecycleError(error.appOrParcelName, error);
  recordAreaFailure(error.appOrParcelName, kind, detail, error);
}
