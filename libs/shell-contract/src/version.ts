/**
 * The version of the shell/remote contract this package describes. A remote declares the range of shell
 * contracts it works with (`meta.shellRange`); the shell refuses a remote whose range excludes this.
 *
 * 1.1.0: the session port carries the sign-in flows (login, verify, signup, e-mail activation, password reset,
 * impersonation).
 * 1.2.0: a registry entry may carry the SHA-384 integrity of the area's manifest and remote entry (additive: a
 * registry without it stays valid).
 * 1.3.0: `ApiRequest.onResponseHeaders` hands an area the headers of a success answer (additive: an area built
 * before it never asks; one built on it gets no call from a 1.2 shell and does without).
 * 1.4.0: `session.signup` answers a receipt ("check your mail") and signs nobody in; `returnTo` travels through the
 * activation mail (docs/decisions/0067-uniform-sign-up.md). An area built before it ignores what signup answered.
 * 1.5.0: `errors.report` sends an area's error to the error-reporting service the shell is configured with
 * (docs/decisions/0086-traces-and-error-reporting.md); optional (additive: an area built on it reports nothing in
 * a 1.4 shell), and a no-op when no DSN is configured. An area is mounted with `areaVersion`, its deployed version.
 */
export const SHELL_CONTRACT_VERSION = '1.5.0';
