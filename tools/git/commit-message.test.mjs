import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { commitMessageProblems } from './commit-message.mjs';

const hook = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '.githooks', 'commit-msg');

describe('commit messages', () => {
  it('takes a short subject, alone or with a body after a blank line', () => {
    expect(commitMessageProblems('wallet: show the hold on a new method\n')).toEqual([]);
    expect(commitMessageProblems(`${'x'.repeat(72)}\n\nWhy, at length.\n# a git comment\n`)).toEqual([]);
  });

  it('refuses a long subject, an empty one, and a body glued to the subject', () => {
    expect(commitMessageProblems(`${'x'.repeat(73)}\n`)).toEqual([
      'the subject has 73 characters; at most 72 (put the detail in the body)',
    ]);
    expect(commitMessageProblems('\n\nbody only')).toContain('the subject is empty');
    expect(commitMessageProblems('subject\nbody at once')).toEqual([
      'the subject is followed by a blank line before the body',
    ]);
  });

  it('counts characters, not UTF-16 units or bytes', () => {
    expect(commitMessageProblems(`${'é'.repeat(72)}\n`)).toEqual([]);
  });

  it('the repository hook refuses a long subject in a real commit', () => {
    const repo = fs.mkdtempSync(path.join(os.tmpdir(), 'commit-msg-'));
    const git = (...args) =>
      execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.test', ...args], {
        cwd: repo,
        stdio: 'pipe',
      });
    try {
      git('init', '-q');
      fs.mkdirSync(path.join(repo, 'hooks'));
      fs.copyFileSync(hook, path.join(repo, 'hooks', 'commit-msg'));
      fs.chmodSync(path.join(repo, 'hooks', 'commit-msg'), 0o755);
      // The copied hook finds the script through the repository's top level: give it this one's.
      fs.mkdirSync(path.join(repo, 'tools', 'git'), { recursive: true });
      for (const name of ['commit-message.mjs', 'commit-msg-hook.mjs'])
        fs.copyFileSync(
          path.join(path.dirname(hook), '..', 'tools', 'git', name),
          path.join(repo, 'tools', 'git', name),
        );
      git('config', 'core.hooksPath', 'hooks');
      expect(() => git('commit', '-q', '--allow-empty', '-m', 'y'.repeat(80))).toThrow();
      git('commit', '-q', '--allow-empty', '-m', 'a fine subject', '-m', 'with a body');
      expect(git('log', '--format=%s').toString().trim()).toBe('a fine subject');
    } finally {
      fs.rmSync(repo, { recursive: true, force: true });
    }
  });
});
