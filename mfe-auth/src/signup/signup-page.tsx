import { useEffect, useRef, useState } from 'react';
import type { SignupReceipt } from '@tunehouse/contracts';
import { usePageMeta } from '@tunehouse/area-kit';
import { NarrowColumn } from '@tunehouse/ui';
import { lede } from '../shared/auth-styles.js';
import { useEmailedLink } from '../shared/use-emailed-link.js';
import { useReturnTarget } from '../shared/use-return-target.js';
import { CheckMail } from './check-mail.js';
import { EmailActivation } from './email-activation.js';
import { SignupForm } from './signup-form.js';

/**
 * Sign-up, the "check your mail" state it ends in, and the e-mail activation its mail links back to
 * (`?challengeId=…&secret=…`, with the `from` the sign-up was asked from).
 */
export function SignupPage() {
  const link = useEmailedLink();
  const [receipt, setReceipt] = useState<SignupReceipt | null>(null);
  const [lastEmail, setLastEmail] = useState<string | undefined>(undefined);
  const title = link ? 'Confirm your e-mail address' : receipt ? 'Check your mail' : 'Create your account';
  usePageMeta(title);
  const from = useReturnTarget();
  const heading = useRef<HTMLHeadingElement>(null);
  // The form is replaced: move focus to the new heading so that a screen reader reads on from there.
  const changedView = useRef(false);
  useEffect(() => {
    if (changedView.current) heading.current?.focus();
  }, [receipt]);

  return (
    <NarrowColumn>
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {link ? (
        <EmailActivation link={link} from={from} />
      ) : receipt ? (
        <CheckMail
          email={receipt.email}
          from={from}
          onChangeAddress={() => {
            changedView.current = true;
            setLastEmail(receipt.email);
            setReceipt(null);
          }}
        />
      ) : (
        <>
          <p css={lede}>Release your music to 23 streaming and download services and keep what you earn.</p>
          <SignupForm
            from={from}
            email={lastEmail}
            onSent={(sent) => {
              changedView.current = true;
              setReceipt(sent);
            }}
          />
        </>
      )}
    </NarrowColumn>
  );
}
