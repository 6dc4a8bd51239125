// Which tables a restore can place: those the migrations create (a restore rebuilds the schema from them, it has no
// dump of the schema) and pg-boss's, which pg-boss makes. A backup refuses any other table, and a restore refuses an
// older backup holding one, before either writes anything (docs/decisions/0091-backups-refuse-unplaced-tables.md).
import { readMigrations } from '../../platform/migrations.js';

/** pg-boss's tables a backup copies; pg-boss creates them when the restore starts it. */
const JOB_TABLES = ['pgboss.job', 'pgboss.schedule'];

const NAME = String.raw`(?:public\.)?"?([a-z_][a-z0-9_]*)"?`;
/** The statements that make, remove or rename a table, in the order they appear. */
const TABLE_STATEMENTS = new RegExp(
  [
    String.raw`\bcreate\s+(temp\s+|temporary\s+|(?:global|local)\s+temp(?:orary)?\s+)?(?:unlogged\s+)?table\s+(?:if\s+not\s+exists\s+)?${NAME}`,
    String.raw`\bdrop\s+table\s+(?:if\s+exists\s+)?([^;]+)`,
    String.raw`\balter\s+table\s+(?:if\s+exists\s+)?(?:only\s+)?${NAME}\s+rename\s+to\s+"?([a-z_][a-z0-9_]*)"?`,
  ].join('|'),
  'gi',
);

/** The SQL without its comments, so a table named in a comment is not taken for one made. */
const withoutComments = (sql: string) => sql.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/--[^\n]*/g, ' ');

/**
 * The `public` tables that migrations 1…`version` leave standing, as `public.<name>`: each CREATE TABLE, less those a
 * later DROP TABLE removed, renamed as ALTER TABLE … RENAME TO renamed them. `migration-tables.test.ts` checks the
 * answer against a database the migrations really built, so a statement this reading misses fails a test.
 */
export function tablesMigrationsCreate(version: number, migrations = readMigrations()): Set<string> {
  const tables = new Set<string>();
  for (const migration of migrations.filter((each) => each.version <= version))
    for (const match of withoutComments(migration.sql).matchAll(TABLE_STATEMENTS)) {
      const [, temporary, created, dropped, renamedFrom, renamedTo] = match;
      if (created && !temporary) tables.add(created.toLowerCase());
      if (dropped)
        for (const name of dropped.replace(/\b(cascade|restrict)\b/gi, '').split(','))
          tables.delete(
            name
              .trim()
              .replace(/^public\./i, '')
              .replaceAll('"', '')
              .toLowerCase(),
          );
      if (renamedFrom && renamedTo && tables.delete(renamedFrom.toLowerCase()))
        tables.add(renamedTo.toLowerCase());
    }
  return new Set([...tables].map((name) => `public.${name}`));
}

/** The qualified names among `tables` that a restore up to schema `version` has nowhere to load. */
export function unplacedTables(tables: Iterable<string>, version: number): string[] {
  const placeable = new Set([...tablesMigrationsCreate(version), ...JOB_TABLES]);
  return [...tables].filter((name) => !placeable.has(name)).sort();
}
