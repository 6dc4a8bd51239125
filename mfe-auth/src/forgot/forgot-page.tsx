import { usePageMeta } from '@tunehouse/area-kit';
import { NarrowColumn } from '@tunehouse/ui';
import { lede } from '../shared/auth-styles.js';
import { useEmailedLink } from '../shared/use-emailed-link.js';
import { NewPasswordForm } from './new-password-form.js';
import { ResetRequestForm } from './reset-request-form.js';

/** Password reset: the request form, or the new-password form when opened from the e-mailed link. */
export function ForgotPage() {
  const link = useEmailedLink();
  const title = link ? 'Choose a new password' : 'Forgot your password';
  usePageMeta(title);
  return (
    <NarrowColumn>
      <h1>{title}</h1>
      {link ? (
        <NewPasswordForm link={link} />
      ) : (
        <>
          <p css={lede}>
            Tell us the e-mail address you log in with and we will send you a link to choose a new one.
          </p>
          <ResetRequestForm />
        </>
      )}
    </NarrowColumn>
  );
}
