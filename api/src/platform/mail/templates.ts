/** A mail ready for the outbox. Plain text only: it reads everywhere and carries nothing to track. */
export type MailMessage = {
  template:
    | 'email-activation'
    | 'sign-up-attempt'
    | 'password-reset'
    | 'login-code'
    | 'split-invite'
    | 'wrong-codes-alert'
    | 'money-actions-locked'
    | 'payout-method-added'
    | 'webhook-endpoint-disabled';
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

/**
 * Activation link: the auth area's sign-up route finishes it with POST /v1/emails, which signs the user in, and then
 * goes on to `from` (the page the sign-up was asked from, such as an invite) when there was one.
 */
export function emailActivationMail(p: {
  to: string;
  firstName: string;
  siteUrl: string;
  challengeId: string;
  secret: string;
  from?: string | undefined;
}): MailMessage {
  const link = linkWith(p.siteUrl, '/auth/signup', {
    challengeId: p.challengeId,
    secret: p.secret,
    ...(p.from ? { from: p.from } : {}),
  });
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

/**
 * Someone asked to sign up with an address that has an account (docs/decisions/0067-uniform-sign-up.md): sign-up
 * answered them as it answers everyone, and the owner hears of it here, with the ways back into the account. It
 * carries nothing the requester typed (no name, no return target): the requester may not be the owner.
 */
export function signUpAttemptMail(p: { to: string; firstName: string; siteUrl: string }): MailMessage {
  return {
    template: 'sign-up-attempt',
    to: p.to,
    subject: `Someone tried to sign up to ${PRODUCT} with your address`,
    link: `${p.siteUrl}/auth/login`,
    text: [
      greeting(p.firstName),
      '',
      `Someone, perhaps you, just tried to create a ${PRODUCT} account with this e-mail address. It already has`,
      'an account, so nothing was created and nothing about your account changed.',
      '',
      'To use your account, log in:',
      `${p.siteUrl}/auth/login`,
      '',
      'Forgot your password, or never confirmed this address? Ask for a new password here (it confirms the',
      'address too):',
      `${p.siteUrl}/auth/forgot`,
      '',
      'If it was not you, you need not do anything: nobody gets into your account without your password.',
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

/** A webhook endpoint's retries ran out and the API turned it off (docs/decisions/0088-webhooks.md). */
export function webhookEndpointDisabledMail(p: {
  to: string;
  firstName: string;
  siteUrl: string;
  url: string;
  reason: string;
}): MailMessage {
  return {
    template: 'webhook-endpoint-disabled',
    to: p.to,
    subject: `Your ${PRODUCT} webhook endpoint was turned off`,
    text: [
      greeting(p.firstName),
      '',
      `We could not deliver events to ${p.url} and have stopped trying: ${p.reason}`,
      'Events that happen while it is off are not sent to it. Once it answers again, turn it back on and resend',
      'what it missed from its delivery log:',
      `${p.siteUrl}/account#webhooks`,
    ].join('\n'),
  };
}

/** "27 Nov 2026, 19:30 UTC": the mail does not know the reader's time zone, so it says which one it uses. */
function utcText(at: Date): string {
  return `${at.toLocaleString('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' })} UTC`;
}

/** The longest sender name an invite mail carries, in characters; longer ones end in an ellipsis. */
export const SENDER_NAME_MAX = 60;
const ANONYMOUS_SENDER = `A ${PRODUCT} artist`;

/**
 * A sender's display name as an invite mail may carry it: control, formatting (bidi overrides, zero-width) and
 * line-separator characters removed, white space collapsed, at most {@link SENDER_NAME_MAX} characters with an
 * ellipsis; a name that reads as a web or e-mail address, or names the product (an account can name itself
 * anything), is not used at all, so the mail never carries a link, an address or a "from the product" the sender
 * chose.
 */
export function mailDisplayName(name: string): string {
  const plain = name
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '')
    .replace(/\s+/gu, ' ')
    .trim();
  const looksLikeAnAddress = /:\/\/|www\.|@|[\p{L}\p{N}]\.[\p{L}\p{N}]{2,}/iu.test(plain);
  // Nor may a sender name itself after the product ("Tunehouse Payments Team").
  if (plain === '' || looksLikeAnAddress || plain.toLowerCase().includes(PRODUCT.toLowerCase()))
    return ANONYMOUS_SENDER;
  const characters = [...plain];
  return characters.length <= SENDER_NAME_MAX
    ? plain
    : `${characters
        .slice(0, SENDER_NAME_MAX - 1)
        .join('')
        .trimEnd()}…`;
}

/**
 * An invite to a royalty split. Nothing in it is the sender's own text but their display name (see
 * {@link mailDisplayName}): no release title, role or note, which would let anyone send anything to any address
 * under the product's name. The recipient reads the offer in the product, and can ask for no more of them.
 */
export function splitInviteMail(p: {
  to: string;
  senderName: string;
  expiresAt: Date;
  link: string;
  optOutLink: string;
}): MailMessage {
  const sender = mailDisplayName(p.senderName);
  return {
    template: 'split-invite',
    to: p.to,
    subject: `${sender} invites you to a royalty split on ${PRODUCT}`,
    link: p.link,
    text: [
      'Hi,',
      '',
      `${sender} invites you to share the royalties of a release on ${PRODUCT}, the music distribution ` +
        `service. Open the invite in ${PRODUCT} to see the release, the share offered and the date it takes ` +
        'effect, and accept or decline it there (you sign in or create an account first):',
      p.link,
      '',
      `The link works until ${p.expiresAt.toISOString().slice(0, 10)}. Until you answer, your share is kept for ` +
        'you. If you do not know this person, ignore this message.',
      '',
      `To receive no more invites from ${sender}, open this link:`,
      p.optOutLink,
    ].join('\n'),
  };
}
