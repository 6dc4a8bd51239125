// The shape of a commit message: a subject of at most 72 characters that `git log --oneline` can show whole, then
// (when there is more to say) a blank line and the detail in the body.
export const SUBJECT_MAX = 72;

/** What is wrong with a commit message, one problem a line; empty when it is fine. */
export function commitMessageProblems(message) {
  const lines = message
    .split('\n')
    .filter((line) => !line.startsWith('#'))
    .map((line) => line.replace(/\s+$/, ''));
  while (lines.length > 0 && lines.at(-1) === '') lines.pop();
  const [subject = '', second] = lines;
  const problems = [];
  if (subject.trim() === '') problems.push('the subject is empty');
  if ([...subject].length > SUBJECT_MAX)
    problems.push(
      `the subject has ${[...subject].length} characters; at most ${SUBJECT_MAX} (put the detail in the body)`,
    );
  if (second !== undefined && second !== '')
    problems.push('the subject is followed by a blank line before the body');
  return problems;
}
