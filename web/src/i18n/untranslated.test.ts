// Every text a person sees goes through the catalog: no JSX text and no user-visible attribute
// (aria-label, title, placeholder, alt, label) is an English literal; they are t('...') calls, which
// i18n.test.ts checks against the German catalog. The sources are parsed with TypeScript's parser.
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const SRC = join(import.meta.dirname, '..');
const VISIBLE_ATTRS = new Set(['aria-label', 'title', 'placeholder', 'alt', 'label', 'aria-description', 'aria-roledescription', 'aria-valuetext']);
/** Calls whose first argument is shown to the user as it is. */
const VISIBLE_CALLS = new Set(['showToast', 'copyText', 'confirm', 'alert', 'prompt']);
/** Not words of any language: brand names, symbols, keys. */
const NEUTRAL = /^(Stoa|Zulip|Jitsi|Zoom|GitHub|GitLab|KaTeX|Markdown|LaTeX|Esc|Enter|Tab|Ctrl|Shift|Alt|Cmd|PgUp|PgDn|Home|End|[A-Z]|@|#|\W+|[\d\W]+|\W*[a-z]{1,2}\W*)$|^(https?:|#\()/;
const SKIP = new Set(['bench.tsx']);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.tsx?$/.test(f) && !/\.test\.ts$|\.d\.ts$/.test(f) && !SKIP.has(f) ? [p] : [];
  });
}

/** The literal texts an attribute's expression can show: itself, either branch of `a ? b : c`, and the
 * fixed parts of a template (`${n} unread`) with the literals inside its substitutions. */
function literals(e: ts.Expression): { node: ts.Node; text: string }[] {
  if (ts.isParenthesizedExpression(e)) return literals(e.expression);
  if (ts.isConditionalExpression(e)) return [...literals(e.whenTrue), ...literals(e.whenFalse)];
  if (ts.isTemplateExpression(e)) {
    return [{ node: e.head, text: e.head.text }, ...e.templateSpans.flatMap((s) => [...literals(s.expression), { node: s.literal, text: s.literal.text }])];
  }
  return ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e) ? [{ node: e, text: e.text }] : [];
}

/** English literals shown to the user in one TSX source: `file:line text`. */
export function untranslated(file: string, code: string): string[] {
  const sf = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const out: string[] = [];
  const report = (n: ts.Node, text: string) => {
    const s = text.replace(/\s+/g, ' ').trim();
    if (/[A-Za-z]/.test(s) && !NEUTRAL.test(s)) out.push(`${relative(SRC, file)}:${sf.getLineAndCharacterOfPosition(n.getStart()).line + 1} ${s}`);
  };
  const visit = (n: ts.Node) => {
    if (ts.isJsxText(n) && !/^\W+$/.test(n.text)) report(n, n.text);
    else if (ts.isJsxAttribute(n) && VISIBLE_ATTRS.has(n.name.getText()) && n.initializer) {
      const init = n.initializer;
      if (ts.isStringLiteral(init)) report(init, init.text);
      else if (ts.isJsxExpression(init) && init.expression) literals(init.expression).forEach((l) => report(l.node, l.text));
    } else if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && VISIBLE_CALLS.has(n.expression.text)) {
      const a = n.arguments[0];
      if (a && (ts.isStringLiteral(a) || ts.isNoSubstitutionTemplateLiteral(a))) report(a, a.text);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

/** English sentences in code (tables, menus, toasts, templates): string literals and template heads
 * that start like prose ("Mute channel", `Leave #${x}?`), outside t(), tn() and N_(). Keys stay. */
export function prose(file: string, code: string): string[] {
  const sf = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const out: string[] = [];
  const visit = (n: ts.Node) => {
    if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && ['t', 'tn', 'N_'].includes(n.expression.text)) return;
    if (ts.isImportDeclaration(n) || ts.isExportDeclaration(n)) return;
    const text = ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n) ? n.text : ts.isTemplateExpression(n) ? n.head.text : undefined;
    const sentence = ts.isTemplateExpression(n) ? /^[A-Z][a-z’']+ / : /^[A-Z][a-z’']+[ ,][A-Za-z]/;
    if (text !== undefined && sentence.test(text) && !/^(Esc|Home|Shift|Ctrl) /.test(text)) {
      out.push(`${relative(SRC, file)}:${sf.getLineAndCharacterOfPosition(n.getStart()).line + 1} ${text}`);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

describe('untranslated texts', () => {
  it('finds a literal in JSX text, attributes and toasts, and passes t() calls', () => {
    const code = `const A = () => <div title="Close it" aria-label={t('Fine')}>Hello {t('World')} <b>Ok</b> {'x'}</div>;\nshowToast('Saved');\n<input placeholder={n ? '' : 'Search'} />\n<b aria-label={\`\${n} unread\`} title={\`\${o ? 'Hide' : 'Show'} topics\`} />\n<i title={\`:\${e}:\`} aria-label={\`\${a}, \${b}\`} />`;
    expect(untranslated(join(SRC, 'x.tsx'), code)).toEqual(['x.tsx:1 Close it', 'x.tsx:1 Hello', 'x.tsx:1 Ok', 'x.tsx:2 Saved', 'x.tsx:3 Search',
      'x.tsx:4 unread', 'x.tsx:4 Hide', 'x.tsx:4 Show', 'x.tsx:4 topics']);
  });

  it('finds English sentences in tables, calls and templates', () => {
    const code = "const A = [{ name: 'Mute channel' }, { name: N_('Pin channel') }];\nf(`Leave #${x}?`, t('Fine here'), 'Esc or Ctrl+[', 'inbox');";
    expect(prose(join(SRC, 'x.ts'), code)).toEqual(['x.ts:1 Mute channel', 'x.ts:2 Leave #']);
  });

  it('leaves no English sentence outside the catalog', () => {
    expect(sources(SRC).flatMap((f) => prose(f, readFileSync(f, 'utf8')))).toEqual([]);
  }, 60_000); // parses every source: slow on a busy machine

  it('leaves none in the interface', () => {
    const found = sources(SRC).flatMap((f) => untranslated(f, readFileSync(f, 'utf8')));
    expect(found).toEqual([]);
  }, 60_000);
});
