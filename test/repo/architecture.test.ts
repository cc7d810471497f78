/**
 * docs/architecture.md is a newcomer's map, so it must match the tree: its "rooms" name every
 * file of src/ once (a file added, moved or deleted without its line fails here), and its path of
 * one create names files that exist, each once, numbered in order.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const page = readFileSync(new URL('../../docs/architecture.md', import.meta.url), 'utf8');

/** The first fenced block after `heading`, as lines. */
function blockAfter(heading: string): string[] {
  const section = page.slice(page.indexOf(`\n${heading}\n`));
  const start = section.indexOf('```\n') + 4;
  return section.slice(start, section.indexOf('\n```', start)).split('\n');
}

/**
 * The files of the src/ tree as the rooms draw it: a name at two spaces per level (a folder ends
 * in `/`), then its description; a line indented past the names continues a description.
 */
function documentedSourceFiles(): string[] {
  const files: string[] = [];
  const folders: string[] = [];
  let inSource = false;
  for (const line of blockAfter('## The rooms')) {
    const match = /^( *)(\S+)/.exec(line);
    if (!match || match[1]!.length > 20) continue;
    const depth = match[1]!.length / 2;
    const name = match[2]!;
    if (depth === 0) inSource = name === 'src/';
    if (!inSource) continue;
    folders.length = depth;
    if (name.endsWith('/')) folders[depth] = name;
    else files.push(folders.join('') + name);
  }
  return files;
}

const sourceFiles = (readdirSync(new URL('../../src/', import.meta.url), { recursive: true }) as string[])
  .map((file) => `src/${file.split('\\').join('/')}`)
  .filter((file) => file.endsWith('.ts'));

describe('docs/architecture.md', () => {
  it('names every file of src/ in its rooms, once, and no file that is not there', () => {
    const documented = documentedSourceFiles();
    expect(documented.filter((file, i) => documented.indexOf(file) !== i)).toEqual([]);
    expect(sourceFiles.filter((file) => !documented.includes(file)).sort()).toEqual([]);
    expect(documented.filter((file) => !sourceFiles.includes(file)).sort()).toEqual([]);
  });

  it('walks the path of one create through files that exist, each once, numbered in order', () => {
    const steps = blockAfter('## The path of one create').flatMap((line) => {
      const step = /^\s*│?\s*(\d+) (src\/\S+)/.exec(line);
      return step ? [{ number: Number(step[1]), file: step[2]! }] : [];
    });
    expect(steps.length).toBeGreaterThan(10);
    expect(steps.map((step) => step.number)).toEqual(steps.map((_, i) => i + 1));
    const files = steps.map((step) => step.file);
    expect(files.filter((file, i) => files.indexOf(file) !== i)).toEqual([]);
    expect(files.filter((file) => !existsSync(new URL(`../../${file}`, import.meta.url)))).toEqual([]);
    expect(files).toContain('src/core/request.ts');
  });
});
