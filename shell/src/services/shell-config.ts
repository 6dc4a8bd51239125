import { z } from 'zod';
import type { ShellConfig } from '@tunehouse/shell-contract';

const shellConfigSchema = z.object({
  apiBaseUrl: z.url(),
  supportEmail: z.email(),
  productName: z.string().min(1),
  siteUrl: z.url(),
  /** Where the runtime registry of remotes lives. */
  registryUrl: z.string().min(1),
});
export type FullShellConfig = ShellConfig & { registryUrl: string };

function defaults(location: Location): FullShellConfig {
  return {
    apiBaseUrl: `${location.protocol}//${location.hostname}:3000`,
    supportEmail: 'support@tunehouse.local',
    productName: 'Tunehouse',
    siteUrl: location.origin,
    registryUrl: '/remotes.json',
  };
}

/**
 * Reads `/shell-config.json`, written per environment by the start or deploy tooling. A missing file means
 * the embedded defaults; a malformed one is an error, since guessing would point the product at the wrong API.
 */
export async function loadShellConfig(location: Location = window.location): Promise<FullShellConfig> {
  const response = await fetch('/shell-config.json', { cache: 'no-cache' });
  if (response.status === 404) return defaults(location);
  if (!response.ok) throw new Error(`shell-config.json: HTTP ${response.status}`);
  const parsed = shellConfigSchema.partial().safeParse(await response.json());
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`shell-config.json: ${issue?.path.join('.')}: ${issue?.message}`);
  }
  const overrides = Object.fromEntries(
    Object.entries(parsed.data).filter(([, value]) => value !== undefined),
  );
  return { ...defaults(location), ...overrides };
}
