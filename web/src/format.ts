// Markdown formatting for the compose box: what the formatting bar and Ctrl+B / Ctrl+I / Ctrl+Shift+L do
// to the text and the selection (pure, so that it is unit-tested).

export interface Edit { content: string; start: number; end: number }

/**
 * Wraps the selection (or a placeholder, then selected) in Markdown: inline markers for a one-line
 * selection, a fenced block (`block`) for several lines or when `blockOnly`.
 */
export function wrap(text: string, start: number, end: number, kind: Format): Edit {
  const sel = text.slice(start, end);
  const f = FORMATS[kind];
  const multiline = sel.includes('\n');
  const [before, after, placeholder] = f.block && (multiline || !f.inline) ? f.block : f.inline!;
  const inner = sel || placeholder;
  const lead = f.block && (multiline || !f.inline) && start > 0 && text[start - 1] !== '\n' ? '\n' : '';
  const content = text.slice(0, start) + lead + before + inner + after + text.slice(end);
  const at = start + lead.length + before.length;
  if (kind === 'link' && sel) return { content, start: at + inner.length + 2, end: at + inner.length + 5 }; // select "url"
  return { content, start: at, end: at + inner.length };
}

export type Format = 'bold' | 'italic' | 'link' | 'code' | 'quote' | 'math';
export const FORMATS: Record<Format, { label: string; keys?: string; inline?: [string, string, string]; block?: [string, string, string] }> = {
  bold: { label: 'Bold', keys: 'Ctrl+B', inline: ['**', '**', 'bold text'] },
  italic: { label: 'Italic', keys: 'Ctrl+I', inline: ['*', '*', 'italic text'] },
  link: { label: 'Link', keys: 'Ctrl+Shift+L', inline: ['[', '](url)', 'link text'] },
  code: { label: 'Code', inline: ['`', '`', 'code'], block: ['```\n', '\n```\n', 'code'] },
  quote: { label: 'Quote', block: ['```quote\n', '\n```\n', 'quoted text'] },
  math: { label: 'Math (LaTeX)', inline: ['$$', '$$', 'e^{i\\pi} + 1 = 0'], block: ['```math\n', '\n```\n', 'e^{i\\pi} + 1 = 0'] },
};

/** Zulip's compose shortcuts: Ctrl+B, Ctrl+I, Ctrl+Shift+L. */
export function formatForKey(e: KeyboardEvent): Format | null {
  if (!(e.ctrlKey || e.metaKey) || e.altKey) return null;
  const k = e.key.toLowerCase();
  if (k === 'b' && !e.shiftKey) return 'bold';
  if (k === 'i' && !e.shiftKey) return 'italic';
  if (k === 'l' && e.shiftKey) return 'link';
  return null;
}

