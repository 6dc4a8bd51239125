import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../start/paths.mjs';

/**
 * The images of docs/deploy.md. These machines have the Docker client but no daemon, so the images are checked
 * statically here — each file they copy from the repository exists, each stage they copy from is defined, each
 * variable the nginx templates use has a default — and built only where `docker info` answers.
 */
const DOCKERFILES = ['deploy/api.Dockerfile', 'deploy/web.Dockerfile'];

function instructions(file) {
  return fs
    .readFileSync(path.join(ROOT, file), 'utf8')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

describe.each(DOCKERFILES)('%s', (file) => {
  const lines = instructions(file);
  const stages = lines.flatMap((line) => /^FROM\s+\S+\s+AS\s+(\S+)/i.exec(line)?.[1] ?? []);

  it('copies only files the repository has, or stages it defines', () => {
    const copies = lines.filter((line) => /^COPY\s/i.test(line));
    expect(copies.length).toBeGreaterThan(0);
    for (const copy of copies) {
      const words = copy.split(/\s+/).slice(1);
      const from = words.find((word) => word.startsWith('--from='))?.slice('--from='.length);
      const sources = words.filter((word) => !word.startsWith('--')).slice(0, -1);
      if (from !== undefined) {
        expect(stages, copy).toContain(from);
        continue;
      }
      for (const source of sources) {
        if (source === '.') continue;
        expect(fs.existsSync(path.join(ROOT, source)), `${copy}: ${source}`).toBe(true);
      }
    }
  });

  it('builds what it copies out of the build stage with a script that exists', () => {
    const run = lines.filter((line) => /^RUN\s/i.test(line)).join(' ');
    for (const [, project] of run.matchAll(/nx\.js run (@tunehouse\/[a-z-]+):build/g)) {
      const dir = project === '@tunehouse/api' ? 'api' : project.replace('@tunehouse/', '');
      const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8'));
      expect(manifest.name).toBe(project);
      expect(manifest.scripts?.build, project).toBeTruthy();
    }
  });
});

describe('the web image', () => {
  it('gives every variable its nginx templates use a default', () => {
    const dockerfile = fs.readFileSync(path.join(ROOT, 'deploy/web.Dockerfile'), 'utf8');
    const defaults = new Set([...dockerfile.matchAll(/\b([A-Z][A-Z0-9_]+)=/g)].map((match) => match[1]));
    const templates = fs
      .readdirSync(path.join(ROOT, 'deploy/web'))
      .filter((name) => name.endsWith('.template'));
    expect(templates.length).toBe(2);
    for (const template of templates) {
      const text = fs.readFileSync(path.join(ROOT, 'deploy/web', template), 'utf8');
      for (const [, name] of text.matchAll(/\$\{([A-Z][A-Z0-9_]+)\}/g))
        expect(defaults, `${template}: ${name}`).toContain(name);
    }
  });

  it('sends the Content-Security-Policy the product is tested under', async () => {
    const { shellContentSecurityPolicy } = await import('../start/security-headers.mjs');
    const expected = shellContentSecurityPolicy({
      areaUrls: ['https://cdn.example.org/remotes.json'],
      apiBaseUrl: 'https://api.example.org',
      errorReportingDsn: 'https://key@errors.example.org/3',
    });
    const header = fs.readFileSync(path.join(ROOT, 'deploy/web/headers.inc.template'), 'utf8');
    const policy = /Content-Security-Policy "([^"]+)"/.exec(header)?.[1];
    const filled = policy
      ?.replaceAll('${AREA_ORIGINS}', 'https://cdn.example.org')
      .replaceAll('${API_ORIGIN}', 'https://api.example.org')
      .replaceAll('${ERROR_REPORTING_ORIGIN}', 'https://errors.example.org');
    expect(filled).toBe(expected);
  });
});

const dockerAnswers = spawnSync('docker', ['info'], { stdio: 'ignore', timeout: 10_000 }).status === 0;

describe.runIf(dockerAnswers)('with a Docker daemon', () => {
  it.each(DOCKERFILES)('builds %s', (file) => {
    execFileSync(
      'docker',
      ['build', '-f', file, '-t', `tunehouse-${path.basename(file, '.Dockerfile')}:test`, '.'],
      {
        cwd: ROOT,
        stdio: 'inherit',
        timeout: 15 * 60_000,
      },
    );
  });
});
