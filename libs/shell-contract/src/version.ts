/**
 * The version of the shell/remote contract this package describes. A remote declares the range of shell
 * contracts it works with (`meta.shellRange`); the shell refuses a remote whose range excludes this.
 */
export const SHELL_CONTRACT_VERSION = '1.0.0';
