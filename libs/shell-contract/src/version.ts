/**
 * The version of the shell/remote contract this package describes. A remote declares the range of shell
 * contracts it works with (`meta.shellRange`); the shell refuses a remote whose range excludes this.
 *
 * 1.1.0: the session port carries the sign-in flows (login, verify, signup, e-mail activation, password reset,
 * impersonation).
 */
export const SHELL_CONTRACT_VERSION = '1.1.0';
