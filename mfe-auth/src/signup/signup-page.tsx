import { usePageMeta } from '@tunehouse/area-kit';
import { NarrowColumn } from '@tunehouse/ui';
import { lede } from '../shared/auth-styles.js';
import { useEmailedLink } from '../shared/use-emailed-link.js';
import { useReturnTarget } from '../shared/use-return-target.js';
import { EmailActivation } from './email-activation.js';
import { SignupForm } from './signup-form.js';

/** Sign-up, and the e-mail activation its mail links back to (`?challengeId=…&secret=…`). */
export function SignupPage() {
  const link = useEmailedLink();
  usePageMeta(link ? 'Confirm your e-mail address' : 'Create your account');
  const from = useReturnTarget();
  return (
    <NarrowColumn>
      <h1>{link ? 'Confirm your e-mail address' : 'Create your account'}</h1>
      {link ? (
        <EmailActivation link={link} from={from} />
      ) : (
        <>
          <p css={lede}>Release your music to 23 streaming and download services and keep what you earn.</p>
          <SignupForm from={from} />
        </>
      )}
    </NarrowColumn>
  );
}
