import { z } from 'zod';
import { HELP_TOPICS, defaultHelpLinks, type ShellConfig } from '@tunehouse/shell-contract';
import { DEFAULT_REGISTRY_URL, SHELL_CONFIG_URL, startupFetch } from './startup-fetches.js';

export const HELP_CENTRE_URL = 'https://help.tunehouse.org';
export const DEFAULT_SUPPORT_EMAIL = 'support@tunehouse.local';

const shellConfigSchema = z.object({
  apiBaseUrl: z.url(),
  supportEmail: z.email(),
  productName: z.string().min(1),
  siteUrl: z.url(),
  /** Where the runtime registry of remotes lives. */
  registryUrl: z.string().min(1),
  /** The help centre all help links sit under, and single links that live elsewhere. */
  helpCentreUrl: z.url(),
  helpLinks: z.record(z.enum(HELP_TOPICS), z.url()),
  /** Who sees the announcement, and until when; dates as ISO strings. */
  announcement: z.object({ usersCreatedBefore: z.iso.date(), hiddenAfter: z.iso.date() }),
  /** A Sentry-compatible DSN the shell and areas report errors to; empty or absent: no reports. */
  errorReportingDsn: z.union([z.literal(''), z.url()]),
});
export type FullShellConfig = ShellConfig & {
  registryUrl: string;
  errorReportingDsn?: string | undefined;
  announcement: { usersCreatedBefore: string; hiddenAfter: string };
};

function defaults(location: Location): FullShellConfig {
  return {
    apiBaseUrl: `${location.protocol}//${location.hostname}:3000`,
    supportEmail: DEFAULT_SUPPORT_EMAIL,
    productName: 'Tunehouse',
    siteUrl: location.origin,
    registryUrl: DEFAULT_REGISTRY_URL,
    helpLinks: defaultHelpLinks(HELP_CENTRE_URL),
    // Users created before 2023-11-14 see it until 2023-12-14.
    announcement: { usersCreatedBefore: '2023-11-14', hiddenAfter: '2023-12-14' },
  };
}

/**
 * Reads `/shell-config.json`, written per environment by the start or deploy tooling. A missing file means
 * the embedded defaults; a malformed one is an error, since guessing would point the product at the wrong API.
 */
export async function loadShellConfig(location: Location = window.location): Promise<FullShellConfig> {
  const response = await startupFetch(SHELL_CONFIG_URL);
  if (response.status === 404) return defaults(location);
  if (!response.ok) throw new Error(`shell-config.json: HTTP ${response.status}`);
  const parsed = shellConfigSchema.partial().safeParse(await response.json());
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`shell-config.json: ${issue?.path.join('.')}: ${issue?.message}`);
  }
  const { helpCentreUrl, helpLinks, ...rest } = parsed.data;
  const overrides = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
  const base = defaults(location);
  return {
    ...base,
    ...overrides,
    helpLinks: {
      ...(helpCentreUrl ? defaultHelpLinks(helpCentreUrl) : base.helpLinks),
      ...helpLinks,
    },
  };
}
