import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every integer a request can carry has a maximum (decision 0090): an int4 column answers a larger
 * one with an error the client would see as a 500, and a missing bound lets huge values travel.
 */

type Node = Record<string, unknown>;

/** JSON paths of integer and number nodes without a maximum in a schema. */
function unbounded(schema: unknown, at: string, out: string[]): string[] {
  if (!schema || typeof schema !== 'object') return out;
  const node = schema as Node;
  const types = Array.isArray(node.type) ? node.type : [node.type];
  if ((types.includes('integer') || types.includes('number')) && typeof node.maximum !== 'number' && typeof node.exclusiveMaximum !== 'number' && node.const === undefined && node.enum === undefined) {
    out.push(at || '/');
  }
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    if (Array.isArray(node[key])) (node[key] as unknown[]).forEach((child, i) => unbounded(child, `${at}/${key}/${i}`, out));
  }
  if (node.properties && typeof node.properties === 'object') {
    for (const [name, child] of Object.entries(node.properties as Node)) unbounded(child, `${at}/${name}`, out);
  }
  if (node.patternProperties && typeof node.patternProperties === 'object') {
    for (const [name, child] of Object.entries(node.patternProperties as Node)) unbounded(child, `${at}/${name}`, out);
  }
  for (const key of ['items', 'additionalProperties', 'not'] as const) unbounded(node[key], `${at}/${key}`, out);
  return out;
}

const endpointsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'endpoints');

describe('request integers', () => {
  it('all carry a maximum in every request schema of the contract', async () => {
    const offenders: string[] = [];
    let checked = 0;
    for (const file of readdirSync(endpointsDir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      const exports = (await import(`./endpoints/${file}`)) as Record<string, unknown>;
      for (const [name, schema] of Object.entries(exports)) {
        if (!/(Body|Query|Params|Headers)$/.test(name) || !schema || typeof schema !== 'object') continue;
        checked++;
        for (const at of unbounded(schema, '', [])) offenders.push(`${file} ${name}${at}`);
      }
    }
    expect(checked).toBeGreaterThan(30);
    expect(offenders).toEqual([]);
  });
});
