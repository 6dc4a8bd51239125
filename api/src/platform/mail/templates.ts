/** A mail ready for the outbox. Plain text only: it reads everywhere and carries nothing to track. */
export type MailMessage = {
  template: 'email-activation' | 'password-reset' | 'login-code';
  to: string;
  subject: string;
  text: string;
  link?: string;
};

const PRODUCT = 'Tunehouse';

function greeting(firstName: string) {
  return firstName ? `Hi ${firstName},` : 'Hi,';
}

function linkWith(siteUrl: string, route: string, params: Record<string, string>) {
  return `${siteUrl}${route}?${new URLSearchParams(params).toString()}`;
}

/** Activation link: the auth area's sign-up route finishes it with POST /v1/emails. */
export function emailActivationMail(p: {
  to: string;
  firstName: string;
  siteUrl: string;
  challengeId: string;
  secret: string;
}): MailMessage {
  const link = linkWith(p.siteUrl, '/auth/signup', { challengeId: p.challengeId, secret: p.secret });
  return {
    template: 'email-activation',
    to: p.to,
    subject: `Confirm your e-mail address for ${PRODUCT}`,
    link,
    text: [
      greeting(p.firstName),
      '',
      `Confirm your e-mail address to finish setting up your ${PRODUCT} account:`,
      link,
      '',
      'The link works once and for 7 days. If you did not sign up, ignore this message.',
    ].join('\n'),
  };
}

/** Reset link: the auth area's forgot-password route finishes it with POST /v1/passwords. */
export function passwordResetMail(p: {
  to: string;
  firstName: string;
  siteUrl: string;
  challengeId: string;
  secret: string;
}): MailMessage {
  const link = linkWith(p.siteUrl, '/auth/forgot', { challengeId: p.challengeId, secret: p.secret });
  return {
    template: 'password-reset',
    to: p.to,
    subject: `Reset your ${PRODUCT} password`,
    link,
    text: [
      greeting(p.firstName),
      '',
      'Someone asked to reset the password of your account. Choose a new one here:',
      link,
      '',
      'The link works once and for 1 hour. If it was not you, ignore this message: your password stays as it is.',
    ].join('\n'),
  };
}

export function loginCodeMail(p: { to: string; firstName: string; code: string }): MailMessage {
  return {
    template: 'login-code',
    to: p.to,
    subject: `${p.code} is your ${PRODUCT} sign-in code`,
    text: [
      greeting(p.firstName),
      '',
      `Your sign-in code is ${p.code}`,
      '',
      'It works once and for 10 minutes. If you did not try to sign in, change your password.',
    ].join('\n'),
  };
}
