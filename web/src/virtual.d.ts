// Modules that build/emoji-plugin.ts makes at build time.
declare module 'virtual:emoji-catalog' {
  export const CATEGORIES: string[];
  export const ENTRIES: [code: string, names: string[], category: number, tones?: [string, string][]][];
}
declare module 'virtual:emoji-sprites.css';
declare module '*.png' {
  const url: string;
  export default url;
}
