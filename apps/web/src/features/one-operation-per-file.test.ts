import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * A feature's `api/` folder holds one file per operation (decision 0169): its fetcher, and beside it
 * the query key, query options and hook that read it, or the hook that writes with it. A file that
 * gathers several operations again (a `<feature>-api.ts`) is refused here. The files are read from
 * the tree, so a new feature is checked without editing this.
 */
const features = path.dirname(fileURLToPath(import.meta.url));

const apiFiles = readdirSync(features, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap((feature) => {
    const folder = path.join(features, feature.name, 'api');
    let names: string[];
    try {
      names = readdirSync(folder);
    } catch {
      return [];
    }
    return names.filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)).map((name) => path.relative(features, path.join(folder, name)));
  })
  .sort();

/** Whether `node` calls the one client anywhere inside it (`api.get(...)`, `api.post(...)`). */
function callsClient(node: ts.Node): boolean {
  const call = ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && ts.isIdentifier(node.expression.expression) && node.expression.expression.text === 'api';
  return call || ts.forEachChild(node, callsClient) === true;
}

/** The names a module exports that call the one client: its fetchers. */
function fetchersOf(source: string): string[] {
  const file = ts.createSourceFile('probe.ts', source, ts.ScriptTarget.Latest, true);
  const exportedByList = new Set(
    file.statements.flatMap((statement) => (ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause) ? statement.exportClause.elements.map((element) => (element.propertyName ?? element.name).text) : [])),
  );
  const exported = (statement: ts.Statement, name: string) => exportedByList.has(name) || (ts.canHaveModifiers(statement) && (ts.getModifiers(statement) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword));
  const fetchers: string[] = [];
  for (const statement of file.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name && exported(statement, statement.name.text) && callsClient(statement)) fetchers.push(statement.name.text);
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (ts.isIdentifier(declaration.name) && declaration.initializer && exported(statement, declaration.name.text) && callsClient(declaration.initializer)) fetchers.push(declaration.name.text);
    }
  }
  return fetchers;
}

describe('one file per operation in a feature api/ folder (decision 0169)', () => {
  it('reads the api/ files of the features from the tree and finds their fetchers', () => {
    expect(new Set(apiFiles.map((file) => file.split(path.sep)[0])).size).toBeGreaterThan(5);
    const withFetcher = apiFiles.filter((file) => fetchersOf(readFileSync(path.join(features, file), 'utf8')).length === 1);
    expect(withFetcher.length).toBeGreaterThan(apiFiles.length / 2);
  });

  it('refuses a file that gathers several operations (the probe)', () => {
    const gathered = `
      import { api } from '../../../shared/http/api';
      export const musicKeys = { all: ['music'] as const };
      export function submitMusic(body: never) { return api.post('/v1/music', { body }); }
      export async function listMusic(page: number) { return (await api.get('/v1/music', { query: { page } })).items; }
      export const removeMusic = (id: number) => api.post('/v1/music/remove', { body: { id } });
      const getMusic = () => api.get('/v1/music/one');
      export { getMusic };
      function helper() { return api.get('/v1/private'); }
      export function useMusicList() { return helper(); }
    `;
    expect(fetchersOf(gathered)).toEqual(['submitMusic', 'listMusic', 'removeMusic', 'getMusic']);
  });

  it.each(apiFiles)('%s holds at most one operation', (file) => {
    const fetchers = fetchersOf(readFileSync(path.join(features, file), 'utf8'));
    expect(fetchers.length, `${file} exports the fetchers ${fetchers.join(', ')}: give each operation its own file (decision 0169)`).toBeLessThanOrEqual(1);
  });
});
