/** A mail ready for the outbox. Plain text only: it reads everywhere and carries nothing to track. */
export type MailMessage = {
  template:
    | 'email-activation'
    | 'password-reset'
    | 'login-code'
    | 'split-invite'
    | 'wrong-codes-alert'
    | 'money-actions-locked'
    | 'payout-method-added';
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

/** Wrong second-step codes after a right password: someone else knows it. */
export function wrongCodesAlertMail(p: { to: string; firstName: string; siteUrl: string }): MailMessage {
  return {
    template: 'wrong-codes-alert',
    to: p.to,
    subject: `Someone may know your ${PRODUCT} password`,
    text: [
      greeting(p.firstName),
      '',
      'Several wrong sign-in codes were just entered after the right password of your account, so signing in',
      'with a code, payouts and new payout methods are paused for 15 minutes. If it was not you, someone knows',
      'your password: change it now.',
      `${p.siteUrl}/auth/forgot`,
    ].join('\n'),
  };
}

/** The same warning when the wrong answers were given to pay out or to add a bank account, from a signed-in session. */
export function moneyActionsLockedMail(p: { to: string; firstName: string; siteUrl: string }): MailMessage {
  return {
    template: 'money-actions-locked',
    to: p.to,
    subject: `Someone may be trying to pay out from your ${PRODUCT} account`,
    text: [
      greeting(p.firstName),
      '',
      'Several wrong codes or passwords were just entered to request a payout or to add a bank account on your',
      'account, so payouts and new payout methods are paused for 15 minutes. If it was not you, someone is',
      'signed in as you: change your password now (that ends every other session) and check your bank accounts.',
      `${p.siteUrl}/auth/forgot`,
    ].join('\n'),
  };
}

/** A bank account was added: the owner hears of it at once, while the new payee is still on hold. */
export function payoutMethodAddedMail(p: {
  to: string;
  firstName: string;
  siteUrl: string;
  account: string;
  payoutsFrom: Date | null;
}): MailMessage {
  return {
    template: 'payout-method-added',
    to: p.to,
    subject: `A bank account was added to your ${PRODUCT} account`,
    text: [
      greeting(p.firstName),
      '',
      `The bank account ${p.account} was just added for payouts on your account.`,
      ...(p.payoutsFrom ? [`Payouts to it are possible from ${utcText(p.payoutsFrom)}.`] : []),
      '',
      'If it was not you, remove it and change your password now:',
      `${p.siteUrl}/account/billing`,
    ].join('\n'),
  };
}

/** "27 Nov 2026, 19:30 UTC": the mail does not know the reader's time zone, so it says which one it uses. */
function utcText(at: Date): string {
  return `${at.toLocaleString('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' })} UTC`;
}

/** An invite to a royalty split: the splits area opens it from the link (after signing in or up). */
export function splitInviteMail(p: {
  to: string;
  ownerName: string;
  releaseTitle: string;
  basisPoints: number;
  effectiveFrom: string;
  expiresAt: Date;
  link: string;
}): MailMessage {
  const percent = `${Math.floor(p.basisPoints / 100)}.${String(p.basisPoints % 100).padStart(2, '0')} %`;
  return {
    template: 'split-invite',
    to: p.to,
    subject: `${p.ownerName} invites you to share the royalties of ${p.releaseTitle}`,
    link: p.link,
    text: [
      'Hi,',
      '',
      `${p.ownerName} offers you ${percent} of the royalties of "${p.releaseTitle}" on ${PRODUCT}, from ` +
        `${p.effectiveFrom} on. Open the invite to see the tracks and accept or decline:`,
      p.link,
      '',
      `The link works until ${p.expiresAt.toISOString().slice(0, 10)}. Until you answer, your share is kept for ` +
        'you. If you do not know this person, ignore this message.',
    ].join('\n'),
  };
}
